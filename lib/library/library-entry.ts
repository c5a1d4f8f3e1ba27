/**
 * What the library keeps in memory per cached analysis: the few fields a row shows, the fields the
 * filters test, and one lower-cased haystack for search. The full record (page text up to 100,000
 * characters) is not kept: the detail view reads it from Dexie when it opens.
 */
import type { CachedAnalysis } from "../db/schema";

export type LibraryMetadata = Record<string, string | number | boolean | null>;

export interface LibraryEntry {
  analysisId: string;
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
  /** Lower-cased title, URL, page text, textContent and metadata values, each capped (see TEXT_CAPS). */
  haystack: string;
}

/**
 * Search looks at the start of long texts only. 10,000 records of full page text would be up to 1 GB of
 * strings; capped, the haystacks stay near 60 MB at worst and a keystroke scans them in a few ms.
 */
export const TEXT_CAPS = { pageText: 2_000, textContent: 1_000, metadataValue: 200 } as const;

const SEPARATOR = "\n";

export function toLibraryEntry(row: CachedAnalysis): LibraryEntry {
  const analysis = row.analysis ?? {};
  const title = analysis.title ?? "";
  const url = analysis.url ?? "";
  const metadata: LibraryMetadata = row.metadata ?? {};
  const time = [row.updatedAt, row.createdAt]
    .map((value) => (value ? Date.parse(value) : Number.NaN))
    .find(Number.isFinite);
  const parts = [
    title,
    url,
    (analysis.text ?? "").slice(0, TEXT_CAPS.pageText),
    (row.textContent ?? "").slice(0, TEXT_CAPS.textContent),
    ...Object.values(metadata).map((value) => String(value).slice(0, TEXT_CAPS.metadataValue)),
  ];
  return {
    analysisId: row.analysisId,
    title,
    url,
    host: row.host,
    pageKey: row.pageUrl || row.pageId || row.analysisId,
    favicon: analysis.favicon,
    time: time ?? row.cachedAt,
    hasJson: row.jsonContent !== undefined && Object.keys(row.jsonContent).length > 0,
    metadata,
    partial: row.partial === true,
    pending: row.pending === true,
    haystack: parts.join(SEPARATOR).toLowerCase(),
  };
}

/** Newest (last changed) first; ties by id, so the order is stable. */
export function compareEntries(a: LibraryEntry, b: LibraryEntry): number {
  return b.time - a.time || (a.analysisId < b.analysisId ? 1 : -1);
}

/** Entries of every cached row, newest first. */
export function buildLibraryEntries(rows: readonly CachedAnalysis[]): LibraryEntry[] {
  return rows.map(toLibraryEntry).sort(compareEntries);
}
