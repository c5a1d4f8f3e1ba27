/**
 * Search as you type: every term of the query (split on spaces, case-insensitive) must occur in an
 * entry's haystack. Typing usually narrows the query, so a search whose terms each contain one of the
 * previous search's terms only scans the previous matches; erasing goes back through queries already
 * answered, so recent answers are kept.
 */
import type { LibraryEntry } from "./library-entry";

export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesTerms(entry: LibraryEntry, terms: readonly string[]): boolean {
  for (const term of terms) if (!entry.haystack.includes(term)) return false;
  return true;
}

/** Whether every match of `next` is a match of `previous`: each previous term is inside some next term. */
export function narrows(previous: readonly string[], next: readonly string[]): boolean {
  return previous.every((old) => next.some((term) => term.includes(old)));
}

export interface LibrarySearch {
  /** The entries matching `query`, in the entries' order; every entry for an empty query. */
  search(query: string): readonly LibraryEntry[];
}

const REMEMBERED_ANSWERS = 64;

export function createLibrarySearch(entries: readonly LibraryEntry[]): LibrarySearch {
  let last: { terms: string[]; matches: readonly LibraryEntry[] } | undefined;
  const answers = new Map<string, readonly LibraryEntry[]>();
  return {
    search(query) {
      const terms = searchTerms(query);
      if (terms.length === 0) return entries;
      const key = terms.join(" ");
      let matches = answers.get(key);
      if (matches) {
        answers.delete(key); // re-inserted below: the Map's order is the recency order
      } else {
        const pool = last && narrows(last.terms, terms) ? last.matches : entries;
        matches = pool.filter((entry) => matchesTerms(entry, terms));
      }
      answers.set(key, matches);
      if (answers.size > REMEMBERED_ANSWERS) answers.delete(answers.keys().next().value as string);
      last = { terms, matches };
      return matches;
    },
  };
}
