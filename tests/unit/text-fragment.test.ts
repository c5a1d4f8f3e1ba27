import { describe, expect, it } from "vitest";
import type { SourcePassage } from "../../lib/sources/find-sources";
import { encodeTextTerm, textDirective, textFragmentUrl } from "../../lib/sources/text-fragment";

function passageOf(page: string, text: string, from = 0): SourcePassage {
  const start = page.indexOf(text, from);
  return { start, end: start + text.length, text };
}

describe("text fragments", () => {
  it("percent-encodes a term, with the directive's own '-', '&' and ','", () => {
    expect(encodeTextTerm("Rock-and-roll, salt & pepper: 100%")).toBe(
      "Rock%2Dand%2Droll%2C%20salt%20%26%20pepper%3A%20100%25",
    );
  });

  it("names a short unique passage whole", () => {
    const page = "Intro line.\nThe tram opens in 2028. Nothing else.";
    expect(textDirective(page, passageOf(page, "The tram opens in 2028."))).toBe(
      "text=The%20tram%20opens%20in%202028.",
    );
  });

  it("names a long passage by its first and last words", () => {
    const text =
      "The city council voted on Tuesday to build a tram line between the station and the university.";
    const page = `Title\n${text}\nMore.`;
    expect(textDirective(page, passageOf(page, text))).toBe(
      "text=The%20city%20council%20voted,station%20and%20the%20university.",
    );
  });

  it("adds the words around a passage whose text is not unique on the page", () => {
    const page = "Monday: the line was closed. Later, on Tuesday, the line was closed. Fine.";
    const second = passageOf(page, "the line was closed.", page.indexOf("Tuesday"));
    expect(textDirective(page, second)).toBe(
      "text=closed.%20Later%2C%20on%20Tuesday%2C-,the%20line%20was%20closed.,-Fine.",
    );
  });

  it("finds repeats with case and white space folded, as the browser matches", () => {
    const page = "THE LINE   WAS CLOSED. Then: the line was closed.";
    const second = passageOf(page, "the line was closed.");
    expect(textDirective(page, second)).toContain("Then%3A-,");
  });

  it("replaces the page's own fragment", () => {
    const page = "A short passage here.";
    expect(
      textFragmentUrl("https://example.com/a?b=1#top", page, passageOf(page, "A short passage here.")),
    ).toBe("https://example.com/a?b=1#:~:text=A%20short%20passage%20here.");
  });
});
