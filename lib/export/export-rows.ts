/** What an export holds, read from the cache (pages may read Dexie; only the worker writes it). */
import type { LinklensDatabase } from "../db/database";
import { recordsByIds } from "../db/records";
import type { CachedAnalysis, UsageRow, WatchRow } from "../db/schema";

export interface ExportData {
  rows: CachedAnalysis[];
  /** Every usage row and every watch, for a full export; absent for a selection. */
  usage?: UsageRow[];
  watches?: WatchRow[];
}

/**
 * The selected analyses in the given order, or, without ids, every cached analysis (newest first), all
 * usage and every watch.
 */
export async function readExportData(
  db: LinklensDatabase,
  analysisIds?: readonly string[],
): Promise<ExportData> {
  if (analysisIds) return { rows: await recordsByIds(db, analysisIds) };
  return db.transaction("r", db.analyses, db.usage, db.watches, async () => ({
    // Not `orderBy("updatedAt")`: that index leaves out partial rows that have no `updatedAt`.
    rows: newestFirst(await db.analyses.toArray()),
    usage: await db.usage.orderBy("createdAt").toArray(),
    watches: await db.watches.orderBy("createdAt").toArray(),
  }));
}

function newestFirst(rows: CachedAnalysis[]): CachedAnalysis[] {
  const time = (row: CachedAnalysis) => {
    const parsed = row.updatedAt ? Date.parse(row.updatedAt) : Number.NaN;
    return Number.isFinite(parsed) ? parsed : Number.NEGATIVE_INFINITY;
  };
  return rows.sort((a, b) => time(b) - time(a));
}
