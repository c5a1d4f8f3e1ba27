import { describe, expect, it } from "vitest";
import { markdownLineToText, markdownToPlainText } from "../../lib/text/markdown-plain-text";

describe("Markdown as plain text", () => {
  it("takes emphasis, code, links and images off and keeps their words", () => {
    expect(markdownToPlainText("The tram opens on **Friday**, about __half__ of it *new* and ~~old~~.")).toBe(
      "The tram opens on Friday, about half of it new and old.",
    );
    expect(markdownToPlainText("Run `npm test`; see [the docs](https://x.example) ![a map](m.png).")).toBe(
      "Run npm test; see the docs a map.",
    );
    expect(markdownToPlainText("snake_case_name and 2 * 3 * 4 stay \\*as written\\*")).toBe(
      "snake_case_name and 2 * 3 * 4 stay *as written*",
    );
  });

  it("takes line marks off, writes bullets as •, and leaves out fences and rules", () => {
    const markdown = "# Summary\n\n> quoted\n- first\n  * second\n1. one\n---\n```js\ncode()\n```";
    expect(markdownToPlainText(markdown)).toBe("Summary\n\nquoted\n• first\n  • second\n1. one\ncode()");
    expect(markdownLineToText("| --- | --- |")).toBe("");
  });
});
