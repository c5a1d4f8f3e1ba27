/**
 * PGlite has no autovacuum (server/store/pglite-statistics.ts): a store that started empty gathers its
 * tables' statistics again as analyses are written, on Postgres's autovacuum rule (50 plus a tenth of the
 * rows), so its statements are planned for the tables they now read and not for the empty ones.
 */
import { sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { queryRows } from "../../server/store/database";
import { hashApiKey } from "../../server/store/key-hash";
import { openStore } from "../../server/store/open-store";
import type { Store, StoredAnalysis } from "../../server/store/types";

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
});

let sequence = 0;

async function writeAnalyses(open: Store, tenantId: string, count: number): Promise<void> {
  const records: StoredAnalysis[] = Array.from({ length: count }, () => {
    const n = ++sequence;
    return {
      tenantId,
      analysisId: `ana_stats_${String(n).padStart(5, "0")}`,
      createdAt: "2026-11-29T08:00:00.000Z",
      updatedAt: "2026-11-29T08:00:00.000Z",
      analysis: {
        url: `https://example.com/${n}`,
        id: `page_${n}`,
        title: `Page ${n}`,
        text: `The tram line opened on day ${n}.`,
        score: 0.5,
      },
      textContent: `Summary of page ${n}.`,
    };
  });
  await open.saveAnalyses(records, {
    usageId: `use_stats_${sequence}`,
    tenantId,
    costCredits: count,
    links: count,
    createdAt: "2026-11-29T08:00:00.000Z",
  });
}

/** The rows the planner believes `table` holds; -1 before it was ever analyzed. */
async function plannedRows(open: Store, table: string): Promise<number> {
  const [row] = await queryRows<{ rows: number }>(
    open.db,
    sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = ${table}::regclass`,
  );
  return row?.rows ?? Number.NaN;
}

it("analyzes a store that started empty again once 50 plus a tenth of its analyses were written", async () => {
  const open = await openStore();
  store = open;
  const tenant = await open.ensureKey(hashApiKey("lk_statistics"), 10_000);
  expect(await plannedRows(open, "analyses")).toBeLessThanOrEqual(0);

  await writeAnalyses(open, tenant.id, 40); // 40 written: under 50
  await writeAnalyses(open, tenant.id, 40); // 80: analyzed
  await vi.waitFor(async () => expect(await plannedRows(open, "analyses")).toBe(80));
  // the tables the related search's triggers write are analyzed with it
  expect(await plannedRows(open, "related_documents")).toBe(80);

  await writeAnalyses(open, tenant.id, 50); // 50 since: under 50 + 8
  expect(await plannedRows(open, "analyses")).toBe(80);
  await writeAnalyses(open, tenant.id, 10); // 60 since
  await vi.waitFor(async () => expect(await plannedRows(open, "analyses")).toBe(140));
});
