import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished, vi } from "vitest";
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

/** A cache closed after the test. */
function cacheOf(...args: Parameters<typeof createRecordCache>) {
  const cache = createRecordCache(...args);
  onTestFinished(() => cache.close());
  return cache;
}

describe("createRecordCache", () => {
  it("answers a read again from its file, as it was, and another tenant's analysis as absent", async () => {
    const cache = cacheOf(1_000_000);
    const { calls, load } = countingLoad("x");
    const first = await cache.read({ tenantId: "t1", analysisId: "a" }, load);
    expect(await cache.read({ tenantId: "t1", analysisId: "a" }, load)).toEqual(first);
    expect(await cache.read({ tenantId: "t2", analysisId: "a" }, load)).toBeNull();
    expect(calls).toEqual(["a"]);
  });

  it("makes its file in the folder it is given, removed at once, and closes it", async () => {
    const folder = mkdtempSync(join(tmpdir(), "linklens-record-cache-test-"));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const cache = createRecordCache(1_000_000, { directory: folder });
    const { calls, load } = countingLoad("kept in a removed file");
    await cache.read({ tenantId: "t", analysisId: "a" }, load);
    expect(readdirSync(folder)).toEqual([]);
    expect((await cache.read({ tenantId: "t", analysisId: "a" }, load))?.record.analysis.text).toBe(
      "kept in a removed file",
    );
    expect(calls).toEqual(["a"]);
    cache.close();
    cache.close();
    // closed: every read goes to the database, and none is kept
    await cache.read({ tenantId: "t", analysisId: "a" }, load);
    expect(calls).toEqual(["a", "a"]);
    expect(cache.size()).toBe(0);
  });

  it("gives back every character and key of what it kept, `__proto__` and lone surrogates included", async () => {
    const cache = cacheOf(1_000_000);
    const kept: ReadAnalysis = {
      record: {
        ...analysis("a", "caf\u00e9 \ud83d\ude00 \ud800 end").record,
        jsonContent: JSON.parse('{"__proto__":{"x":1},"n":0.1,"big":1e300}'),
        metadata: { topic: "trams", rank: 2, draft: false, note: null },
      },
      responseSchema: { type: "object" },
    };
    await cache.read({ tenantId: "t", analysisId: "a" }, async () => kept);
    const again = await cache.read({ tenantId: "t", analysisId: "a" }, async () => {
      throw new Error("read from the database again");
    });
    expect(again).toEqual(kept);
    expect(Object.hasOwn(again?.record.jsonContent ?? {}, "__proto__")).toBe(true);
    expect(JSON.stringify(again)).toBe(JSON.stringify(kept));
  });

  it("keeps at most maxBytes of JSON: past that, reads go to the database", async () => {
    // each analysis is a little over 10,000 characters of JSON: two fit in 25,000, not three
    const cache = cacheOf(25_000);
    const { calls, load } = countingLoad("w".repeat(10_000));
    for (const id of ["a", "b", "c", "a", "b", "c"])
      await cache.read({ tenantId: "t", analysisId: id }, load);
    expect(calls).toEqual(["a", "b", "c", "c"]);
    expect(cache.size()).toBe(2);
  });

  it("does not keep a read that a write ended during, nor an absent analysis", async () => {
    const cache = cacheOf(1_000_000);
    const { calls, load, answerWith } = countingLoad("x");
    let finish: (() => void) | undefined;
    answerWith(async (id) => {
      await new Promise<void>((resolve) => (finish = resolve));
      return analysis(id, "before the write");
    });
    const reading = cache.read({ tenantId: "t", analysisId: "a" }, load);
    await vi.waitFor(() => expect(finish).toBeDefined());
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

  it("reads a record written again from the database, then keeps the new one", async () => {
    const cache = cacheOf(1_000_000);
    const { calls, load, answerWith } = countingLoad("first");
    await cache.read({ tenantId: "t", analysisId: "a" }, load);
    cache.invalidate([{ tenantId: "t", analysisId: "a" }]);
    answerWith(async (id) => analysis(id, "second"));
    expect((await cache.read({ tenantId: "t", analysisId: "a" }, load))?.record.analysis.text).toBe("second");
    expect((await cache.read({ tenantId: "t", analysisId: "a" }, load))?.record.analysis.text).toBe("second");
    expect(calls).toEqual(["a", "a"]);
  });

  it("starts its file again once the dropped records outweigh the live ones", async () => {
    const cache = cacheOf(1_000_000, { minWasteToRestart: 30_000 });
    const { calls, load } = countingLoad("w".repeat(10_000));
    for (const id of ["a", "b", "c", "d", "e"]) await cache.read({ tenantId: "t", analysisId: id }, load);
    cache.invalidate([
      { tenantId: "t", analysisId: "a" },
      { tenantId: "t", analysisId: "b" },
    ]);
    // 20,000 dropped against 30,000 live: kept
    expect(cache.size()).toBe(3);
    cache.invalidate([
      { tenantId: "t", analysisId: "c" },
      { tenantId: "t", analysisId: "d" },
    ]);
    // 40,000 dropped against 10,000 live, over the 30,000 allowed: the file starts again
    expect(cache.size()).toBe(0);
    calls.length = 0;
    for (const id of ["e", "e", "a"]) await cache.read({ tenantId: "t", analysisId: id }, load);
    expect(calls).toEqual(["e", "a"]);
    expect(cache.size()).toBe(2);
  });

  it("fills from a bulk read until full, and not after a write ended meanwhile", async () => {
    // each analysis is a little over 10,000 characters of JSON: two fit in 25,000, not three
    const cache = cacheOf(25_000);
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

    const fresh = cacheOf(1_000_000);
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
