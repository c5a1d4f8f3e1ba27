/** The related index's packed lexemes (server/related/lexeme-entries.ts) read back as written. */
import { describe, expect, it } from "vitest";
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
