import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { AnalysisRecord } from "../../lib/api/contract";
import { createDatabase, type LinklensDatabase } from "../../lib/db/database";
import { cacheRecords, recordsByIds, recordsForPage } from "../../lib/db/records";
import { freshDatabaseEachTest, newDatabaseName } from "./helpers/fresh-database";
import { shippedDatabase } from "./helpers/shipped-database";

let db: LinklensDatabase;
freshDatabaseEachTest("db", (fresh) => {
  db = fresh;
});

function record(overrides: Partial<AnalysisRecord> = {}): AnalysisRecord {
  return {
    analysisId: "ana_1",
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-01T10:00:00.000Z",
    analysis: { url: "https://www.Example.com/a#top", id: "page-a", title: "A page" },
    textContent: "first text",
    jsonContent: { summary: "first" },
    metadata: { project: "alpha" },
    ...overrides,
  };
}

describe("cacheRecords", () => {
  it("stores a record with its local fields: normalized page URL, page id, host, time", async () => {
    await cacheRecords(db, [record()], { now: 1_000 });
    const row = await db.analyses.get("ana_1");
    expect(row).toMatchObject({
      analysisId: "ana_1",
      textContent: "first text",
      pageUrl: "https://www.example.com/a",
      pageId: "page-a",
      host: "example.com",
      cachedAt: 1_000,
    });
    expect(row?.partial).toBeUndefined();
    expect(row?.pending).toBeUndefined();
  });

  it("replaces a record with a newer one and never with an older one", async () => {
    await cacheRecords(db, [record({ updatedAt: "2026-01-01T12:00:00.000Z", textContent: "noon" })]);
    await cacheRecords(db, [record({ updatedAt: "2026-01-01T11:00:00.000Z", textContent: "eleven" })]);
    expect((await db.analyses.get("ana_1"))?.textContent).toBe("noon");
    await cacheRecords(db, [record({ updatedAt: "2026-01-01T13:00:00.000Z", textContent: "one" })]);
    expect((await db.analyses.get("ana_1"))?.textContent).toBe("one");
  });

  it("lets a full record drop a field the service no longer has", async () => {
    await cacheRecords(db, [record()]);
    const { jsonContent: _dropped, ...withoutJson } = record({ updatedAt: "2026-01-02T10:00:00.000Z" });
    await cacheRecords(db, [withoutJson]);
    expect((await db.analyses.get("ana_1"))?.jsonContent).toBeUndefined();
  });

  it("never lets a partial record erase the fields a full cached record has", async () => {
    await cacheRecords(db, [record()]);
    await cacheRecords(
      db,
      [{ analysisId: "ana_1", updatedAt: "2026-01-02T10:00:00.000Z", metadata: { project: "beta" } }],
      { partial: true },
    );
    const row = await db.analyses.get("ana_1");
    expect(row).toMatchObject({
      textContent: "first text",
      jsonContent: { summary: "first" },
      metadata: { project: "beta" },
      updatedAt: "2026-01-02T10:00:00.000Z",
      pageUrl: "https://www.example.com/a",
    });
    expect(row?.partial).toBeUndefined();
  });

  it("marks a record known only from selected fields as partial, until a full one arrives", async () => {
    await cacheRecords(db, [{ analysisId: "ana_2", textContent: "only this" }], { partial: true });
    const partial = await db.analyses.get("ana_2");
    expect(partial).toMatchObject({
      analysisId: "ana_2",
      textContent: "only this",
      partial: true,
      pageUrl: "",
    });

    await cacheRecords(db, [record({ analysisId: "ana_2" })]);
    const full = await db.analyses.get("ana_2");
    expect(full?.partial).toBeUndefined();
    expect(full?.textContent).toBe("first text");
  });

  it("keeps a pending edit: its mark and its edited fields survive a record from the service", async () => {
    await cacheRecords(db, [record()]);
    await db.analyses.update("ana_1", { pending: true, textContent: "my local edit" });
    await cacheRecords(db, [
      record({
        updatedAt: "2026-01-03T10:00:00.000Z",
        textContent: "server text",
        analysis: { title: "New" },
      }),
    ]);
    const row = await db.analyses.get("ana_1");
    expect(row).toMatchObject({
      pending: true,
      textContent: "my local edit",
      updatedAt: "2026-01-03T10:00:00.000Z",
      analysis: { title: "New" },
    });
  });

  it("applies records of one batch in order", async () => {
    await cacheRecords(db, [
      record({ updatedAt: "2026-01-01T12:00:00.000Z", textContent: "later" }),
      record({ updatedAt: "2026-01-01T11:00:00.000Z", textContent: "earlier" }),
    ]);
    expect((await db.analyses.get("ana_1"))?.textContent).toBe("later");
  });
});

describe("recordsForPage and recordsByIds", () => {
  it("finds a page's records by normalized URL, newest first", async () => {
    await cacheRecords(db, [
      record({ analysisId: "ana_old", updatedAt: "2026-01-01T09:00:00.000Z" }),
      record({ analysisId: "ana_new", updatedAt: "2026-01-05T09:00:00.000Z" }),
      record({ analysisId: "ana_mid", updatedAt: "2026-01-03T09:00:00.000Z" }),
      record({ analysisId: "ana_other", analysis: { url: "https://example.com/b" } }),
    ]);
    const rows = await recordsForPage(db, "https://WWW.example.com:443/a#section");
    expect(rows.map((row) => row.analysisId)).toEqual(["ana_new", "ana_mid", "ana_old"]);
    expect(await recordsForPage(db, "not a url")).toEqual([]);
  });

  it("reads records by id in the order asked, leaving out unknown ids", async () => {
    await cacheRecords(db, [record({ analysisId: "ana_a" }), record({ analysisId: "ana_b" })]);
    const rows = await recordsByIds(db, ["ana_b", "ana_missing", "ana_a"]);
    expect(rows.map((row) => row.analysisId)).toEqual(["ana_b", "ana_a"]);
  });
});

describe("schema versions", () => {
  it("opens a database of version 1 as the current version: the rows stay, the deleted and watch tables are there", async () => {
    const name = newDatabaseName("db-upgrade");
    const v1 = shippedDatabase(name, 1);
    await v1.table("usage").add({ usageId: "use_1", costCredits: 2, links: [], createdAt: 1 });
    v1.close();

    const upgraded = createDatabase(name);
    try {
      expect(await upgraded.usage.get("use_1")).toMatchObject({ costCredits: 2 });
      expect(upgraded.backendDB().version).toBe(50);
      expect(await upgraded.removed.count()).toBe(0);
      expect(await upgraded.watches.count()).toBe(0);
      expect(await upgraded.watchRuns.where("watchId").equals("watch_1").count()).toBe(0);
      await upgraded.deleted.put({ token: "t", rows: [], expiresAt: 5 });
      expect(await upgraded.deleted.where("expiresAt").belowOrEqual(5).count()).toBe(1);
    } finally {
      await upgraded.delete();
    }
  });
});
