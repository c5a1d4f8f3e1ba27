/**
 * The stored search index: which analyses hold which words. Each cached analysis has a number (`docNo`);
 * analyses are grouped in blocks of BLOCK_DOCS consecutive numbers, and a block's words are spread over
 * BLOCK_BUCKETS rows by a hash of the word. A row lists its words and, for each, the analyses holding it
 * as offsets inside the block, or as a bitset of the block when most of it does.
 *
 * Writing an analysis rewrites only the rows of its block (a few hundred kB), and the side panel reads
 * the whole index in a few hundred rows.
 */

export const BLOCK_DOCS = 4096;
export const BLOCK_BUCKETS = 32;
/** A block's bitset, in 16-bit words. A word's postings are a bitset exactly when they have this length. */
export const BLOCK_WORDS = BLOCK_DOCS / 16;

export interface SearchBlockRow {
  block: number;
  bucket: number;
  /** The write that last changed it (see `LibraryMetaRow`), so readers see which rows changed. */
  seq: number;
  words: string[];
  /** Word i's postings are `postings[ends[i - 1] ?? 0 .. ends[i]]`. */
  ends: Uint32Array;
  /** Sorted offsets in the block (fewer than BLOCK_WORDS), or a bitset of BLOCK_WORDS words. */
  postings: Uint16Array;
}

export const blockOf = (docNo: number) => Math.floor(docNo / BLOCK_DOCS);

/** FNV-1a over the UTF-16 code units: the same bucket for a word in every context. */
export function bucketOf(word: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index++) {
    hash ^= word.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BLOCK_BUCKETS;
}

/** A row's words with their sorted offsets, to change and encode again. */
export function decodeBlockRow(row: SearchBlockRow): Map<string, number[]> {
  const words = new Map<string, number[]>();
  let start = 0;
  row.words.forEach((word, index) => {
    const end = row.ends[index] as number;
    const postings = row.postings.subarray(start, end);
    start = end;
    if (postings.length !== BLOCK_WORDS) {
      words.set(word, Array.from(postings));
      return;
    }
    const offsets: number[] = [];
    postings.forEach((bits, wordIndex) => {
      for (let bit = 0; bits !== 0; bit++, bits >>>= 1) if (bits & 1) offsets.push(wordIndex * 16 + bit);
    });
    words.set(word, offsets);
  });
  return words;
}

/** The row for `words` (each with sorted, distinct offsets; none empty). */
export function encodeBlockRow(
  block: number,
  bucket: number,
  seq: number,
  words: ReadonlyMap<string, readonly number[]>,
): SearchBlockRow {
  let size = 0;
  for (const offsets of words.values()) size += Math.min(offsets.length, BLOCK_WORDS);
  const postings = new Uint16Array(size);
  const ends = new Uint32Array(words.size);
  let end = 0;
  let index = 0;
  for (const offsets of words.values()) {
    if (offsets.length >= BLOCK_WORDS) {
      for (const offset of offsets) {
        const word = end + (offset >> 4);
        postings[word] = (postings[word] as number) | (1 << (offset & 15));
      }
      end += BLOCK_WORDS;
    } else {
      postings.set(offsets, end);
      end += offsets.length;
    }
    ends[index++] = end;
  }
  return { block, bucket, seq, words: [...words.keys()], ends, postings };
}
