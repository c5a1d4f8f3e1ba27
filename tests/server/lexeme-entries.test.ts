/**
 * The related index's packed lexemes (server/related/lexeme-entries.ts) read back as written, and the arena
 * that keeps them (server/related/entries-arena.ts) keeps them through its compactions.
 */
import { describe, expect, it } from "vitest";
import { createEntriesArena, type EntriesRange } from "../../server/related/entries-arena";
import { decodeEntries, encodeEntries, shapeIn } from "../../server/related/lexeme-entries";

describe("lexeme entries", () => {
  const pairs = Int32Array.from([0, 0, 1, 127, 128, 128, 300, 5, 16_384, 2_000_000, 2_100_000, 1]);

  it("decode to the pairs encoded, small and large ids alike, in fewer bytes than the pairs", () => {
    const bytes = encodeEntries(pairs);
    expect(decodeEntries(bytes)).toEqual(pairs);
    expect(bytes.byteLength).toBeLessThan(pairs.byteLength / 2);
    expect(decodeEntries(encodeEntries(new Int32Array(0)))).toEqual(new Int32Array(0));
  });

  it("answer a lexeme's shape, or −1 for a lexeme they do not hold", () => {
    const bytes = encodeEntries(pairs);
    for (let at = 0; at < pairs.length; at += 2)
      expect(shapeIn(bytes, pairs[at] as number)).toBe(pairs[at + 1]);
    for (const absent of [2, 129, 16_383, 3_000_000]) expect(shapeIn(bytes, absent)).toBe(-1);
  });
});

describe("the entries arena", () => {
  it("keeps every live range's bytes when ranges are written again and it compacts", () => {
    const ranges: (EntriesRange & { value: number })[] = [];
    const arena = createEntriesArena(() => ranges);
    const bytesOf = (value: number) => new Uint8Array(300).fill(value);
    for (let value = 0; value < 200; value++) {
      const entries = bytesOf(value);
      ranges.push({ value, entriesAt: arena.write(entries), entriesLength: entries.length });
    }
    // each range written again four times: most of the arena becomes garbage, and is compacted away
    for (let round = 1; round <= 4; round++) {
      for (const range of ranges) {
        arena.free(range);
        range.value = (range.value + 1) % 256;
        const entries = bytesOf(range.value);
        range.entriesAt = arena.write(entries);
        range.entriesLength = entries.length;
      }
    }
    for (const range of ranges) {
      const kept = arena.bytes().subarray(range.entriesAt, range.entriesAt + range.entriesLength);
      expect(kept).toEqual(bytesOf(range.value));
    }
    expect(arena.byteLength()).toBeLessThan(200 * 300 * 3);
  });
});
