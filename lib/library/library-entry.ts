/**
 * What the library keeps in memory per cached analysis: the few fields a row shows and the fields the
 * filters test. The worker stores it beside each cached analysis (the `libraryEntries` table, written
 * with the row: lib/db/library-index.ts), so the side panel reads 100,000 of them without reading the
 * records (page texts up to 100,000 characters); the detail view reads the full record when it opens.
 * Search does not look at entries but at the search index (search-index.ts). An entry is made from its
 * cached analysis by record-entry.ts.
 */

type LibraryMetadata = Record<string, string | number | boolean | null>;

export interface LibraryEntry {
  analysisId: string;
  /** The analysis's number in the search index (search-block.ts); -1 when it is not indexed. */
  docNo: number;
  title: string;
  url: string;
  host: string;
  /** Analyses of the same page share it: the normalized URL, else the service's page id, else the analysis id. */
  pageKey: string;
  favicon?: string;
  /** Epoch ms of the last change: `updatedAt`, else `createdAt`, else when it was cached. */
  time: number;
  hasJson: boolean;
  metadata: LibraryMetadata;
  /** Only the fields a `selectFields` listing returned are cached. */
  partial: boolean;
  /** An edit waits in the outbox. */
  pending: boolean;
  /** An edit made here was accepted by the service. Absent on entries written before it existed. */
  edited?: boolean;
  /** The result's first line (textContent, else the JSON's first value), cut short; "" without one. */
  firstLine?: string;
  /** The prompt of the job that made it, on one line, cut short; absent when not made here. */
  prompt?: string;
  /** The preset that job ran, when known. */
  presetName?: string;
  /** The credits it cost, when known (1, or 2 with JSON, per analyzed link). */
  costCredits?: number;
  /** Set on the one row a thread shows as (thread-entries.ts), never stored. */
  thread?: LibraryThread;
}

/** What a thread's row stands for: its turns, oldest first. */
export interface LibraryThread {
  turnIds: string[];
}

/** Newest (last changed) first; ties by id, so the order is stable. */
export function compareEntries(a: LibraryEntry, b: LibraryEntry): number {
  return b.time - a.time || (a.analysisId < b.analysisId ? 1 : -1);
}
