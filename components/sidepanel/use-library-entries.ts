import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import { db } from "../../lib/db/database";
import type { LibraryEntry } from "../../lib/library/library-entry";
import { createLibrarySnapshot } from "../../lib/library/library-snapshot";
import type { LibraryIndex } from "../../lib/library/search-index";

export interface LibraryEntries {
  /** Newest first; `undefined` while nothing is loaded yet. */
  entries: LibraryEntry[] | undefined;
  /** Every cached analysis is in `entries` (before that, only the newest ones). */
  complete: boolean;
  /** Search over every cached analysis; `undefined` until `complete`. */
  index: LibraryIndex | undefined;
}

/** Enough rows to fill the panel while the rest loads. */
const FIRST_PAGE = 50;

/**
 * Every cached analysis as a library entry, with the search index, following the cache live. Entries
 * are stored apart from the records (lib/db/library-index.ts); reading 100,000 of them and the index
 * takes a while, so the newest ones are read (by the `time` index) and shown first, and the whole
 * library right after; after that, a change reads only the rows it touched (library-snapshot.ts).
 */
export function useLibraryEntries(): LibraryEntries {
  const newest = useLiveQuery(
    () => db.libraryEntries.orderBy("time").reverse().limit(FIRST_PAGE).toArray(),
    [],
  );
  const [readAll, setReadAll] = useState(false);
  useEffect(() => {
    if (newest !== undefined && !readAll) setReadAll(true);
  }, [newest, readAll]);
  const snapshot = useMemo(() => createLibrarySnapshot(db), []);
  const all = useLiveQuery(async () => (readAll ? snapshot.read() : undefined), [readAll, snapshot]);
  return { entries: all?.entries ?? newest, complete: all !== undefined, index: all?.index };
}
