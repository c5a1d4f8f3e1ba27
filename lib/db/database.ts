import Dexie, { type DexieOptions, type EntityTable, type Table } from "dexie";
import { indexEveryAnalysis, libraryIndexMiddleware, rewriteEveryEntry } from "./library-index";
import type {
  AnalyzeJob,
  CachedAnalysis,
  DeletedBatch,
  LibraryEntryRow,
  LibraryMetaRow,
  OutboxEntry,
  PresetRow,
  RemovedRow,
  SearchBlockRow,
  UsageRow,
  WatchRow,
  WatchRunRow,
} from "./schema";

const DATABASE_NAME = "linklens";

export type LinklensDatabase = Dexie & {
  analyses: EntityTable<CachedAnalysis, "analysisId">;
  usage: EntityTable<UsageRow, "usageId">;
  jobs: EntityTable<AnalyzeJob, "id">;
  presets: EntityTable<PresetRow, "id">;
  outbox: EntityTable<OutboxEntry, "seq">;
  deleted: EntityTable<DeletedBatch, "token">;
  /** Analyses the user removed from the library: not cached again (lib/db/records.ts). */
  removed: EntityTable<RemovedRow, "analysisId">;
  /** These three are kept by lib/db/library-index.ts with every write of `analyses`; never written directly. */
  libraryEntries: EntityTable<LibraryEntryRow, "analysisId">;
  searchBlocks: Table<SearchBlockRow, [number, number]>;
  libraryMeta: EntityTable<LibraryMetaRow, "key">;
  /** Watched analyses and comparisons (lib/watch), and their runs. */
  watches: EntityTable<WatchRow, "id">;
  watchRuns: EntityTable<WatchRunRow, "id">;
};

/**
 * Opens (lazily) the database under `name`. A schema change adds a `db.version(n + 1)` below the
 * existing ones (with an `upgrade` when rows must change); versions already shipped are never edited.
 */
export function createDatabase(name: string = DATABASE_NAME, options?: DexieOptions): LinklensDatabase {
  const database = new Dexie(name, options) as LinklensDatabase;
  database.version(1).stores({
    analyses: "&analysisId, updatedAt, pageUrl, pageId, host, cachedAt",
    usage: "&usageId, createdAt",
    jobs: "&id, status, createdAt, updatedAt, tabUrl",
    presets: "&id, order",
    outbox: "++seq, analysisId, createdAt",
  });
  // v2: deleted analyses kept for undo (they had been in storage.session, which Chrome caps at 10 MB).
  database.version(2).stores({ deleted: "&token, expiresAt" });
  // v3: what the library lists of each analysis, and the search index over its whole texts, so the side
  // panel neither reads nor holds every record (lib/db/library-index.ts).
  database
    .version(3)
    .stores({
      libraryEntries: "&analysisId, seq, time, docNo",
      searchBlocks: "&[block+bucket], seq",
      libraryMeta: "&key",
    })
    .upgrade(indexEveryAnalysis);
  // v4: analyses the user removed (kept out of the cache), and library entries that show the prompt,
  // the result's first line and the cost (every entry written again).
  database.version(4).stores({ removed: "&analysisId" }).upgrade(rewriteEveryEntry);
  // v5: watches, re-analyzed on a schedule, and their runs with what changed (issue 46).
  database.version(5).stores({ watches: "&id, createdAt", watchRuns: "&id, watchId, startedAt" });
  database.use(libraryIndexMiddleware);
  return database;
}

/** The extension's database, shared by the worker (the only writer) and the pages (live queries). */
export const db = createDatabase();
