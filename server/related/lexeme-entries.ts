/**
 * A document's lexemes as the related index keeps them: ascending lexeme ids, each with its shape id
 * (related-index.ts), as unsigned LEB128 varints in one byte array: the gap from the previous lexeme id,
 * then the shape. Lexemes get ids as they are first seen, so a document's common words have small ids close
 * together: about 2.5 bytes a lexeme instead of the 8 of an Int32Array of pairs, which is what lets 100,000
 * analyses of ~190 distinct words each fit the index's budget.
 */

/** `pairs` ([lexeme, shape, lexeme, shape, …], lexemes ascending) encoded. */
export function encodeEntries(pairs: Int32Array): Uint8Array {
  const bytes = new Uint8Array(pairs.length * 5);
  let length = 0;
  let previous = 0;
  const put = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      bytes[length++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    bytes[length++] = rest;
  };
  for (let at = 0; at < pairs.length; at += 2) {
    const lexeme = pairs[at] as number;
    put(lexeme - previous);
    put(pairs[at + 1] as number);
    previous = lexeme;
  }
  return bytes.slice(0, length);
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

/** The pairs `encodeEntries` was given. */
export function decodeEntries(bytes: Uint8Array): Int32Array {
  const pairs = new Int32Array(bytes.length);
  const cursor = { bytes, at: 0 };
  let count = 0;
  let lexeme = 0;
  while (cursor.at < bytes.length) {
    lexeme += readVarint(cursor);
    pairs[count++] = lexeme;
    pairs[count++] = readVarint(cursor);
  }
  return pairs.slice(0, count);
}

/** The shape of `lexeme` in the encoded entries, or −1 when they do not hold it. */
export function shapeIn(bytes: Uint8Array, lexeme: number): number {
  const cursor = { bytes, at: 0 };
  let current = 0;
  while (cursor.at < bytes.length) {
    current += readVarint(cursor);
    if (current > lexeme) return -1;
    const shape = readVarint(cursor);
    if (current === lexeme) return shape;
  }
  return -1;
}
