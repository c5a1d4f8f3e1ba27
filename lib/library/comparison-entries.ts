/**
 * A comparison is one thing in the library: its pages' analyses show as the comparison's one row, never
 * as rows of their own. Search and filters look at every page, and a page that matches shows its
 * comparison's row, as a thread's turn shows its thread's (thread-entries.ts). The row opens the table,
 * where each page's analysis opens.
 */
import { compareEntries, type LibraryEntry } from "./library-entry";

/** What a comparison's row shows and stands for (made from its jobs by the side panel). */
export interface LibraryComparison {
  jobId: string;
  /** "Compare: 24 pages · schema Pricing". */
  title: string;
  /** Its state in words ("Done · 24 of 24 pages answered"): the row's second line. */
  line: string;
  /** The prompt, on one line (first-line.ts `promptLine`). */
  prompt: string;
  presetName?: string;
  /** Epoch ms of its last change. */
  time: number;
  /** Its job's credits and its retries'. */
  credits: number;
  hasSchema: boolean;
  /** Every analysis its pages made (its job's and its retries'). */
  analysisIds: readonly string[];
}

/** The one row a comparison shows as; its `analysisId` is the comparison's job id. */
export type ComparisonEntry = LibraryEntry & { comparison: LibraryComparison };

export function isComparisonEntry(entry: LibraryEntry): entry is ComparisonEntry {
  return "comparison" in entry && entry.comparison !== undefined;
}

export function comparisonEntry(comparison: LibraryComparison): ComparisonEntry {
  return {
    analysisId: comparison.jobId,
    docNo: -1,
    title: comparison.title,
    url: "",
    host: "",
    pageKey: comparison.jobId,
    time: comparison.time,
    hasJson: comparison.hasSchema,
    metadata: {},
    partial: false,
    pending: false,
    firstLine: comparison.line,
    prompt: comparison.prompt,
    ...(comparison.presetName && { presetName: comparison.presetName }),
    costCredits: comparison.credits,
    comparison,
  };
}

/**
 * `entries` (newest first) without the comparisons' pages, with one row per comparison in its place by
 * time: every comparison when `all` (nothing narrows the list), else each one with a page among `entries`.
 */
export function oneRowPerComparison(
  entries: readonly LibraryEntry[],
  comparisons: readonly LibraryComparison[],
  all: boolean,
): readonly LibraryEntry[] {
  if (comparisons.length === 0) return entries;
  const owners = new Map<string, LibraryComparison>();
  for (const comparison of comparisons) for (const id of comparison.analysisIds) owners.set(id, comparison);
  const matched = new Set<LibraryComparison>();
  const rest: LibraryEntry[] = [];
  for (const entry of entries) {
    const owner = owners.get(entry.analysisId);
    if (owner) matched.add(owner);
    else rest.push(entry);
  }
  const shown = comparisons
    .filter((comparison) => all || matched.has(comparison))
    .map(comparisonEntry)
    .sort(compareEntries);
  if (shown.length === 0 && rest.length === entries.length) return entries;
  return mergeNewestFirst(rest, shown);
}

/** Two lists each newest first, as one (a list of 100,000 entries is walked once, not sorted again). */
function mergeNewestFirst(a: readonly LibraryEntry[], b: readonly LibraryEntry[]): LibraryEntry[] {
  const merged: LibraryEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (compareEntries(a[i] as LibraryEntry, b[j] as LibraryEntry) <= 0) merged.push(a[i++] as LibraryEntry);
    else merged.push(b[j++] as LibraryEntry);
  }
  while (i < a.length) merged.push(a[i++] as LibraryEntry);
  while (j < b.length) merged.push(b[j++] as LibraryEntry);
  return merged;
}
