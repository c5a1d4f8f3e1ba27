/**
 * Relatedness of a tenant's analyses: a "more like this" query scored with BM25 over an in-memory inverted
 * index, plus boosts for the same page and the same site.
 *
 * - Each analysis is a document of the terms of its title, its page text and its textContent (each cut to
 *   the first 20,000 characters: enough to characterize a page, and it bounds memory and indexing time).
 * - The query for analysis A is A's 25 terms of highest tf-idf among the terms some other analysis shares
 *   (a term only A holds matches nothing). Each query term weighs 1; a candidate scores the usual BM25 sum.
 * - Boosts are relative to the best BM25 score of the query (`scale`, or 1 when nothing shares a term), so
 *   they mean the same whatever the vocabulary: the same page (`analysis.id`) adds 2 × scale, which puts it
 *   above every page that merely shares words, even without any word in common; the same site (host) adds
 *   0.5 × scale, but only to candidates that share terms: a site covers many topics, so it breaks near-ties
 *   between related pages without making unrelated pages of the site related.
 *
 * Per tenant the index is loaded from the store on first use (concurrent first calls share one load) and
 * then kept current by `upsert`; upserts that arrive while the load runs are applied after it, newest
 * `updatedAt` winning, so a write racing the load is not lost.
 */
import type { FilterObject } from "../../lib/api/contract";
import { siteOf } from "../../lib/links";
import type { StoredAnalysis } from "../store/types";
import type { RelatedIndex, RelatedQueryOptions } from "./types";

export interface RelatedIndexOptions {
  /** Splits a text into index terms; `simpleTerms` when not given. */
  terms?: (text: string) => string[];
}

const MAX_INDEXED_CHARS = 20_000;
const MAX_QUERY_TERMS = 25;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
const SAME_PAGE_BOOST = 2;
const SAME_SITE_BOOST = 0.5;
/** Indexing 10,000 pages of 3 KB takes about 2 s: it yields every 250 so other requests keep being served. */
const INDEXING_SLICE = 250;

export function createRelatedIndex(
  load: (tenantId: string) => Promise<StoredAnalysis[]>,
  options: RelatedIndexOptions = {},
): RelatedIndex {
  const terms = options.terms ?? simpleTerms;
  const tenants = new Map<string, TenantEntry>();

  function indexOf(tenantId: string): Promise<TenantIndex> {
    const existing = tenants.get(tenantId);
    if (existing) return existing.ready;
    const entry: TenantEntry = {
      pending: [],
      ready: load(tenantId).then(
        async (analyses) => {
          const index = new TenantIndex(terms);
          for (const [position, analysis] of analyses.entries()) {
            index.upsert(analysis);
            if (position % INDEXING_SLICE === INDEXING_SLICE - 1) await yieldToEventLoop();
          }
          for (const analysis of entry.pending) index.upsert(analysis);
          entry.pending = [];
          entry.index = index;
          return index;
        },
        (error: unknown) => {
          // the next call loads again (and that load holds whatever was upserted meanwhile)
          if (tenants.get(tenantId) === entry) tenants.delete(tenantId);
          throw error;
        },
      ),
    };
    tenants.set(tenantId, entry);
    return entry.ready;
  }

  return {
    upsert(analysis) {
      const entry = tenants.get(analysis.tenantId);
      if (!entry) return; // not loaded yet: its load will read this analysis from the store
      if (entry.index) entry.index.upsert(analysis);
      else entry.pending.push(analysis);
    },
    async related(tenantId, analysisId, queryOptions) {
      return (await indexOf(tenantId)).related(analysisId, queryOptions ?? {});
    },
  };
}

interface TenantEntry {
  ready: Promise<TenantIndex>;
  /** Set once loaded; until then upserts wait in `pending`. */
  index?: TenantIndex;
  pending: StoredAnalysis[];
}

type Scalar = string | number | boolean | null;

interface PostingList {
  term: string;
  /** Parallel arrays: the slot of each document holding the term, and the term's frequency there. */
  slots: number[];
  tfs: number[];
}

interface IndexedDoc {
  slot: number;
  analysisId: string;
  updatedAt: string;
  pageId: string | undefined;
  site: string;
  /** Only the top-level scalar values: the only ones a filter can match. */
  jsonContent: Map<string, Scalar> | undefined;
  metadata: Map<string, Scalar> | undefined;
  length: number;
  /** The document's distinct terms (as their posting lists) and their frequencies. */
  lists: PostingList[];
  tfs: number[];
}

class TenantIndex {
  private readonly postings = new Map<string, PostingList>();
  /** Documents by slot; a freed slot is reused by the next document added. */
  private readonly docs: (IndexedDoc | undefined)[] = [];
  private readonly lengths: number[] = [];
  private readonly freeSlots: number[] = [];
  private readonly byId = new Map<string, IndexedDoc>();
  private readonly byPage = new Map<string, Set<IndexedDoc>>();
  private totalLength = 0;

  constructor(private readonly terms: (text: string) => string[]) {}

  upsert(analysis: StoredAnalysis): void {
    const existing = this.byId.get(analysis.analysisId);
    if (existing) {
      if (existing.updatedAt > analysis.updatedAt) return; // a stale copy (e.g. a load that read before a write)
      this.remove(existing);
    }
    this.add(analysis);
  }

  related(analysisId: string, options: RelatedQueryOptions): string[] | null {
    const target = this.byId.get(analysisId);
    if (!target) return null;

    const scores = new Float64Array(this.docs.length);
    const candidates: number[] = [];
    const averageLength = this.averageLength();
    for (const { list, idf } of this.queryTerms(target)) {
      const { slots, tfs } = list;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i] as number;
        if (slot === target.slot) continue;
        const tf = tfs[i] as number;
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (this.lengths[slot] as number)) / averageLength);
        if (scores[slot] === 0) candidates.push(slot);
        scores[slot] = (scores[slot] as number) + (idf * tf * (BM25_K1 + 1)) / (tf + norm);
      }
    }
    let best = 0;
    for (const slot of candidates) best = Math.max(best, scores[slot] as number);
    const scale = best > 0 ? best : 1;

    if (target.site !== "") {
      for (const slot of candidates) {
        if (this.docs[slot]?.site === target.site)
          scores[slot] = (scores[slot] as number) + SAME_SITE_BOOST * scale;
      }
    }
    if (target.pageId !== undefined) {
      for (const doc of this.byPage.get(target.pageId) ?? []) {
        if (doc === target) continue;
        if (scores[doc.slot] === 0) candidates.push(doc.slot);
        scores[doc.slot] = (scores[doc.slot] as number) + SAME_PAGE_BOOST * scale;
      }
    }

    const ranked: { doc: IndexedDoc; score: number }[] = [];
    for (const slot of candidates) {
      const doc = this.docs[slot] as IndexedDoc;
      if (
        matchesFilter(doc.jsonContent, options.jsonContent) &&
        matchesFilter(doc.metadata, options.metadata)
      ) {
        ranked.push({ doc, score: scores[slot] as number });
      }
    }
    ranked.sort(
      (a, b) =>
        b.score - a.score ||
        compareStrings(b.doc.updatedAt, a.doc.updatedAt) ||
        compareStrings(a.doc.analysisId, b.doc.analysisId),
    );
    return ranked.map(({ doc }) => doc.analysisId);
  }

  /** The target's terms shared with at least one other document, highest tf-idf first, at most 25. */
  private queryTerms(target: IndexedDoc): { list: PostingList; idf: number }[] {
    const count = this.byId.size;
    const shared: { list: PostingList; idf: number; weight: number }[] = [];
    target.lists.forEach((list, i) => {
      if (list.slots.length < 2) return;
      const idf = inverseDocumentFrequency(list.slots.length, count);
      shared.push({ list, idf, weight: (target.tfs[i] as number) * idf });
    });
    shared.sort((a, b) => b.weight - a.weight || compareStrings(a.list.term, b.list.term));
    return shared.slice(0, MAX_QUERY_TERMS);
  }

  private averageLength(): number {
    return this.byId.size === 0 ? 1 : Math.max(this.totalLength / this.byId.size, 1);
  }

  private add(analysis: StoredAnalysis): void {
    const frequencies = new Map<string, number>();
    let length = 0;
    for (const text of indexedTexts(analysis)) {
      for (const term of this.terms(text)) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
        length++;
      }
    }

    const slot = this.freeSlots.pop() ?? this.docs.length;
    const doc: IndexedDoc = {
      slot,
      analysisId: analysis.analysisId,
      updatedAt: analysis.updatedAt,
      pageId: analysis.analysis.id,
      site: analysis.analysis.url ? siteOf(analysis.analysis.url) : "",
      jsonContent: scalarEntries(analysis.jsonContent),
      metadata: scalarEntries(analysis.metadata),
      length,
      lists: [],
      tfs: [],
    };
    for (const [term, tf] of frequencies) {
      let list = this.postings.get(term);
      if (!list) {
        list = { term, slots: [], tfs: [] };
        this.postings.set(term, list);
      }
      list.slots.push(slot);
      list.tfs.push(tf);
      doc.lists.push(list);
      doc.tfs.push(tf);
    }

    this.docs[slot] = doc;
    this.lengths[slot] = length;
    this.totalLength += length;
    this.byId.set(doc.analysisId, doc);
    if (doc.pageId !== undefined) {
      const samePage = this.byPage.get(doc.pageId) ?? new Set();
      samePage.add(doc);
      this.byPage.set(doc.pageId, samePage);
    }
  }

  private remove(doc: IndexedDoc): void {
    for (const list of doc.lists) {
      const at = list.slots.lastIndexOf(doc.slot);
      const last = list.slots.length - 1;
      list.slots[at] = list.slots[last] as number;
      list.tfs[at] = list.tfs[last] as number;
      list.slots.pop();
      list.tfs.pop();
      if (list.slots.length === 0) this.postings.delete(list.term);
    }
    this.docs[doc.slot] = undefined;
    this.lengths[doc.slot] = 0;
    this.freeSlots.push(doc.slot);
    this.totalLength -= doc.length;
    this.byId.delete(doc.analysisId);
    if (doc.pageId !== undefined) {
      const samePage = this.byPage.get(doc.pageId);
      samePage?.delete(doc);
      if (samePage?.size === 0) this.byPage.delete(doc.pageId);
    }
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function indexedTexts(analysis: StoredAnalysis): string[] {
  const texts = [analysis.analysis.title, analysis.analysis.text, analysis.textContent];
  return texts.flatMap((text) =>
    typeof text === "string" && text !== "" ? [text.slice(0, MAX_INDEXED_CHARS)] : [],
  );
}

/** BM25's idf, never negative: a term in most documents still counts a little. */
const inverseDocumentFrequency = (documentFrequency: number, documentCount: number) =>
  Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));

const compareStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function scalarEntries(values: Record<string, unknown> | undefined): Map<string, Scalar> | undefined {
  if (!values) return undefined;
  const scalars = new Map<string, Scalar>();
  for (const [key, value] of Object.entries(values)) {
    if (
      value === null ||
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean"
    ) {
      scalars.set(key, value);
    }
  }
  return scalars;
}

/** Every key of the filter is present with exactly the value given (`1` is not `"1"`; missing is not `null`). */
function matchesFilter(values: Map<string, Scalar> | undefined, filter: FilterObject | undefined): boolean {
  if (!filter) return true;
  for (const [key, expected] of Object.entries(filter)) {
    if (!values?.has(key) || values.get(key) !== expected) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// The default terms

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how if in into is " +
    "it its may me more most my no not of on or our she so than that the their them then there these they this " +
    "those to too up us was we were what when where which while who why will with would you your also about " +
    "after all any before being both each few just like many much must only other over same should some such " +
    "through under very"
  ).split(" "),
);

/** Lower-cased runs of letters, marks and digits, without one-character tokens and common English words. */
export function simpleTerms(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  return words.filter((word) => word.length >= 2 && !STOP_WORDS.has(word));
}
