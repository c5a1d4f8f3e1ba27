import { useEffect } from "react";

/**
 * Search latency marks for `npm run bench:sidepanel`: the search box notes when each query was typed, and
 * once the list has rendered that query `<html>` gets `data-search-query` and `data-search-ms` (from the
 * keystroke's event time to the commit of its results).
 */
const typedAt = new Map<string, number>();

export function noteKeystroke(query: string, eventTime: number): void {
  typedAt.set(query, eventTime);
}

export function useSearchRenderedMark(query: string): void {
  useEffect(() => {
    const at = typedAt.get(query);
    if (at === undefined) return;
    typedAt.clear();
    const root = document.documentElement;
    root.dataset.searchMs = (performance.now() - at).toFixed(1);
    root.dataset.searchQuery = query;
  }, [query]);
}
