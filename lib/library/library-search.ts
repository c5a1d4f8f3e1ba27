/**
 * Search as you type: the entries in which every term of the query occurs (search-text.ts says where),
 * as the search index answers (search-index.ts). Erasing goes back through queries already answered, so
 * recent answers are kept.
 */
import type { LibraryEntry } from "./library-entry";
import { remember } from "./recently-used";
import { hasDoc, type LibraryIndex } from "./search-index";
import { searchTerms } from "./search-text";

export interface LibrarySearch {
  /**
   * The entries matching `query`, in the entries' order; every entry for an empty query, and none
   * while there is no index yet.
   */
  search(query: string): readonly LibraryEntry[];
}

const REMEMBERED_ANSWERS = 64;

export function createLibrarySearch(
  entries: readonly LibraryEntry[],
  index: LibraryIndex | undefined,
): LibrarySearch {
  const answers = new Map<string, readonly LibraryEntry[]>();
  return {
    search(query) {
      const terms = searchTerms(query);
      if (terms.length === 0) return entries;
      if (!index) return [];
      const key = terms.join(" ");
      let matches = answers.get(key);
      if (!matches) {
        const bits = index.matching(terms);
        const found = entries.filter((entry) => hasDoc(bits, entry.docNo));
        // Every entry (a short term often matches them all): the same list, so views built on it are kept.
        matches = found.length === entries.length ? entries : found;
      }
      return remember(answers, key, matches, REMEMBERED_ANSWERS);
    },
  };
}
