/**
 * The search index as the side panel holds it: the stored rows (search-block.ts) with their words
 * replaced by numbers into one vocabulary of every distinct word in the library. A term is looked for
 * in the vocabulary (tens of thousands of words, not 100,000 page texts); the analyses holding a
 * matching word are then OR-ed into a bitset, block by block, skipping the rest of a block once every
 * analysis in it matches (a short term matches most words, and most analyses early).
 *
 * Typing usually lengthens a term, and the words containing the longer term are among those containing
 * the shorter one: the last terms' matching words are kept, so a keystroke tests only those. Each
 * term's bitset is kept too: a query of several terms computes only the one typed. Both are kept until
 * the index changes.
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
/** Postings OR-ed into a block between two checks of whether it is full (a check reads BLOCK_WORDS words). */
const FULL_CHECK_POSTINGS = 4 * BLOCK_WORDS;

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

export function createSearchIndex(): SearchIndex {
  const vocabulary: string[] = [];
  const idOf = new Map<string, number>();
  const rows = new Map<string, LoadedRow>();
  let blocks: LoadedRow[][] = [];
  let live: DocBits = new Uint16Array(0);
  /** term → the ids of every indexed word containing it (until the index changes). */
  let wordMatches = new Map<string, Uint32Array>();
  let termBits = new Map<string, DocBits>();
  /** While looking for one term: 1 for the ids of the words containing it. */
  let contains = new Uint8Array(0);

  function wordId(word: string): number {
    let id = idOf.get(word);
    if (id === undefined) {
      id = vocabulary.length;
      vocabulary.push(word);
      idOf.set(word, id);
    }
    return id;
  }

  /**
   * The ids of every word containing `term`: a shorter term inside it already answered narrows the
   * words to test to its own (typing lengthens a term); else the whole vocabulary is tested.
   */
  function wordsContaining(term: string): Uint32Array {
    let base: Uint32Array | undefined;
    for (const [known, ids] of wordMatches) {
      if (term.includes(known) && (!base || ids.length < base.length)) base = ids;
    }
    const matched: number[] = [];
    if (base) {
      for (const id of base) if ((vocabulary[id] as string).includes(term)) matched.push(id);
    } else {
      for (let id = 0; id < vocabulary.length; id++)
        if ((vocabulary[id] as string).includes(term)) matched.push(id);
    }
    return remember(wordMatches, term, Uint32Array.from(matched), REMEMBERED_WORD_MATCHES);
  }

  /** Whether every analysis of the block at `base` is in `bits`. */
  function blockFull(bits: DocBits, base: number): boolean {
    for (let word = base; word < base + BLOCK_WORDS; word++) if (bits[word] !== live[word]) return false;
    return true;
  }

  /**
   * The matching words are found first (in the vocabulary, not the rows); then their postings are OR-ed
   * block by block, and the rest of a block is skipped once all its analyses match.
   */
  function bitsOf(term: string): DocBits {
    const known = termBits.get(term);
    if (known) return remember(termBits, term, known, REMEMBERED_TERM_BITS);
    if (contains.length < vocabulary.length) contains = new Uint8Array(vocabulary.length * 2);
    contains.fill(0, 0, vocabulary.length);
    for (const id of wordsContaining(term)) contains[id] = 1;
    const bits: DocBits = new Uint16Array(live.length);
    blocks.forEach((blockRows, block) => {
      const base = block * BLOCK_WORDS;
      // Postings OR-ed since the block was last found not full: checked again after as many as it has words.
      let added = 0;
      for (const row of blockRows) {
        let start = 0;
        for (let index = 0; index < row.wordIds.length; index++) {
          const end = row.ends[index] as number;
          if (contains[row.wordIds[index] as number] === 1) {
            addPostings(bits, base, row.postings, start, end);
            added += end - start;
            // A short term fills a block part way through a row: the rest of the block adds nothing.
            if (added >= FULL_CHECK_POSTINGS) {
              added = 0;
              if (blockFull(bits, base)) return;
            }
          }
          start = end;
        }
      }
    });
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
