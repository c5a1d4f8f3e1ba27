/**
 * A cached analysis as the library lists it (library-entry.ts): what its row shows and its filters test,
 * written beside the analysis with every write of it (lib/db/library-index.ts).
 */
import type { CachedAnalysis } from "../db/schema";
import { firstLineOf, promptLine } from "./first-line";
import type { LibraryEntry } from "./library-entry";

/** The entry of `row`, numbered `docNo` in the search index (-1: not indexed). */
export function toLibraryEntry(row: CachedAnalysis, docNo = -1): LibraryEntry {
  const analysis = row.analysis ?? {};
  const title = analysis.title ?? "";
  const url = analysis.url ?? "";
  const metadata: LibraryEntry["metadata"] = row.metadata ?? {};
  const time = [row.updatedAt, row.createdAt]
    .map((value) => (value ? Date.parse(value) : Number.NaN))
    .find(Number.isFinite);
  return {
    analysisId: row.analysisId,
    docNo,
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
    ...(row.edited && { edited: true }),
    firstLine: firstLineOf(row.textContent, row.jsonContent),
    ...(row.origin && { prompt: promptLine(row.origin.prompt) }),
    ...(row.origin?.presetName && { presetName: row.origin.presetName }),
    ...(row.origin?.costCredits !== undefined && { costCredits: row.origin.costCredits }),
  };
}
