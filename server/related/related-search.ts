/**
 * Related search for a store: in memory (related-index.ts) where only this process writes (PGlite) and the
 * search has no filter, else the database's function (related-query.ts). The index is built in the
 * background after the service starts; until then, and if it outgrows its budget, the database answers.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../store/database";
import { createRelatedIndex, type RelatedDocumentRow } from "./related-index";
import { type RelatedSearch, relatedAnalysisIds } from "./related-query";

interface RelatedSearchOptions {
  /** Only this process writes the database: an index in memory can follow every write. */
  inMemory: boolean;
  /** What the index may hold; default 96 MiB (about 18,000 analyses of 190 distinct words). */
  maxBytes?: number;
}

/** Documents read per statement while the index is built, so that requests keep their turns. */
const BUILD_PAGE = 500;

export function createRelatedSearch(db: Database, options: RelatedSearchOptions) {
  const index = options.inMemory ? createRelatedIndex(options.maxBytes ?? 96 * 1024 * 1024) : undefined;
  let built = false;
  let stopped = false;
  // Refreshes run in the order of the writes; a search waits for those asked before it.
  let refreshed: Promise<void> = Promise.resolve();

  const inIndex = (search: RelatedSearch) =>
    index !== undefined && built && index.usable() && isEmpty(search.jsonContent) && isEmpty(search.metadata);

  return {
    async search(search: RelatedSearch): Promise<string[] | null> {
      if (search.analysisId.includes("\u0000")) return null;
      if (inIndex(search)) {
        await refreshed;
        if (inIndex(search)) return index?.search(search) ?? null;
      }
      return relatedAnalysisIds(db, search);
    },

    /** After a write to these analyses committed (or failed: then the index reads what is there). */
    written(analysisIds: string[]): void {
      if (!index || analysisIds.length === 0) return;
      refreshed = refreshed.then(async () => {
        const ids = sql.join(
          analysisIds.map((analysisId) => sql`${analysisId}`),
          sql`, `,
        );
        const rows = await readDocuments(db, sql`analysis_id IN (${ids})`);
        index.refresh(analysisIds, rows);
      });
      // A refresh that failed leaves the index behind the database: from then on, the database answers.
      refreshed = refreshed.catch(() => {
        built = false;
        stopped = true;
      });
    },

    /** Builds the index, a page at a time; answers how many analyses it holds (0 without one). */
    async warmUp(): Promise<number> {
      if (!index) return 0;
      let loaded = 0;
      let after = "";
      while (!stopped && index.usable()) {
        const rows = await readDocuments(db, sql`analysis_id > ${after}`, BUILD_PAGE);
        index.load(rows);
        loaded += rows.length;
        if (rows.length < BUILD_PAGE) {
          built = !stopped && index.usable();
          break;
        }
        after = rows[rows.length - 1]?.analysisId ?? after;
      }
      return built ? loaded : 0;
    },

    /** Stops a build under way (the store is closing). */
    stop(): void {
      stopped = true;
    },
  };
}

async function readDocuments(db: Database, where: SQL, limit?: number): Promise<RelatedDocumentRow[]> {
  return queryRows<RelatedDocumentRow>(
    db,
    sql`SELECT analysis_id AS "analysisId", tenant_id AS "tenantId",
        (extract(epoch FROM updated_at) * 1000)::float8 AS "updatedMs",
        page_key::text AS "pageKey", site_key::text AS "siteKey", words::text AS words
      FROM related_documents WHERE ${where}
      ORDER BY analysis_id ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`,
  );
}

const isEmpty = (filter: object | undefined) => filter === undefined || Object.keys(filter).length === 0;
