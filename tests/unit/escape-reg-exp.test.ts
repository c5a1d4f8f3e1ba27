import { describe, expect, it } from "vitest";
import { escapeRegExp } from "../../lib/text/escape-reg-exp";

describe("escapeRegExp", () => {
  it("makes every special character match itself", () => {
    const text = String.raw`a.b*c+d?e^f$g{h}i(j)k|l[m]n\o`;
    const pattern = new RegExp(`^${escapeRegExp(text)}$`);
    expect(pattern.test(text)).toBe(true);
    expect(pattern.test(text.replace(".", "x"))).toBe(false);
  });

  it("leaves ordinary text as it is", () => {
    expect(escapeRegExp("Ada Lovelace, 1815")).toBe("Ada Lovelace, 1815");
    expect(escapeRegExp("1.5 (beta)")).toBe(String.raw`1\.5 \(beta\)`);
  });
});
