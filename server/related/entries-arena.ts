/**
 * One byte array holding every document's encoded lexemes (lexeme-entries.ts), each in a range of it: a
 * typed array per document cost about 200 bytes of objects besides its ~500 bytes of entries, and each its
 * own allocation, which left the process's heap fragmented after a build. A range written again is written
 * at the end and its old bytes become garbage; once garbage is half the array, the live ranges are moved
 * together.
 */

/** A range of the arena, which a compaction moves (`entriesAt` is updated). */
export interface EntriesRange {
  entriesAt: number;
  entriesLength: number;
}

const FIRST_BYTES = 64 * 1024;

export function createEntriesArena(ranges: () => Iterable<EntriesRange>) {
  let bytes = new Uint8Array(FIRST_BYTES);
  let used = 0;
  let garbage = 0;

  /** Moves the live ranges together, into an array of `size` bytes (at least what they hold). */
  function compact(size: number): void {
    const moved = new Uint8Array(size);
    let at = 0;
    for (const range of ranges()) {
      moved.set(bytes.subarray(range.entriesAt, range.entriesAt + range.entriesLength), at);
      range.entriesAt = at;
      at += range.entriesLength;
    }
    bytes = moved;
    used = at;
    garbage = 0;
  }

  return {
    /** The array now: a write may replace it, so it is read again after each. */
    bytes: () => bytes,
    /** What the arena holds resident. */
    byteLength: () => bytes.byteLength,

    /** Keeps `entries` (which may be a view of a scratch buffer); answers where they start. */
    write(entries: Uint8Array): number {
      if (used + entries.length > bytes.length) {
        if (garbage > used / 2) compact(bytes.length);
        if (used + entries.length > bytes.length) {
          const grown = new Uint8Array(Math.ceil(Math.max(bytes.length * 1.5, used + entries.length)));
          grown.set(bytes.subarray(0, used));
          bytes = grown;
        }
      }
      bytes.set(entries, used);
      used += entries.length;
      return used - entries.length;
    },

    /**
     * Gives back what growing left unused (up to a third of the array), once the build has read every
     * document: a sixteenth is kept for the writes that follow.
     */
    trim(): void {
      const live = used - garbage;
      compact(Math.max(FIRST_BYTES, Math.ceil(live * 1.0625)));
    },

    /** A range no longer kept: its bytes become garbage, and it holds none until it is written again. */
    free(range: EntriesRange): void {
      garbage += range.entriesLength;
      range.entriesLength = 0;
    },
  };
}
