/**
 * Related search in memory: the same search as the database's `related_analysis_ids` (related-query.ts),
 * over the same `related_documents`, with the same answers, but without a statement. On PGlite, which runs
 * one statement at a time on the request thread, each search cost about 6 ms of it, and under 10 concurrent
 * searches the slowest waited 300 ms and more; on Postgres, 1.5 ms of the database's CPU.
 *
 * Each analysis keeps its lexemes, interned as numbers, each with the weights of its positions, interned
 * too (a "shape": what its weighted count, for choosing the query, and its part of a rank, ts-rank.ts, are
 * computed from, once per shape), packed as varints into one arena (lexeme-entries.ts, entries-arena.ts). A
 * lexeme keeps the analyses holding it only while at most 100 do: a lexeme more analyses hold is never a
 * query's, so it keeps just their number (most of a library's lexeme occurrences are of such words). A
 * search picks the source's query lexemes as the database does, ranks the analyses holding them, adds the
 * same-page ones, and keeps the page the contract's order asks for. Filters on jsonContent or metadata are
 * left to the database.
 *
 * Writes reach it through `refresh` (related-search.ts reads them from the database's log); an analysis
 * written again keeps its place, and only the lexemes it gained or lost touch the lexemes' holders. It holds
 * at most `maxBytes`, counted as its arena and a measured cost per analysis, per lexeme and per listed
 * holder: 100,000 synthetic analyses of ~190 distinct words each took 93 MiB (49 of arena, 44 of heap).
 * Past that it gives up, and the database answers every search.
 */
import { ownCopy } from "../memory/own-copy";
import { compareCodePoints } from "./code-point-order";
import { createEntriesArena, type EntriesRange } from "./entries-arena";
import { decodeEntries, encodeEntries, shapeIn } from "./lexeme-entries";
import type { RelatedSearch } from "./related-query";
import { addRankPart, finishRank, lexemeRankPart } from "./ts-rank";
import { readTsvectorText } from "./tsvector-text";

/** A row of `related_documents` as the index reads it (related-changes.ts). */
export interface RelatedDocumentRow {
  analysisId: string;
  tenantId: string;
  updatedMs: number;
  pageKey: string | null;
  siteKey: string | null;
  words: string;
}

/** An analysis; its lexemes in ascending order, each followed by its shape, are a range of the arena. */
interface Document extends EntriesRange {
  analysisId: string;
  /** Its place in its tenant's `bySlot`. */
  slot: number;
  updatedMs: number;
  pageKey: string | null;
  siteKey: string | null;
}

/** The analyses holding a lexeme, [slot, shape, slot, shape, …], while at most 100 do; else how many do. */
type Holders = number[] | number;

interface Tenant {
  documents: Map<string, Document>;
  bySlot: (Document | undefined)[];
  freeSlots: number[];
  holders: Map<number, Holders>;
  pages: Map<string, Document[]>;
  /** A rank summed per slot during a search (searches run one at a time, to their end). */
  sums: Float64Array;
  touched: Int32Array;
}

/** A search the index answers: one without filters. */
export type IndexSearch = Omit<RelatedSearch, "jsonContent" | "metadata">;

/** The database's limits (0003_related_search_terms.sql): query lexemes, and the holders a lexeme may have. */
const QUERY_LEXEMES = 8;
const MIN_HOLDERS = 2;
const MAX_HOLDERS = 100;
/**
 * What the index holds besides its arena, as measured over 100,000 synthetic analyses (heap used after a
 * full collection): an analysis (its object, its id, its entries in the maps), a lexeme (its text and ids),
 * an analysis in a lexeme's holders.
 */
const BYTES_PER_DOCUMENT = 300;
const BYTES_PER_LEXEME = 100;
const BYTES_PER_HOLDER = 16;
/** A shape id fits in 21 bits while a lexeme's entries are sorted (lexeme × 2²¹ + shape is exact below 2⁵³). */
const SHAPE_IDS = 2 ** 21;
/** Shapes of up to 24 positions are keyed by a number (base 4, after a leading 1); longer ones by a string. */
const NUMBER_KEYED_POSITIONS = 24;

const holderCount = (held: Holders | undefined) =>
  held === undefined ? 0 : typeof held === "number" ? held : held.length / 2;

export function createRelatedIndex(maxBytes: number) {
  const tenants = new Map<string, Tenant>();
  /** Each analysis's tenant. */
  const homes = new Map<string, Tenant>();
  const lexemeIds = new Map<string, number>();
  const lexemeTexts: string[] = [];
  const shapeIds = new Map<number | string, number>();
  const shapeWeightedCounts: number[] = [];
  const shapeRankParts: number[] = [];
  const siteKeys = new Map<string, string>();
  const arena = createEntriesArena(function* () {
    for (const tenant of tenants.values()) for (const document of tenant.bySlot) if (document) yield document;
  });
  let documentCount = 0;
  /** Holders kept in lists (a lexeme more than 100 analyses hold keeps a count). */
  let listedHolders = 0;
  let overBudget = false;
  /** A document's entries while they are read: [lexeme × 2²¹ + shape, …]. */
  let keys = new Float64Array(1024);
  let keyCount = 0;
  let pairs = new Int32Array(2048);

  const intern = (lexeme: string) => {
    let id = lexemeIds.get(lexeme);
    if (id === undefined) {
      const own = ownCopy(lexeme);
      id = lexemeTexts.length;
      lexemeIds.set(own, id);
      lexemeTexts.push(own);
    }
    return id;
  };
  function shapeOf(weights: readonly number[]): number {
    let key: number | string = 1;
    if (weights.length <= NUMBER_KEYED_POSITIONS) for (const weight of weights) key = key * 4 + weight;
    else key = weights.join("");
    let id = shapeIds.get(key);
    if (id === undefined) {
      id = shapeWeightedCounts.length;
      if (id >= SHAPE_IDS) overBudget = true;
      shapeIds.set(key, id);
      shapeWeightedCounts.push(weightedCount(weights));
      shapeRankParts.push(lexemeRankPart(weights));
    }
    return id;
  }
  const byLexemeText = (a: number, b: number) =>
    compareCodePoints(lexemeTexts[a] as string, lexemeTexts[b] as string);

  function tenantOf(tenantId: string): Tenant {
    let tenant = tenants.get(tenantId);
    if (!tenant) {
      tenant = {
        documents: new Map(),
        bySlot: [],
        freeSlots: [],
        holders: new Map(),
        pages: new Map(),
        sums: new Float64Array(0),
        touched: new Int32Array(0),
      };
      tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  /** The holders of a lexeme that fell to 100 again, read from the documents. */
  function holdersOf(tenant: Tenant, lexeme: number): number[] {
    const held: number[] = [];
    const bytes = arena.bytes();
    for (const document of tenant.bySlot) {
      if (!document) continue;
      const { entriesAt } = document;
      const shape = shapeIn(bytes, lexeme, entriesAt, entriesAt + document.entriesLength);
      if (shape >= 0) held.push(document.slot, shape);
    }
    listedHolders += held.length / 2;
    return held;
  }

  const entriesOf = (document: Document) =>
    decodeEntries(arena.bytes(), document.entriesAt, document.entriesAt + document.entriesLength);

  /** `slot` holds `lexeme` now, with `shape`. */
  function hold(tenant: Tenant, lexeme: number, slot: number, shape: number): void {
    const held = tenant.holders.get(lexeme);
    if (held === undefined) {
      tenant.holders.set(lexeme, [slot, shape]);
      listedHolders++;
    } else if (typeof held === "number") {
      tenant.holders.set(lexeme, held + 1);
    } else if (held.length / 2 < MAX_HOLDERS) {
      held.push(slot, shape);
      listedHolders++;
    } else {
      tenant.holders.set(lexeme, MAX_HOLDERS + 1);
      listedHolders -= MAX_HOLDERS;
    }
  }

  /** `slot` no longer holds `lexeme` (its document's entries already say so). */
  function release(tenant: Tenant, lexeme: number, slot: number): void {
    const held = tenant.holders.get(lexeme);
    if (typeof held === "number") {
      tenant.holders.set(lexeme, held > MAX_HOLDERS + 1 ? held - 1 : holdersOf(tenant, lexeme));
    } else if (held) {
      let index = 0;
      while (held[index] !== slot) index += 2;
      held.splice(index, 2);
      listedHolders--;
      if (held.length === 0) tenant.holders.delete(lexeme);
    }
  }

  /** `slot`'s shape of `lexeme`, which it still holds, is `shape` now. */
  function reshape(tenant: Tenant, lexeme: number, slot: number, shape: number): void {
    const held = tenant.holders.get(lexeme);
    if (typeof held !== "object") return;
    let index = 0;
    while (held[index] !== slot) index += 2;
    held[index + 1] = shape;
  }

  function readKey(lexeme: string, weights: readonly number[]): void {
    if (keyCount === keys.length) {
      const grown = new Float64Array(keys.length * 2);
      grown.set(keys);
      keys = grown;
    }
    keys[keyCount++] = intern(lexeme) * SHAPE_IDS + shapeOf(weights);
  }

  /** A row's lexemes as [lexeme, shape, …] in ascending lexeme order, in a view valid until the next call. */
  function pairsOf(words: string): Int32Array {
    keyCount = 0;
    readTsvectorText(words, readKey);
    const sorted = keys.subarray(0, keyCount).sort();
    if (pairs.length < keyCount * 2) pairs = new Int32Array(keyCount * 4);
    for (let at = 0; at < keyCount; at++) {
      const key = sorted[at] as number;
      pairs[at * 2] = Math.floor(key / SHAPE_IDS);
      pairs[at * 2 + 1] = key % SHAPE_IDS;
    }
    return pairs.subarray(0, keyCount * 2);
  }

  /** Keeps a document's entries in the arena. */
  function keepEntries(document: Document, pairs: Int32Array): void {
    const entries = encodeEntries(pairs);
    document.entriesAt = arena.write(entries);
    document.entriesLength = entries.length;
  }

  function setPage(tenant: Tenant, document: Document, pageKey: string | null): void {
    const old = document.pageKey === null ? undefined : tenant.pages.get(document.pageKey);
    if (old) {
      old.splice(old.indexOf(document), 1);
      if (old.length === 0) tenant.pages.delete(document.pageKey as string);
    }
    document.pageKey = pageKey;
    if (pageKey === null) return;
    const page = tenant.pages.get(pageKey);
    if (page) page.push(document);
    else tenant.pages.set(pageKey, [document]);
  }

  function checkBudget(): void {
    const bytes =
      arena.byteLength() +
      documentCount * BYTES_PER_DOCUMENT +
      lexemeTexts.length * BYTES_PER_LEXEME +
      listedHolders * BYTES_PER_HOLDER;
    if (bytes > maxBytes) overBudget = true;
  }

  function remove(analysisId: string): void {
    const tenant = homes.get(analysisId);
    const document = tenant?.documents.get(analysisId);
    if (!tenant || !document) return;
    homes.delete(analysisId);
    tenant.documents.delete(analysisId);
    tenant.bySlot[document.slot] = undefined;
    tenant.freeSlots.push(document.slot);
    const entries = entriesOf(document);
    arena.free(document);
    for (let at = 0; at < entries.length; at += 2) release(tenant, entries[at] as number, document.slot);
    setPage(tenant, document, null);
    documentCount--;
  }

  /** An analysis the index holds, written again: only the lexemes it gained or lost touch their holders. */
  function replace(tenant: Tenant, document: Document, row: RelatedDocumentRow): void {
    const before = entriesOf(document);
    const after = pairsOf(row.words);
    // the entries first: a lexeme falling to 100 holders is counted again from them
    arena.free(document);
    keepEntries(document, after);
    document.updatedMs = row.updatedMs;
    document.siteKey = siteKeyOf(row.siteKey);
    if (document.pageKey !== row.pageKey) setPage(tenant, document, row.pageKey);
    let b = 0;
    let a = 0;
    while (b < before.length || a < after.length) {
      const old = b < before.length ? (before[b] as number) : Number.POSITIVE_INFINITY;
      const now = a < after.length ? (after[a] as number) : Number.POSITIVE_INFINITY;
      if (old < now) {
        release(tenant, old, document.slot);
        b += 2;
      } else if (now < old) {
        hold(tenant, now, document.slot, after[a + 1] as number);
        a += 2;
      } else {
        if (before[b + 1] !== after[a + 1]) reshape(tenant, now, document.slot, after[a + 1] as number);
        b += 2;
        a += 2;
      }
    }
    checkBudget();
  }

  function add(row: RelatedDocumentRow): void {
    const tenant = tenantOf(row.tenantId);
    const pairs = pairsOf(row.words);
    const slot = tenant.freeSlots.pop() ?? tenant.bySlot.length;
    const document: Document = {
      analysisId: row.analysisId,
      slot,
      updatedMs: row.updatedMs,
      pageKey: null,
      siteKey: siteKeyOf(row.siteKey),
      entriesAt: 0,
      entriesLength: 0,
    };
    keepEntries(document, pairs);
    for (let at = 0; at < pairs.length; at += 2) {
      hold(tenant, pairs[at] as number, slot, pairs[at + 1] as number);
    }
    tenant.documents.set(row.analysisId, document);
    homes.set(row.analysisId, tenant);
    tenant.bySlot[slot] = document;
    setPage(tenant, document, row.pageKey);
    documentCount++;
    checkBudget();
  }

  /** One string per site for all its analyses (a library has few sites and many analyses of each). */
  function siteKeyOf(siteKey: string | null): string | null {
    if (siteKey === null) return null;
    const kept = siteKeys.get(siteKey);
    if (kept !== undefined) return kept;
    siteKeys.set(siteKey, siteKey);
    return siteKey;
  }

  /**
   * The source's lexemes of highest tf-idf among those 2 to 100 of the tenant's analyses hold (ties by
   * byte order), in byte order: the order Postgres sums their rank parts in.
   */
  function queryLexemes(tenant: Tenant, source: Document): number[] {
    const analyses = tenant.documents.size;
    const lexemes: number[] = [];
    const scores: number[] = [];
    const entries = entriesOf(source);
    for (let at = 0; at < entries.length; at += 2) {
      const lexeme = entries[at] as number;
      const holders = holderCount(tenant.holders.get(lexeme));
      if (holders < MIN_HOLDERS || holders > MAX_HOLDERS) continue;
      const idf = Math.log(1 + (analyses - holders + 0.5) / (holders + 0.5));
      const score = (shapeWeightedCounts[entries[at + 1] as number] as number) * idf;
      // kept best first, at most QUERY_LEXEMES
      let place = lexemes.length;
      while (
        place > 0 &&
        (score > (scores[place - 1] as number) ||
          (score === scores[place - 1] && byLexemeText(lexeme, lexemes[place - 1] as number) < 0))
      ) {
        place--;
      }
      if (place >= QUERY_LEXEMES) continue;
      lexemes.splice(place, 0, lexeme);
      scores.splice(place, 0, score);
      if (lexemes.length > QUERY_LEXEMES) {
        lexemes.pop();
        scores.pop();
      }
    }
    return lexemes.sort(byLexemeText);
  }

  /** Each holder's rank, summed in the query's order as Postgres sums it (ts-rank.ts); how many slots. */
  function sumRanks(tenant: Tenant, source: Document, query: number[]): number {
    if (tenant.sums.length < tenant.bySlot.length) {
      tenant.sums = new Float64Array(tenant.bySlot.length * 2);
      tenant.touched = new Int32Array(tenant.bySlot.length * 2);
    }
    const { sums, touched } = tenant;
    let count = 0;
    for (const lexeme of query) {
      const held = tenant.holders.get(lexeme) as number[];
      for (let at = 0; at < held.length; at += 2) {
        const slot = held[at] as number;
        if (slot === source.slot) continue;
        // a rank part is never 0 (each position weighs at least 0.1): 0 marks a slot not yet summed
        if (sums[slot] === 0) touched[count++] = slot;
        sums[slot] = addRankPart(sums[slot] as number, shapeRankParts[held[at + 1] as number] as number);
      }
    }
    return count;
  }

  return {
    /** False once the index outgrew its budget: the database must answer. */
    usable: () => !overBudget,

    /** Rows read while the index is built, each of an analysis not in it yet. */
    load(rows: RelatedDocumentRow[]): void {
      for (const row of rows) add(row);
    },

    /** Once every document is loaded: gives back the room the arena grew into. */
    loaded(): void {
      arena.trim();
      checkBudget();
    },

    /** After writes: `analysisIds` those written (deleted ones too), `rows` their documents now. */
    refresh(analysisIds: string[], rows: RelatedDocumentRow[]): void {
      const written = new Map(rows.map((row) => [row.analysisId, row]));
      for (const analysisId of analysisIds) {
        const row = written.get(analysisId);
        const tenant = homes.get(analysisId);
        const document = tenant?.documents.get(analysisId);
        if (row && tenant && document && tenants.get(row.tenantId) === tenant) {
          replace(tenant, document, row);
          written.delete(analysisId);
        } else {
          remove(analysisId);
        }
      }
      for (const row of written.values()) add(row);
    },

    /** One page of related analysis ids, as related_analysis_ids answers it; null for an unknown analysis. */
    search({ tenantId, analysisId, offset, limit }: IndexSearch): string[] | null {
      const tenant = tenants.get(tenantId);
      const source = tenant?.documents.get(analysisId);
      if (!tenant || !source) return null;
      const query = queryLexemes(tenant, source);
      const count = sumRanks(tenant, source, query);
      const { sums, touched, bySlot } = tenant;

      const candidates: Document[] = [];
      const relatedness: number[] = [];
      let best = 0;
      for (let at = 0; at < count; at++) {
        const textScore = finishRank(sums[touched[at] as number] as number, query.length);
        if (textScore > best) best = textScore;
      }
      const scale = best === 0 ? 1 : best;
      const samePage = source.pageKey === null ? [] : (tenant.pages.get(source.pageKey) ?? []);
      for (const document of samePage) {
        // no word shared (text score 0, so no site boost): the same page alone
        if (document !== source && sums[document.slot] === 0) {
          candidates.push(document);
          relatedness.push(2 * scale);
        }
      }
      for (let at = 0; at < count; at++) {
        const slot = touched[at] as number;
        const document = bySlot[slot] as Document;
        const textScore = finishRank(sums[slot] as number, query.length);
        sums[slot] = 0;
        const isSamePage = source.pageKey !== null && document.pageKey === source.pageKey;
        const isSameSite = source.siteKey !== null && document.siteKey === source.siteKey;
        const score =
          textScore + (isSameSite && textScore > 0 ? 0.5 * scale : 0) + (isSamePage ? 2 * scale : 0);
        if (score > 0) {
          candidates.push(document);
          relatedness.push(score);
        }
      }
      const order = (a: number, b: number) =>
        (relatedness[b] as number) - (relatedness[a] as number) ||
        (candidates[b] as Document).updatedMs - (candidates[a] as Document).updatedMs ||
        compareCodePoints((candidates[a] as Document).analysisId, (candidates[b] as Document).analysisId);
      return firstInOrder(candidates.length, offset + limit, order)
        .slice(offset)
        .map((at) => (candidates[at] as Document).analysisId);
    },
  };
}

/** The first `count` of the indexes 0…total−1 in `order`: kept by insertion when few, else by a full sort. */
function firstInOrder(total: number, count: number, order: (a: number, b: number) => number): number[] {
  const indexes = Array.from({ length: total }, (_, at) => at);
  if (count > 32 || count >= total) return indexes.sort(order).slice(0, count);
  const first: number[] = [];
  for (const index of indexes) {
    let place = first.length;
    while (place > 0 && order(index, first[place - 1] as number) < 0) place--;
    if (place < count) {
      first.splice(place, 0, index);
      if (first.length > count) first.pop();
    }
  }
  return first;
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
