import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../lib/db/database";
import { buildLibraryEntries, type LibraryEntry } from "../../lib/library/library-entry";

/**
 * Every cached analysis as a library entry, newest first, following the cache live. Entries are built
 * inside the query, so the full rows (page texts) are not kept once their haystacks are made.
 */
export function useLibraryEntries(): LibraryEntry[] | undefined {
  return useLiveQuery(async () => buildLibraryEntries(await db.analyses.toArray()), []);
}
