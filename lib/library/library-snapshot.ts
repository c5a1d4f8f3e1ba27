/**
 * The library's entries, kept up to date by reading only what changed. Every write of a cached row sets
 * its `cachedAt` (an index), so the (cachedAt, analysisId) pairs, read from the index alone without the
 * rows, tell which rows are new, changed or gone; only those rows are read again. Re-reading 10,000 rows
 * with their page texts takes about a second; the pairs take a few milliseconds.
 */
import type { LinklensDatabase } from "../db/database";
import { compareEntries, type LibraryEntry, toLibraryEntry } from "./library-entry";

export interface LibrarySnapshot {
  /** Every cached analysis as an entry, newest first. Inside a live query, it follows every change. */
  read(): Promise<LibraryEntry[]>;
}

export function createLibrarySnapshot(db: LinklensDatabase): LibrarySnapshot {
  const known = new Map<string, { cachedAt: number; entry: LibraryEntry }>();

  async function read(): Promise<LibraryEntry[]> {
    const { stamps, ids } = await db.transaction("r", db.analyses, async () => {
      const byCachedAt = db.analyses.orderBy("cachedAt");
      // Both in index order (cachedAt, then id), so they pair up one to one.
      return { stamps: await byCachedAt.keys(), ids: await byCachedAt.primaryKeys() };
    });
    const current = new Map<string, number>();
    for (const [index, id] of ids.entries()) current.set(id, stamps[index] as number);

    for (const id of known.keys()) if (!current.has(id)) known.delete(id);
    const stale = [...current].filter(([id, cachedAt]) => known.get(id)?.cachedAt !== cachedAt);
    if (stale.length > 0) {
      const rows = await db.analyses.bulkGet(stale.map(([id]) => id));
      for (const row of rows) {
        if (row) known.set(row.analysisId, { cachedAt: row.cachedAt, entry: toLibraryEntry(row) });
      }
    }
    return [...known.values()].map(({ entry }) => entry).sort(compareEntries);
  }

  return { read };
}
