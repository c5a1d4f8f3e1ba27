import { describe, expect, it } from "vitest";
import type { ReadAnalysis } from "../../server/store/analysis-rows";
import { createRecordCache } from "../../server/store/record-cache";

const analysis = (analysisId: string, text: string): ReadAnalysis => ({
  record: {
    analysisId,
    createdAt: "2026-11-22T09:30:00.000Z",
    updatedAt: "2026-11-22T09:30:00.000Z",
    analysis: { url: "https://example.com/", id: "page", title: "", text },
  },
  responseSchema: null,
});

/** A load that counts its calls and answers an analysis of `text`, or what `answer` says. */
function countingLoad(text: string) {
  const calls: string[] = [];
  let answer: ((id: string) => Promise<ReadAnalysis | null>) | undefined;
  const load = ({ analysisId }: { analysisId: string }) => {
    calls.push(analysisId);
    return answer ? answer(analysisId) : Promise.resolve(analysis(analysisId, text));
  };
  return { calls, load, answerWith: (next: typeof answer) => (answer = next) };
}

describe("createRecordCache", () => {
  it("answers a read again from memory, per tenant", async () => {
    const cache = createRecordCache(1_000_000);
    const { calls, load } = countingLoad("x");
    const first = await cache.read({ tenantId: "t1", analysisId: "a" }, load);
    expect(await cache.read({ tenantId: "t1", analysisId: "a" }, load)).toBe(first);
    await cache.read({ tenantId: "t2", analysisId: "a" }, load);
    expect(calls).toEqual(["a", "a"]);
  });

  it("keeps at most maxBytes of JSON, dropping the least recently used", async () => {
    // each analysis is a little over 10,000 characters of JSON: two fit in 25,000, not three
    const cache = createRecordCache(25_000);
    const { calls, load } = countingLoad("w".repeat(10_000));
    for (const id of ["a", "b", "a", "c", "a", "b"])
      await cache.read({ tenantId: "t", analysisId: id }, load);
    // "b" went when "c" came (after "a" was used again), then "c" when "b" came back
    expect(calls).toEqual(["a", "b", "c", "b"]);
    expect(JSON.stringify(analysis("a", "w".repeat(10_000))).length).toBeGreaterThan(10_000);
  });

  it("does not keep a read that a write ended during, nor an absent analysis", async () => {
    const cache = createRecordCache(1_000_000);
    const { calls, load, answerWith } = countingLoad("x");
    let finish: (() => void) | undefined;
    answerWith(async (id) => {
      await new Promise<void>((resolve) => (finish = resolve));
      return analysis(id, "before the write");
    });
    const reading = cache.read({ tenantId: "t", analysisId: "a" }, load);
    await new Promise((resolve) => setImmediate(resolve));
    cache.invalidate([{ tenantId: "t", analysisId: "a" }]);
    finish?.();
    expect((await reading)?.record.analysis.text).toBe("before the write");

    answerWith(async () => null);
    expect(await cache.read({ tenantId: "t", analysisId: "a" }, load)).toBeNull();
    answerWith(undefined);
    expect((await cache.read({ tenantId: "t", analysisId: "a" }, load))?.record.analysis.text).toBe("x");
    expect(await cache.read({ tenantId: "t", analysisId: "a" }, load)).not.toBeNull();
    expect(calls).toEqual(["a", "a", "a"]);
  });

  it("fills from a bulk read without pushing anything out, and not after a write ended meanwhile", async () => {
    // each analysis is a little over 10,000 characters of JSON: two fit in 25,000, not three
    const cache = createRecordCache(25_000);
    const { calls, load } = countingLoad("w".repeat(10_000));
    const entry = (id: string): [{ tenantId: string; analysisId: string }, ReadAnalysis] => [
      { tenantId: "t", analysisId: id },
      analysis(id, "w".repeat(10_000)),
    ];
    const before = cache.writeCount();
    expect(cache.fill([entry("a"), entry("b"), entry("c")], before)).toBe(false); // full after two
    for (const id of ["a", "b"]) await cache.read({ tenantId: "t", analysisId: id }, load);
    expect(calls).toEqual([]);
    await cache.read({ tenantId: "t", analysisId: "c" }, load);
    expect(calls).toEqual(["c"]);

    const fresh = createRecordCache(1_000_000);
    const writesBefore = fresh.writeCount();
    fresh.invalidate([{ tenantId: "t", analysisId: "a" }]);
    expect(fresh.fill([entry("a")], writesBefore)).toBe(false);
    const { calls: freshCalls, load: freshLoad } = countingLoad("after the write");
    expect((await fresh.read({ tenantId: "t", analysisId: "a" }, freshLoad))?.record.analysis.text).toBe(
      "after the write",
    );
    expect(freshCalls).toEqual(["a"]);
  });
});
