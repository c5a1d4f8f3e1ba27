import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { exportFile } from "../../lib/export/export-file";
import { escapeInline, exportMarkdown } from "../../lib/export/export-markdown";
import { cachedRow, partialRow } from "./helpers/cached-rows";
import { loadMarkdownRenderer, renderMarkdownView } from "./helpers/markdown-view";

const NOW = Date.parse("2026-11-23T10:00:00.000Z");

describe("Markdown export", () => {
  it("writes one ## section per analysis: linked title, site, dates, metadata, text, JSON", () => {
    const markdown = exportMarkdown(
      [
        cachedRow({ metadata: { project: "alpha", reviewed: true, owner: null } }),
        cachedRow({ analysisId: "ana_2" }),
      ],
      { now: NOW },
    );
    expect(markdown.match(/^## /gm)).toHaveLength(2);
    const first = markdown.split(/^## /m)[1];
    expect(first).toBe(
      [
        "[A story](<https://news.example.com/story>)",
        "",
        "- Site: example.com",
        "- Author: Ada",
        "- Published: 2026-11-20T08:00:00.000Z",
        "- Relevance: 75%",
        "- Created: 2026-11-22T09:30:00.000Z",
        "- Updated: 2026-11-22T10:00:00.000Z",
        "- Analysis id: ana\\_1",
        "",
        "### Metadata",
        "",
        "- owner: `null`",
        '- project: `"alpha"`',
        "- reviewed: `true`",
        "",
        "### Text",
        "",
        "The story in short.",
        "",
        "### JSON",
        "",
        "```json",
        '{\n  "summary": "short"\n}',
        "```",
        "",
        "",
      ].join("\n"),
    );
    expect(markdown.startsWith("# Linklens export\n\nExported 2026-11-23T10:00:00.000Z, 2 analyses.\n")).toBe(
      true,
    );
  });

  it("keeps page text from breaking the structure: escaped title, a fence longer than any backticks inside", async () => {
    const markdown = exportMarkdown(
      [
        cachedRow({
          analysis: {
            url: "https://example.com/a_(b)",
            title: "[Click](javascript:alert(1)) <b>bold</b>\n## not a heading",
          },
          jsonContent: { code: "```js\nx\n```" },
        }),
      ],
      { now: NOW },
    );
    await loadMarkdownRenderer();
    const html = renderMarkdownView({ text: markdown, topHeadingLevel: 1 });
    const dom = parseDocument(html);
    const headings = DomUtils.findAll((element) => /^h\d$/.test(element.name), dom.children);
    expect(headings.map((heading) => Number(heading.name.slice(1)))).toEqual([1, 2, 3, 3, 3]);
    expect(html).toContain(
      '<h2><a href="https://example.com/a_(b)" target="_blank" rel="noopener noreferrer">' +
        "[Click](javascript:alert(1)) &lt;b&gt;bold&lt;/b&gt; ## not a heading</a></h2>",
    );
    const code = DomUtils.findOne((element) => element.name === "pre", dom.children);
    expect(code && JSON.parse(DomUtils.textContent(code))).toEqual({ code: "```js\nx\n```" });
    expect(markdown).toContain("````json\n");
  });

  it("links only http(s) pages, falls back to the URL or id as title, and leaves out what a partial row lacks", () => {
    const markdown = exportMarkdown(
      [cachedRow({ analysis: { url: "javascript:alert(1)", title: "" } }), partialRow("ana_p")],
      { now: NOW },
    );
    expect(markdown).toContain("## javascript:alert(1)\n");
    expect(markdown).toContain(
      "## ana\\_p\n\n- Updated: 2026-11-22T10:00:00.000Z\n- Analysis id: ana\\_p\n- Only some fields of this analysis were loaded.\n",
    );
    expect(markdown).not.toContain("### Text\n\n\n");
  });

  it("escapes inline Markdown and HTML, on one line", () => {
    expect(escapeInline("a*b_c `d` [e] <f> & ~g~ |h|\nnext")).toBe(
      "a\\*b\\_c \\`d\\` \\[e\\] \\<f\\> \\& \\~g\\~ \\|h\\| next",
    );
  });

  it("as a file: .md, text/markdown", () => {
    const file = exportFile("markdown", [cachedRow()], { now: new Date(2026, 10, 23, 12).getTime() });
    expect(file).toMatchObject({
      filename: "linklens-2026-11-23.md",
      mimeType: "text/markdown;charset=utf-8",
    });
  });
});
