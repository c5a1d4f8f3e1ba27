import { describe, expect, it } from "vitest";
import { foldAccents } from "../../lib/text/fold-accents";

describe("foldAccents", () => {
  it("takes the marks off letters, keeping their case", () => {
    expect(foldAccents("élection à Zürich, Ñandú, São Tomé")).toBe("election a Zurich, Nandu, Sao Tome");
  });

  it("writes the letters no decomposition takes apart as plain letters", () => {
    expect(foldAccents("Straße")).toBe("Strasse");
    expect(foldAccents("GROẞ")).toBe("GROSS");
    expect(foldAccents("Œuvre, cœur, Ærø, Æsop")).toBe("OEuvre, coeur, AEro, AEsop");
    expect(foldAccents("Øre, søster, Łódź, łąka")).toBe("Ore, soster, Lodz, laka");
  });

  it("leaves plain text as it is", () => {
    expect(foldAccents("plain ASCII text 123")).toBe("plain ASCII text 123");
  });
});
