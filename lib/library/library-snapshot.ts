/**
 * The library as the side panel holds it, kept up to date by reading only what changed: the entries
 * (`libraryEntries`) and the search index (`searchBlocks`), never the records. Every write numbers its
 * rows with the count of writes (`libraryMeta`), so the rows above the last count read are the ones
 * changed since; the row counts tell whether some are gone, and only then are the keys read.
 */
import type { LinklensDatabase } from "../db/database";
import { SEQ_KEY } from "../db/library-index";
import type { LibraryEntryRow } from "../db/schema";
import { compareEntries, type LibraryEntry } from "./library-entry";
import { blockRowKey, createSearchIndex, type LibraryIndex } from "./search-index";

export interface Library {
  /** Every cached analysis as an entry, newest first. */
  entries: LibraryEntry[];
  /** Search over all of them (a new object whenever the index changed). */
  index: LibraryIndex;
}

export interface LibrarySnapshot {
  /** The library now; inside a live query, it follows every change. The same object while nothing changed. */
  read(): Promise<Library>;
}

/** The keys of `known` not in `current` (read only when the counts say some are gone). */
function goneKeys(known: Iterable<string>, current: Iterable<string>): string[] {
  const present = new Set(current);
  return [...known].filter((key) => !present.has(key));
}

export function createLibrarySnapshot(db: LinklensDatabase): LibrarySnapshot {
  const entries = new Map<string, LibraryEntryRow>();
  const blockKeys = new Set<string>();
  const search = createSearchIndex();
  let seen = 0;
  let library: Library | undefined;

  async function changes() {
    return db.transaction("r", db.libraryEntries, db.searchBlocks, db.libraryMeta, async () => {
      const seq = (await db.libraryMeta.get(SEQ_KEY))?.value ?? 0;
      if (library && seq === seen) return undefined;
      const [changedEntries, changedBlocks, entryCount, blockCount] = await Promise.all([
        db.libraryEntries.where("seq").above(seen).toArray(),
        db.searchBlocks.where("seq").above(seen).toArray(),
        db.libraryEntries.count(),
        db.searchBlocks.count(),
      ]);
      const knownEntries = new Set([...entries.keys(), ...changedEntries.map((entry) => entry.analysisId)]);
      const knownBlocks = new Set([...blockKeys, ...changedBlocks.map(blockRowKey)]);
      const goneEntries =
        knownEntries.size === entryCount
          ? []
          : goneKeys(knownEntries, (await db.libraryEntries.toCollection().primaryKeys()) as string[]);
      const goneBlocks =
        knownBlocks.size === blockCount
          ? []
          : goneKeys(
              knownBlocks,
              (await db.searchBlocks.toCollection().primaryKeys()).map(([block, bucket]) =>
                blockRowKey({ block, bucket }),
              ),
            );
      return { seq, changedEntries, goneEntries, changedBlocks, goneBlocks };
    });
  }

  async function read(): Promise<Library> {
    const changed = await changes();
    if (!changed) return library as Library;
    const { seq, changedEntries, goneEntries, changedBlocks, goneBlocks } = changed;
    for (const id of goneEntries) entries.delete(id);
    for (const entry of changedEntries) entries.set(entry.analysisId, entry);
    for (const key of goneBlocks) blockKeys.delete(key);
    for (const row of changedBlocks) blockKeys.add(blockRowKey(row));
    const all = [...entries.values()];
    const index = search.update(
      changedBlocks,
      goneBlocks,
      all.map((entry) => entry.docNo),
    );
    seen = seq;
    library = { entries: all.sort(compareEntries), index };
    return library;
  }

  return { read };
}
