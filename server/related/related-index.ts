/**
 * Related search in memory: the same search as the database's `related_analysis_ids` (related-query.ts),
 * over the same `related_documents`, with the same answers, but without a statement. On PGlite, which runs
 * one statement at a time on the request thread, each search cost about 6 ms of it, and under 10 concurrent
 * searches the slowest waited 300 ms and more; on Postgres, 1.5 ms of the database's CPU.
 *
 * Each analysis keeps its lexemes (interned as numbers, sorted), each lexeme's weighted count (for choosing
 * the query) and its part of a rank (ts-rank.ts); each lexeme keeps the analyses holding it. A search picks
 * the source's query lexemes as the database does, ranks the analyses holding them, adds the same-page ones,
 * and sorts as the contract says. Filters on jsonContent or metadata are left to the database.
 *
 * Writes reach it through `refresh` (related-search.ts reads them from the database's log). It holds at
 * most `maxBytes` (about 32 bytes a lexeme of an analysis); past that it gives up, and the database answers
 * every search.
 */
import { compareCodePoints } from "./code-point-order";
import type { RelatedSearch } from "./related-query";
import { addRankPart, finishRank, lexemeRankPart } from "./ts-rank";
import { parseTsvectorText } from "./tsvector-text";

/** A row of `related_documents` as the index reads it (related-documents-rows.ts). */
export interface RelatedDocumentRow {
  analysisId: string;
  tenantId: string;
  updatedMs: number;
  pageKey: string | null;
  siteKey: string | null;
  words: string;
}

interface Document {
  analysisId: string;
  /** Its place in its tenant's `bySlot`. */
  slot: number;
  updatedMs: number;
  pageKey: string | null;
  siteKey: string | null;
  /** Interned lexemes, with each one's weighted count at the same index. */
  lexemes: Int32Array;
  weightedCounts: Float64Array;
}

/** The analyses holding a lexeme (their slots), with the lexeme's part of each one's rank. */
interface Postings {
  slots: number[];
  rankParts: number[];
}

interface Tenant {
  documents: Map<string, Document>;
  bySlot: (Document | undefined)[];
  freeSlots: number[];
  postings: Map<number, Postings>;
  pages: Map<string, Document[]>;
  /** A rank summed per slot during a search (searches run one at a time, to their end). */
  sums: Float64Array;
  touched: Int32Array;
}

interface Candidate {
  document: Document;
  relatedness: number;
}

/** A search the index answers: one without filters. */
export type IndexSearch = Omit<RelatedSearch, "jsonContent" | "metadata">;

/** The database's limits (0003_related_search_terms.sql): query lexemes, and the holders a lexeme may have. */
const QUERY_LEXEMES = 8;
const MIN_HOLDERS = 2;
const MAX_HOLDERS = 100;
const BYTES_PER_LEXEME = 32;

export function createRelatedIndex(maxBytes: number) {
  const tenants = new Map<string, Tenant>();
  /** Each analysis's tenant. */
  const homes = new Map<string, Tenant>();
  const lexemeIds = new Map<string, number>();
  const lexemeTexts: string[] = [];
  let lexemeCount = 0;
  let overBudget = false;

  const intern = (lexeme: string) => {
    let id = lexemeIds.get(lexeme);
    if (id === undefined) {
      id = lexemeTexts.length;
      lexemeIds.set(lexeme, id);
      lexemeTexts.push(lexeme);
    }
    return id;
  };
  const byLexemeText = (a: number, b: number) =>
    compareCodePoints(lexemeTexts[a] as string, lexemeTexts[b] as string);

  function tenantOf(tenantId: string): Tenant {
    let tenant = tenants.get(tenantId);
    if (!tenant) {
      tenant = {
        documents: new Map(),
        bySlot: [],
        freeSlots: [],
        postings: new Map(),
        pages: new Map(),
        sums: new Float64Array(0),
        touched: new Int32Array(0),
      };
      tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  function remove(analysisId: string): void {
    const tenant = homes.get(analysisId);
    const document = tenant?.documents.get(analysisId);
    if (!tenant || !document) return;
    homes.delete(analysisId);
    tenant.documents.delete(analysisId);
    tenant.bySlot[document.slot] = undefined;
    tenant.freeSlots.push(document.slot);
    for (const lexeme of document.lexemes) {
      const postings = tenant.postings.get(lexeme);
      const at = postings?.slots.indexOf(document.slot) ?? -1;
      if (!postings || at < 0) continue;
      postings.slots.splice(at, 1);
      postings.rankParts.splice(at, 1);
      if (postings.slots.length === 0) tenant.postings.delete(lexeme);
    }
    const page = document.pageKey === null ? undefined : tenant.pages.get(document.pageKey);
    if (page) page.splice(page.indexOf(document), 1);
    lexemeCount -= document.lexemes.length;
  }

  function add(row: RelatedDocumentRow): void {
    const tenant = tenantOf(row.tenantId);
    const entries = parseTsvectorText(row.words);
    const slot = tenant.freeSlots.pop() ?? tenant.bySlot.length;
    const document: Document = {
      analysisId: row.analysisId,
      slot,
      updatedMs: row.updatedMs,
      pageKey: row.pageKey,
      siteKey: row.siteKey,
      lexemes: new Int32Array(entries.length),
      weightedCounts: new Float64Array(entries.length),
    };
    for (const [index, { lexeme, weights }] of entries.entries()) {
      const id = intern(lexeme);
      document.lexemes[index] = id;
      document.weightedCounts[index] = weightedCount(weights);
      let postings = tenant.postings.get(id);
      if (!postings) {
        postings = { slots: [], rankParts: [] };
        tenant.postings.set(id, postings);
      }
      postings.slots.push(slot);
      postings.rankParts.push(lexemeRankPart(weights));
    }
    tenant.documents.set(row.analysisId, document);
    homes.set(row.analysisId, tenant);
    tenant.bySlot[slot] = document;
    if (document.pageKey !== null) {
      const page = tenant.pages.get(document.pageKey);
      if (page) page.push(document);
      else tenant.pages.set(document.pageKey, [document]);
    }
    lexemeCount += document.lexemes.length;
    if (lexemeCount * BYTES_PER_LEXEME > maxBytes) overBudget = true;
  }

  /** The source's lexemes of highest tf-idf among those 2 to 100 of the tenant's analyses hold. */
  function queryLexemes(tenant: Tenant, source: Document): number[] {
    const analyses = tenant.documents.size;
    const scored: { lexeme: number; score: number }[] = [];
    for (const [index, lexeme] of source.lexemes.entries()) {
      const holders = tenant.postings.get(lexeme)?.slots.length ?? 0;
      if (holders < MIN_HOLDERS || holders > MAX_HOLDERS) continue;
      const idf = Math.log(1 + (analyses - holders + 0.5) / (holders + 0.5));
      scored.push({ lexeme, score: (source.weightedCounts[index] as number) * idf });
    }
    scored.sort((a, b) => b.score - a.score || byLexemeText(a.lexeme, b.lexeme));
    return scored.slice(0, QUERY_LEXEMES).map(({ lexeme }) => lexeme);
  }

  /** Each holder's rank, summed in the query's order as Postgres sums it (ts-rank.ts); the slots summed. */
  function sumRanks(tenant: Tenant, source: Document, query: number[]): Int32Array {
    if (tenant.sums.length < tenant.bySlot.length) {
      tenant.sums = new Float64Array(tenant.bySlot.length * 2);
      tenant.touched = new Int32Array(tenant.bySlot.length * 2);
    }
    const { sums, touched } = tenant;
    let count = 0;
    for (const lexeme of query) {
      const postings = tenant.postings.get(lexeme);
      if (!postings) continue;
      const { slots, rankParts } = postings;
      for (let at = 0; at < slots.length; at++) {
        const slot = slots[at] as number;
        if (slot === source.slot) continue;
        // a rank part is never 0 (each position weighs at least 0.1): 0 marks a slot not yet summed
        if (sums[slot] === 0) touched[count++] = slot;
        sums[slot] = addRankPart(sums[slot] as number, rankParts[at] as number);
      }
    }
    return touched.subarray(0, count);
  }

  return {
    /** False once the index outgrew its budget: the database must answer. */
    usable: () => !overBudget,

    /** Rows read while the index is built, each of an analysis not in it yet. */
    load(rows: RelatedDocumentRow[]): void {
      for (const row of rows) add(row);
    },

    /** After writes: `analysisIds` those written (deleted ones too), `rows` their documents now. */
    refresh(analysisIds: string[], rows: RelatedDocumentRow[]): void {
      for (const analysisId of analysisIds) remove(analysisId);
      for (const row of rows) add(row);
    },

    /** One page of related analysis ids, as related_analysis_ids answers it; null for an unknown analysis. */
    search({ tenantId, analysisId, offset, limit }: IndexSearch): string[] | null {
      const tenant = tenants.get(tenantId);
      const source = tenant?.documents.get(analysisId);
      if (!tenant || !source) return null;
      const query = queryLexemes(tenant, source).sort(byLexemeText);
      const summed = sumRanks(tenant, source, query);

      const textScores = new Float64Array(summed.length);
      let best = 0;
      for (const [at, slot] of summed.entries()) {
        const textScore = finishRank(tenant.sums[slot] as number, query.length);
        tenant.sums[slot] = 0;
        textScores[at] = textScore;
        if (textScore > best) best = textScore;
      }
      const scale = best === 0 ? 1 : best;
      const candidates: Candidate[] = [];
      for (const [at, slot] of summed.entries()) {
        const document = tenant.bySlot[slot] as Document;
        const textScore = textScores[at] as number;
        const samePage = source.pageKey !== null && document.pageKey === source.pageKey;
        const sameSite = source.siteKey !== null && document.siteKey === source.siteKey;
        const relatedness =
          textScore + (sameSite && textScore > 0 ? 0.5 * scale : 0) + (samePage ? 2 * scale : 0);
        if (relatedness > 0) candidates.push({ document, relatedness });
      }
      const scored = new Set(summed);
      for (const document of source.pageKey === null ? [] : (tenant.pages.get(source.pageKey) ?? [])) {
        if (document !== source && !scored.has(document.slot)) {
          // no word shared (text score 0, so no site boost): the same page alone
          candidates.push({ document, relatedness: 2 * scale });
        }
      }
      return candidates
        .sort(
          (a, b) =>
            b.relatedness - a.relatedness ||
            b.document.updatedMs - a.document.updatedMs ||
            compareCodePoints(a.document.analysisId, b.document.analysisId),
        )
        .slice(offset, offset + limit)
        .map((candidate) => candidate.document.analysisId);
    },
  };
}

/** Occurrences weighted as ranking weighs them: A 1, B 0.4, C 0.2 (D, unused, 0). */
function weightedCount(weights: readonly number[]): number {
  let a = 0;
  let b = 0;
  let c = 0;
  for (const weight of weights) {
    if (weight === 3) a++;
    else if (weight === 2) b++;
    else if (weight === 1) c++;
  }
  return a + 0.4 * b + 0.2 * c;
}
