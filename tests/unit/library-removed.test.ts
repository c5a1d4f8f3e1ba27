/**
 * Removing analyses from the library keeps them removed: the worker's delete marks them, and no later
 * refresh, listing, import or outbox write caches them again; undo, or a new analysis the user asked
 * for (`revive`), does. Also what the cache keeps of the job that made a record (`origin`).
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createLibrary } from "../../entrypoints/background/library";
import type { LinklensDatabase } from "../../lib/db/database";
import { rewriteEveryEntry } from "../../lib/db/library-index";
import { cacheRecords } from "../../lib/db/records";
import type { CachedAnalysis, LibraryEntryRow } from "../../lib/db/schema";
import { buildExportDocument } from "../../lib/export/export-json";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { workerRecord } from "./library-fixtures";

let db: LinklensDatabase;
freshDatabaseEachTest("removed", (fresh) => {
  db = fresh;
});
const NOW = Date.parse("2026-11-23T10:00:00.000Z");

const later = (analysisId: string) => ({
  ...workerRecord(analysisId, "2026-11-24T10:00:00.000Z"),
  textContent: "later",
});
const library = () => createLibrary({ db, now: () => NOW });
const ids = async () => (await db.analyses.toCollection().primaryKeys()).sort();
const entryIds = async () => (await db.libraryEntries.toCollection().primaryKeys()).sort();

beforeEach(async () => {
  fakeBrowser.reset();
  await cacheRecords(db, [workerRecord("ana_1"), workerRecord("ana_2")], { now: 500 });
});

describe("a removed analysis stays removed", () => {
  it("a later refresh or listing (whole or partial) does not cache it again, nor list it", async () => {
    const { deleted } = await library().delete(["ana_1"]);
    expect(deleted).toBe(1);
    await cacheRecords(db, [later("ana_1")]);
    await cacheRecords(db, [{ analysisId: "ana_1", metadata: { a: 1 } }], { partial: true });
    expect(await ids()).toEqual(["ana_2"]);
    expect(await entryIds()).toEqual(["ana_2"]);
    // Others in the same write are cached as usual.
    await cacheRecords(db, [later("ana_1"), later("ana_2")]);
    expect((await db.analyses.get("ana_2"))?.textContent).toBe("later");
    expect(await ids()).toEqual(["ana_2"]);
  });

  it("an import skips it and counts it as skipped", async () => {
    const rows = [workerRecord("ana_1"), workerRecord("ana_3")].map(
      (row) => ({ ...row, pageUrl: "", pageId: "", host: "", cachedAt: 1 }) as CachedAnalysis,
    );
    await library().delete(["ana_1"]);
    const summary = await library().importDocument(buildExportDocument(rows));
    expect(summary).toMatchObject({ added: 1, skipped: 1 });
    expect(await ids()).toEqual(["ana_2", "ana_3"]);
  });

  it("undo puts it back and forgets the removal: a refresh then caches it", async () => {
    const { undoToken } = await library().delete(["ana_1"]);
    expect(await library().restore(undoToken as string)).toEqual({ restored: 1, skipped: 0 });
    expect(await db.removed.count()).toBe(0);
    await cacheRecords(db, [later("ana_1")]);
    expect((await db.analyses.get("ana_1"))?.textContent).toBe("later");
  });

  it("a new analysis the user asked for (revive) caches it again", async () => {
    await library().delete(["ana_1"]);
    await cacheRecords(db, [later("ana_1")], { revive: true });
    expect((await db.analyses.get("ana_1"))?.textContent).toBe("later");
    expect(await db.removed.count()).toBe(0);
    expect(await entryIds()).toEqual(["ana_1", "ana_2"]);
  });
});

describe("origin: what the job that made a record knew", () => {
  it("is stored with the record, listed in its entry, and kept by later writes that do not know it", async () => {
    const origin = { jobId: "job_1", prompt: "Summarize.\nBriefly.", presetName: "Brief", costCredits: 2 };
    await cacheRecords(db, [workerRecord("ana_3")], { origin: () => origin });
    await cacheRecords(db, [later("ana_3")]);
    await cacheRecords(db, [{ analysisId: "ana_3", metadata: { a: 1 } }], { partial: true });
    expect((await db.analyses.get("ana_3"))?.origin).toEqual(origin);
    expect(await db.libraryEntries.get("ana_3")).toMatchObject({
      prompt: "Summarize. Briefly.",
      presetName: "Brief",
      costCredits: 2,
      firstLine: "later",
    });
    // An export carries it as a local field beside the record (as `cachedAt`), so that an import in
    // another profile keeps a thread's questions and its total credits.
    const [exported] = buildExportDocument([(await db.analyses.get("ana_3")) as CachedAnalysis]).analyses;
    expect(exported).toMatchObject({ analysisId: "ana_3", origin });
  });
});

describe("the upgrade that adds the rows' new fields", () => {
  it("writes every entry again with them, keeping its number, the search index, and a new count of writes", async () => {
    await cacheRecords(db, [workerRecord("ana_3")], {
      origin: () => ({ jobId: "j", prompt: "Why?", costCredits: 1 }),
    });
    const before = (await db.libraryEntries.get("ana_3")) as LibraryEntryRow;
    // As an entry written before these fields existed.
    const { firstLine: _f, prompt: _p, costCredits: _c, ...old } = before;
    await db.libraryEntries.put(old);
    const blocks = await db.searchBlocks.count();
    const seq = (await db.libraryMeta.get("seq"))?.value as number;

    await db.transaction("rw", [db.analyses, db.libraryEntries, db.libraryMeta], (tx) =>
      rewriteEveryEntry(tx),
    );
    expect(await db.libraryEntries.get("ana_3")).toEqual({ ...before, seq: seq + 1 });
    expect((await db.libraryEntries.get("ana_1"))?.docNo).toBe(0);
    expect(await db.searchBlocks.count()).toBe(blocks);
  });
});
