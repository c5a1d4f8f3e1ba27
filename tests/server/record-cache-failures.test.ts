/**
 * The record cache's file failing under it (a full disk, an I/O error): reads still answer, from the
 * database. The file system's calls are made to fail here; the cache's own behaviour is real.
 */
import type * as fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import type { ReadAnalysis } from "../../server/store/analysis-rows";
import { createRecordCache } from "../../server/store/record-cache";

const failing = vi.hoisted(() => ({ write: false, read: false }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const fail = (call: string) => Object.assign(new Error(`${call} failed`), { code: "EIO" });
  return {
    ...real,
    writeSync: (...args: Parameters<typeof real.writeSync>) => {
      if (failing.write) throw fail("write");
      return real.writeSync(...args);
    },
    readSync: (...args: Parameters<typeof real.readSync>) => {
      if (failing.read) throw fail("read");
      return real.readSync(...args);
    },
  };
});

const analysis = (analysisId: string): ReadAnalysis => ({
  record: {
    analysisId,
    createdAt: "2026-11-22T09:30:00.000Z",
    updatedAt: "2026-11-22T09:30:00.000Z",
    analysis: { url: "https://example.com/", id: "page", title: "", text: "from the database" },
  },
  responseSchema: null,
});

describe("createRecordCache when its file fails", () => {
  it("answers every read from the database, and keeps what it can once the file works again", async () => {
    const cache = createRecordCache(1_000_000);
    try {
      const calls: string[] = [];
      const load = async ({ analysisId }: { analysisId: string }) => {
        calls.push(analysisId);
        return analysis(analysisId);
      };
      failing.write = true;
      expect((await cache.read({ tenantId: "t", analysisId: "a" }, load))?.record.analysis.text).toBe(
        "from the database",
      );
      expect(cache.size()).toBe(0);
      failing.write = false;
      await cache.read({ tenantId: "t", analysisId: "a" }, load);
      expect(cache.size()).toBe(1);

      failing.read = true;
      expect(await cache.read({ tenantId: "t", analysisId: "a" }, load)).toEqual(analysis("a"));
      failing.read = false;
      expect(calls).toEqual(["a", "a", "a"]);
    } finally {
      failing.write = false;
      failing.read = false;
      cache.close();
    }
  });
});
