/**
 * Related search for a store: in memory (related-index.ts) once the index is built, for searches without a
 * filter on jsonContent or metadata; else, and until then, the database's function (related-query.ts).
 *
 * The index follows the writes of every process sharing the database through its log of analyses written
 * (related-changes.ts), which a search reads first: what any process committed before the search began is
 * in its answer. A process that alone writes its database (PGlite) reads the log only after it wrote. An
 * idle index reads the log every few seconds; one that outgrows its budget is dropped, and the database
 * answers every search.
 */
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../store/database";
import { createRelatedChanges, DOCUMENT_COLUMNS } from "./related-changes";
import { createRelatedIndex, type RelatedDocumentRow } from "./related-index";
import { type RelatedSearch, relatedAnalysisIds } from "./related-query";

interface RelatedSearchOptions {
  /** Only this process writes the database: the log has news only after it wrote. */
  onlyWriter: boolean;
  /**
   * What the index may hold; default 128 MiB: 100,000 analyses of ~190 distinct words each take 93 MiB, and
   * a library's own pages may have more distinct words than the benchmark's.
   */
  maxBytes?: number;
}

/**
 * Documents read per statement while the index is built, so that requests keep their turns; and few, so
 * that each page's rows are garbage before a collection promotes them: 500 a page left 100 MiB more resident
 * after building over 100,000 analyses.
 */
const BUILD_PAGE = 100;
/** How often an idle index reads the log; how often old rows are deleted from it. */
const FOLLOW_EVERY_MS = 5_000;
const PRUNE_EVERY_MS = 60_000;

type RelatedIndex = ReturnType<typeof createRelatedIndex>;

export function createRelatedSearch(db: Database, options: RelatedSearchOptions) {
  const changes = createRelatedChanges(db);
  let index: RelatedIndex | undefined;
  let building: Promise<number> | undefined;
  let stopped = false;
  /** The log may hold changes this index has not read (always so when other processes write). */
  let unread = true;
  let prunedAt = Date.now();

  const readChanges = oneAfterAnother(async () => {
    const current = index;
    if (!current) return;
    if (changes.behind()) {
      // the log dropped rows this index never read
      index = undefined;
      void build();
      return;
    }
    if (options.onlyWriter) unread = false;
    try {
      await changes.read(({ analysisIds, rows }) => current.refresh(analysisIds, rows));
    } catch (error) {
      unread = true;
      throw error;
    }
    if (!current.usable()) index = undefined;
  });

  const follow = setInterval(() => {
    if (index) void readChanges().catch(() => {});
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      void changes.prune().catch(() => {});
    }
  }, FOLLOW_EVERY_MS);
  follow.unref();

  /** Builds an index a page at a time, then reads what was written meanwhile; answers how many it holds. */
  async function buildIndex(): Promise<number> {
    const fresh = createRelatedIndex(options.maxBytes ?? 128 * 1024 * 1024);
    await changes.start();
    let loaded = 0;
    let after = "";
    while (!stopped && fresh.usable()) {
      const rows = await queryRows<RelatedDocumentRow>(
        db,
        sql`SELECT ${DOCUMENT_COLUMNS} FROM related_documents AS document
          WHERE document.analysis_id > ${after} ORDER BY document.analysis_id LIMIT ${BUILD_PAGE}`,
      );
      fresh.load(rows);
      loaded += rows.length;
      if (rows.length < BUILD_PAGE) break;
      after = rows[rows.length - 1]?.analysisId ?? after;
    }
    if (stopped || !fresh.usable()) return 0;
    fresh.loaded();
    await changes.read(({ analysisIds, rows }) => fresh.refresh(analysisIds, rows));
    if (stopped || !fresh.usable()) return 0;
    index = fresh;
    return loaded;
  }

  function build(): Promise<number> {
    building ??= buildIndex().finally(() => {
      building = undefined;
    });
    return building;
  }

  return {
    async search(search: RelatedSearch): Promise<string[] | null> {
      if (search.analysisId.includes("\u0000")) return null;
      if (index && isEmpty(search.jsonContent) && isEmpty(search.metadata)) {
        try {
          if (unread || !options.onlyWriter) await readChanges();
          // An analysis the index does not hold may be one it has not read yet (its log row came in after
          // the read): the database answers for it, so an analysis just written is never a 404.
          const found = index?.search(search);
          if (found) return found;
        } catch {
          // the log could not be read (the database may be restarting): the database answers
        }
      }
      return relatedAnalysisIds(db, search);
    },

    /** After this process wrote analyses (committed or not). */
    written(): void {
      unread = true;
    },

    /** Builds the index; answers how many analyses it holds (0 if it outgrew its budget). */
    warmUp: build,

    /** Stops following the log, and a build under way (the store is closing). */
    stop(): void {
      stopped = true;
      index = undefined;
      clearInterval(follow);
    },
  };
}

/**
 * `run` made one call at a time: each caller waits for a run that began after it called (so it sees what
 * was committed before), and callers that arrive while one waits share it.
 */
function oneAfterAnother(run: () => Promise<void>): () => Promise<void> {
  let previous: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  return () => {
    if (!waiting) {
      const next = previous.then(() => {
        waiting = undefined;
        return run();
      });
      waiting = next;
      previous = next.catch(() => {});
    }
    return waiting;
  };
}

const isEmpty = (filter: object | undefined) => filter === undefined || Object.keys(filter).length === 0;
