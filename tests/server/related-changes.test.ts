/**
 * The log of analyses written (server/related/related-changes.ts): what a reader reads of it, and what
 * pruning keeps; and related search (related-search.ts) when its index outgrows its budget. The log's part
 * in related search, across processes, is in related-search.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticAnalyses } from "../../bench/synthetic-analyses";
import { type Changes, createRelatedChanges } from "../../server/related/related-changes";
import { relatedAnalysisIds } from "../../server/related/related-query";
import { createRelatedSearch } from "../../server/related/related-search";
import { queryRows } from "../../server/store/database";
import { openStore } from "../../server/store/open-store";
import type { Store } from "../../server/store/types";

describe("the log of analyses written", () => {
  let store: Store;
  let tenantId: string;
  beforeAll(async () => {
    store = await openStore();
    tenantId = (await store.ensureKey("key_related_changes", 1_000_000)).id;
  });
  afterAll(async () => {
    await store?.close();
  });

  const save = (count: number, from: number) =>
    store.saveAnalyses(
      syntheticAnalyses(tenantId, from + count)
        .slice(from)
        .map((record) => ({ ...record, analysisId: `ana_log_${from}_${record.analysisId}` })),
      {
        usageId: `use_log_${from}`,
        tenantId,
        costCredits: 0,
        links: count,
        createdAt: "2026-11-27T06:00:00.000Z",
      },
    );
  const readAll = async (changes: ReturnType<typeof createRelatedChanges>) => {
    const read: Changes[] = [];
    await changes.read((page) => read.push(page));
    return read;
  };

  it("reads each write once, with its search row, a page at a time past 1,000", async () => {
    const changes = createRelatedChanges(store.db);
    await changes.start();
    await save(1_200, 0);
    const pages = await readAll(changes);
    expect(pages.map((page) => page.analysisIds.length)).toEqual([1_000, 200]);
    expect(pages.flatMap((page) => page.rows).every((row) => row.tenantId === tenantId)).toBe(true);
    expect(await readAll(changes)).toEqual([{ analysisIds: [], rows: [] }]);
  });

  it("prunes rows ten minutes old and keeps the newer ones", async () => {
    await save(3, 5_000);
    await store.db.execute(
      sql`UPDATE related_changes SET changed_at = now() - interval '11 minutes'
        WHERE seq < (SELECT max(seq) FROM related_changes)`,
    );
    await createRelatedChanges(store.db).prune();
    const [left] = await queryRows<{ rows: number }>(
      store.db,
      sql`SELECT count(*)::int AS "rows" FROM related_changes`,
    );
    expect(left?.rows).toBe(1);
  });
});

describe("related search past its index's budget", () => {
  it("builds no index and leaves every search to the database, which still answers", async () => {
    const store = await openStore();
    try {
      const { id: tenantId } = await store.ensureKey("key_related_budget", 1_000_000);
      const records = syntheticAnalyses(tenantId, 40);
      await store.saveAnalyses(records, {
        usageId: "use_budget",
        tenantId,
        costCredits: 0,
        links: records.length,
        createdAt: "2026-11-27T06:00:00.000Z",
      });
      const search = { tenantId, analysisId: records[0]?.analysisId as string, offset: 0, limit: 10 };
      const small = createRelatedSearch(store.db, { onlyWriter: true, maxBytes: 1024 });
      const roomy = createRelatedSearch(store.db, { onlyWriter: true });
      try {
        expect(await small.warmUp()).toBe(0);
        expect(await roomy.warmUp()).toBe(records.length);
        const expected = await relatedAnalysisIds(store.db, search);
        expect(expected?.length).toBeGreaterThan(0);
        expect(await small.search(search)).toEqual(expected);
        expect(await roomy.search(search)).toEqual(expected);
      } finally {
        small.stop();
        roomy.stop();
      }
    } finally {
      await store.close();
    }
  });
});
