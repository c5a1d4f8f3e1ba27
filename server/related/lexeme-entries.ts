/**
 * A document's lexemes as the related index keeps them: ascending lexeme ids, each with its shape id
 * (related-index.ts), as unsigned LEB128 varints: the gap from the previous lexeme id, then the shape.
 * Lexemes get ids as they are first seen, so a document's common words have small ids close together:
 * about 2.5 bytes a lexeme instead of the 8 of an Int32Array of pairs, which is what lets 100,000 analyses
 * of ~190 distinct words each fit the index's budget. The index keeps every document's bytes in one array
 * (a range each): a typed array per document cost some 200 bytes of objects besides its ~500 of entries.
 */

/**
 * Reused by every encoding and every decoding: the index copies what it keeps, and reads the rest at once,
 * so neither allocates (a buffer a call, each of its own allocation, fragmented the process's heap).
 */
let scratch = new Uint8Array(4096);
let decoded = new Int32Array(1024);

/**
 * The first `count` of `pairs` ([lexeme, shape, lexeme, shape, …], lexemes ascending) encoded, in a view
 * valid until the next call.
 */
export function encodeEntries(pairs: ArrayLike<number>, count = pairs.length): Uint8Array {
  if (scratch.length < count * 5) scratch = new Uint8Array(count * 5);
  let length = 0;
  let previous = 0;
  const put = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      scratch[length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    scratch[length++] = rest;
  };
  for (let at = 0; at < count; at += 2) {
    const lexeme = pairs[at] as number;
    put(lexeme - previous);
    put(pairs[at + 1] as number);
    previous = lexeme;
  }
  return scratch.subarray(0, length);
}

/** Where a reading of encoded entries is. */
interface Cursor {
  bytes: Uint8Array;
  at: number;
}

function readVarint(cursor: Cursor): number {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = cursor.bytes[cursor.at++] as number;
    value |= (byte & 0x7f) << shift;
    if (byte < 0x80) return value;
  }
}

/** The pairs encoded in `bytes` from `start` to `end`, in a view valid until the next call. */
export function decodeEntries(bytes: Uint8Array, start = 0, end = bytes.length): Int32Array {
  if (decoded.length < (end - start) * 2) decoded = new Int32Array((end - start) * 2);
  const pairs = decoded;
  const cursor = { bytes, at: start };
  let count = 0;
  let lexeme = 0;
  while (cursor.at < end) {
    lexeme += readVarint(cursor);
    pairs[count++] = lexeme;
    pairs[count++] = readVarint(cursor);
  }
  return pairs.subarray(0, count);
}

/** The shape of `lexeme` in the entries encoded from `start` to `end`, or −1 when they do not hold it. */
export function shapeIn(bytes: Uint8Array, lexeme: number, start = 0, end = bytes.length): number {
  const cursor = { bytes, at: start };
  let current = 0;
  while (cursor.at < end) {
    current += readVarint(cursor);
    if (current > lexeme) return -1;
    const shape = readVarint(cursor);
    if (current === lexeme) return shape;
  }
  return -1;
}
