/**
 * The search index as the side panel holds it: the stored rows (search-block.ts) with their words
 * replaced by numbers into one vocabulary of every distinct word in the library. A term is looked for
 * in the vocabulary (tens of thousands of words, not 100,000 page texts); the analyses holding a
 * matching word are then OR-ed into a bitset, block by block, skipping the rest of a block once every
 * analysis in it matches (a short term matches most words, and most analyses early).
 *
 * Words are tested as their rows are read, so a block whose analyses all match early leaves the rest of
 * its words untested. Typing usually lengthens a term, and the words containing the longer term are
 * among those containing the shorter one: the last terms' matching words are kept (when every word was
 * tested), so a keystroke tests only those. Each term's bitset is kept too: a query of several terms
 * computes only the one typed. Both are kept until the index changes.
 */
import { remember } from "./recently-used";
import { BLOCK_WORDS, blockOf, type SearchBlockRow } from "./search-block";

/** Bit `docNo` is set for each matching analysis. */
export type DocBits = Uint16Array;

export function hasDoc(bits: DocBits, docNo: number): boolean {
  return docNo >= 0 && (((bits[docNo >> 4] ?? 0) >> (docNo & 15)) & 1) === 1;
}

export interface LibraryIndex {
  /** The analyses holding each term (lower-cased, no whitespace) inside one of their words. */
  matching(terms: readonly string[]): DocBits;
}

export const blockRowKey = (row: { block: number; bucket: number }) => `${row.block}/${row.bucket}`;

export interface SearchIndex {
  /**
   * Takes the rows written since the last update and the keys of the rows gone, with the numbers of
   * every analysis the library holds; answers a new `LibraryIndex` (a new object, for memoized views).
   */
  update(
    changed: readonly SearchBlockRow[],
    removed: readonly string[],
    docNos: Iterable<number>,
  ): LibraryIndex;
}

interface LoadedRow {
  block: number;
  wordIds: Uint32Array;
  ends: Uint32Array;
  postings: Uint16Array;
}

const REMEMBERED_WORD_MATCHES = 16;
const REMEMBERED_TERM_BITS = 32;

/** ORs one word's postings (offsets, or the block's bitset) into `bits` at the block starting at `base`. */
function addPostings(bits: DocBits, base: number, postings: Uint16Array, start: number, end: number): void {
  if (end - start === BLOCK_WORDS) {
    for (let word = 0; word < BLOCK_WORDS; word++)
      bits[base + word] = (bits[base + word] as number) | (postings[start + word] as number);
    return;
  }
  for (let index = start; index < end; index++) {
    const offset = postings[index] as number;
    const word = base + (offset >> 4);
    bits[word] = (bits[word] as number) | (1 << (offset & 15));
  }
}

/** What is known of a word while looking for one term. */
const UNTESTED = 0;
const CONTAINS = 1;
const LACKS = 2;

export function createSearchIndex(): SearchIndex {
  const vocabulary: string[] = [];
  const idOf = new Map<string, number>();
  const rows = new Map<string, LoadedRow>();
  let blocks: LoadedRow[][] = [];
  let live: DocBits = new Uint16Array(0);
  /** term → the ids of every indexed word containing it (until the index changes). */
  let wordMatches = new Map<string, Uint32Array>();
  let termBits = new Map<string, DocBits>();
  let states = new Uint8Array(0);

  function wordId(word: string): number {
    let id = idOf.get(word);
    if (id === undefined) {
      id = vocabulary.length;
      vocabulary.push(word);
      idOf.set(word, id);
    }
    return id;
  }

  /** Marks every word untested, or, when a shorter term inside `term` is known, only the words containing it. */
  function resetStates(term: string): void {
    let base: Uint32Array | undefined;
    for (const [known, ids] of wordMatches) {
      if (term.includes(known) && (!base || ids.length < base.length)) base = ids;
    }
    if (states.length < vocabulary.length) states = new Uint8Array(vocabulary.length * 2);
    states.fill(base ? LACKS : UNTESTED, 0, vocabulary.length);
    if (base) for (const id of base) states[id] = UNTESTED;
  }

  /** Whether every analysis of the block at `base` is in `bits`. */
  function blockFull(bits: DocBits, base: number): boolean {
    for (let word = base; word < base + BLOCK_WORDS; word++) if (bits[word] !== live[word]) return false;
    return true;
  }

  /** Words are tested as their rows are read: the rows of a block are skipped once all its analyses match. */
  function bitsOf(term: string): DocBits {
    const known = termBits.get(term);
    if (known) return remember(termBits, term, known, REMEMBERED_TERM_BITS);
    resetStates(term);
    const bits: DocBits = new Uint16Array(live.length);
    const matched: number[] = [];
    let everyWordTested = true;
    blocks.forEach((blockRows, block) => {
      const base = block * BLOCK_WORDS;
      for (const [rowIndex, row] of blockRows.entries()) {
        let start = 0;
        let hit = false;
        for (let index = 0; index < row.wordIds.length; index++) {
          const end = row.ends[index] as number;
          const id = row.wordIds[index] as number;
          let state = states[id];
          if (state === UNTESTED) {
            state = (vocabulary[id] as string).includes(term) ? CONTAINS : LACKS;
            states[id] = state;
            if (state === CONTAINS) matched.push(id);
          }
          if (state === CONTAINS) {
            addPostings(bits, base, row.postings, start, end);
            hit = true;
          }
          start = end;
        }
        if (hit && rowIndex < blockRows.length - 1 && blockFull(bits, base)) {
          everyWordTested = false;
          return;
        }
      }
    });
    if (everyWordTested) remember(wordMatches, term, Uint32Array.from(matched), REMEMBERED_WORD_MATCHES);
    return remember(termBits, term, bits, REMEMBERED_TERM_BITS);
  }

  function matching(terms: readonly string[]): DocBits {
    let result: DocBits | undefined;
    for (const term of terms) {
      const bits = bitsOf(term);
      if (!result) result = bits.slice();
      else
        for (let word = 0; word < result.length; word++)
          result[word] = (result[word] as number) & (bits[word] as number);
    }
    return result ?? live.slice();
  }

  return {
    update(changed, removed, docNos) {
      for (const key of removed) rows.delete(key);
      for (const row of changed) {
        rows.set(blockRowKey(row), {
          block: row.block,
          wordIds: Uint32Array.from(row.words, wordId),
          ends: row.ends,
          postings: row.postings,
        });
      }
      blocks = [];
      for (const row of rows.values()) {
        const blockRows = blocks[row.block];
        if (blockRows) blockRows.push(row);
        else blocks[row.block] = [row];
      }
      const numbers = [...docNos];
      let blockCount = blocks.length;
      for (const docNo of numbers) blockCount = Math.max(blockCount, blockOf(docNo) + 1);
      live = new Uint16Array(blockCount * BLOCK_WORDS);
      for (const docNo of numbers) live[docNo >> 4] = (live[docNo >> 4] as number) | (1 << (docNo & 15));
      termBits = new Map();
      wordMatches = new Map();
      return { matching };
    },
  };
}
