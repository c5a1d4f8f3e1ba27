import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../../lib/db/database";
import { buildLibraryEntries, type LibraryEntry } from "../../lib/library/library-entry";

export interface LibraryEntries {
  /** Newest first; `undefined` while nothing is loaded yet. */
  entries: LibraryEntry[] | undefined;
  /** Every cached analysis is in `entries` (before that, only the newest ones). */
  complete: boolean;
}

/** Enough rows to fill the panel while the rest loads. */
const FIRST_PAGE = 50;

/**
 * Every cached analysis as a library entry, following the cache live. Reading 10,000 records takes the
 * better part of a second, so the newest ones are read (by the `updatedAt` index) and shown first, and
 * the whole library right after. Entries are built inside the queries, so the full rows (page texts)
 * are not kept once their haystacks are made.
 */
export function useLibraryEntries(): LibraryEntries {
  const newest = useLiveQuery(
    async () =>
      buildLibraryEntries(await db.analyses.orderBy("updatedAt").reverse().limit(FIRST_PAGE).toArray()),
    [],
  );
  const [readAll, setReadAll] = useState(false);
  useEffect(() => {
    if (newest !== undefined && !readAll) setReadAll(true);
  }, [newest, readAll]);
  const all = useLiveQuery(
    async () => (readAll ? buildLibraryEntries(await db.analyses.toArray()) : undefined),
    [readAll],
  );
  return { entries: all ?? newest, complete: all !== undefined };
}
