import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import { db } from "../../lib/db/database";
import { buildLibraryEntries, type LibraryEntry } from "../../lib/library/library-entry";
import { createLibrarySnapshot } from "../../lib/library/library-snapshot";

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
 * the whole library right after; after that, a change reads only the rows it touched (library-snapshot.ts).
 * Entries are built inside the queries, so the full rows (page texts) are not kept once their haystacks
 * are made.
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
  const snapshot = useMemo(() => createLibrarySnapshot(db), []);
  const all = useLiveQuery(async () => (readAll ? snapshot.read() : undefined), [readAll, snapshot]);
  return { entries: all ?? newest, complete: all !== undefined };
}
