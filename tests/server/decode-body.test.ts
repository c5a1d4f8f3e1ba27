import { describe, expect, it } from "vitest";
import { decodeBody } from "../../server/pages/decode-body";

describe("decodeBody", () => {
  it("replaces NUL characters, which no stored text can hold", () => {
    const bytes = new TextEncoder().encode("before\u0000after");
    expect(decodeBody(bytes, "text/plain", false)).toBe("before\uFFFDafter");
  });

  it("follows the header's charset", () => {
    expect(decodeBody(Uint8Array.of(0x63, 0x61, 0x66, 0xe9), "text/html; charset=iso-8859-1", true)).toBe(
      "café",
    );
  });
});
