/** Analyses of the same page shown together: one header row per page, then its analyses. */
import type { LibraryEntry } from "./library-entry";

export type LibraryRow =
  | { kind: "page"; key: string; title: string; url: string; count: number }
  | { kind: "analysis"; key: string; entry: LibraryEntry; grouped: boolean };

/**
 * The list's rows by position. The list lays out every row (key and kind) but renders only those in
 * view, so ungrouped rows are made only when rendered: a keystroke that shows 100,000 analyses does not
 * make 100,000 rows.
 */
export interface LibraryRows {
  readonly length: number;
  at(index: number): LibraryRow | undefined;
  keyAt(index: number): string | undefined;
  isPageAt(index: number): boolean;
}

/** Flat rows, ungrouped: one per analysis. */
export function analysisRows(entries: readonly LibraryEntry[]): LibraryRows {
  return {
    length: entries.length,
    at(index) {
      const entry = entries[index];
      return entry && { kind: "analysis", key: entry.analysisId, entry, grouped: false };
    },
    keyAt: (index) => entries[index]?.analysisId,
    isPageAt: () => false,
  };
}

/**
 * Grouped rows: pages in the order of their newest analysis (entries come newest first), each page's
 * header followed by its analyses, newest first. A page analyzed once gets no header.
 */
export function pageGroupRows(entries: readonly LibraryEntry[]): LibraryRows {
  const groups = new Map<string, LibraryEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.pageKey);
    if (group) group.push(entry);
    else groups.set(entry.pageKey, [entry]);
  }
  const rows: LibraryRow[] = [];
  for (const [pageKey, group] of groups) {
    const first = group[0] as LibraryEntry;
    if (group.length === 1) {
      rows.push({ kind: "analysis", key: first.analysisId, entry: first, grouped: false });
      continue;
    }
    rows.push({
      kind: "page",
      key: `page:${pageKey}`,
      title: first.title,
      url: first.url,
      count: group.length,
    });
    for (const entry of group) rows.push({ kind: "analysis", key: entry.analysisId, entry, grouped: true });
  }
  return {
    length: rows.length,
    at: (index) => rows[index],
    keyAt: (index) => rows[index]?.key,
    isPageAt: (index) => rows[index]?.kind === "page",
  };
}
