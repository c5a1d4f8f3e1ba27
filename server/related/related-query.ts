/**
 * Related search, computed by the database over what the migration `0002_related_search.sql` keeps
 * (`related_documents`, `related_terms`), the same on PGlite and on Postgres: a PL/pgSQL function
 * (`related_analysis_ids`, created by that migration, its current form by `0003_related_search_terms.sql`),
 * so that each connection plans its statements once. On PGlite, which plans anew every statement Drizzle
 * sends, planning this search took about a quarter of its time.
 *
 * - The query for analysis A ORs A's 8 lexemes of highest tf-idf among those another analysis of the
 *   tenant holds too (a lexeme only A holds matches nothing), leaving out lexemes found in more than 100 of
 *   the tenant's analyses: every analysis holding a query lexeme is a candidate to rank, which is the cost
 *   of the search, and in a tenant that large a rarer lexeme says more about a page anyway. Ranking a
 *   candidate looks up each query lexeme in its vector, so the cost grows with candidates × lexemes: 8
 *   lexemes instead of 10 made a search over 10,000 analyses of ~450 words about a fifth cheaper (about 240
 *   candidates instead of 280, 2.3 instead of 2.9 ms of CPU on PGlite). tf counts A's occurrences weighted
 *   as ranking weighs them (title 1, textContent 0.4, page text 0.2); idf is BM25's, from `related_terms`.
 * - A candidate's text score is `ts_rank` of its `words` against that query (the GIN index finds the
 *   candidates).
 * - Boosts are relative to the best text score among the candidates (`scale`, or 1 when none shares a
 *   term), so they mean the same whatever the vocabulary: the same page (`analysis.id`) adds 2 × scale,
 *   which puts it above every page that merely shares words, even one sharing no word; the same site
 *   (host) adds 0.5 × scale, but only to candidates that share terms: a site covers many topics, so it
 *   breaks near-ties between related pages without making unrelated pages of the site related.
 * - Filters apply after scoring (the scale does not depend on them), then the contract's order and the
 *   page: relatedness descending, `updatedAt` descending, `analysisId` (by code point).
 */
import { sql } from "drizzle-orm";
import type { FilterObject } from "../../lib/api/contract";
import { type Database, queryRows } from "../store/database";
import { toJsonbText } from "../store/json-columns";

export interface RelatedSearch {
  tenantId: string;
  analysisId: string;
  jsonContent?: FilterObject;
  metadata?: FilterObject;
  /** How many related analyses to skip, and to answer at most. */
  offset: number;
  limit: number;
}

/**
 * One page of the ids of the tenant's analyses related to `analysisId`, best first, or `null` when the
 * tenant has no such analysis.
 */
export async function relatedAnalysisIds(db: Database, search: RelatedSearch): Promise<string[] | null> {
  // Postgres text cannot hold U+0000: such an id names nothing stored.
  if (search.analysisId.includes("\u0000")) return null;
  const [row] = await queryRows<{ ids: string[] | null }>(
    db,
    sql`SELECT related_analysis_ids(
      ${search.tenantId}, ${search.analysisId},
      ${filterDocument(search.jsonContent)}::jsonb, ${filterDocument(search.metadata)}::jsonb,
      ${search.limit}, ${search.offset}
    ) AS ids`,
  );
  return row?.ids ?? null;
}

/**
 * Runs one search, for any stored analysis. The first search on a connection plans the function's
 * statements and reads what they need of the catalog, about 100 ms on PGlite: its one connection serves the
 * whole process, so this is done once when it opens, not by the first requests.
 */
export async function warmUpRelatedSearch(db: Database): Promise<void> {
  await db.execute(
    sql`SELECT related_analysis_ids(tenant_id, analysis_id, NULL, NULL, 1, 0) FROM related_documents LIMIT 1`,
  );
}

/** Documents are stored escaped for jsonb (json-columns.ts), so a filter is escaped the same way. */
const filterDocument = (filter: FilterObject | undefined) =>
  filter && Object.keys(filter).length > 0 ? toJsonbText(filter) : null;
