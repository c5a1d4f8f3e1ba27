import { describe, expect, it } from "vitest";
import { exportFile } from "../../lib/export/export-file";
import { escapeInline, exportMarkdown } from "../../lib/export/export-markdown";
import { parseMarkdown } from "../../lib/markdown";
import { cachedRow } from "./helpers/cached-rows";

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

  it("keeps page text from breaking the structure: escaped title, a fence longer than any backticks inside", () => {
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
    const blocks = parseMarkdown(markdown);
    const headings = blocks.filter((block) => block.type === "heading");
    expect(headings.map((block) => block.type === "heading" && block.level)).toEqual([1, 2, 3, 3, 3]);
    const title = headings[1];
    expect(title?.type === "heading" && title.children).toEqual([
      {
        type: "link",
        href: "https://example.com/a_(b)",
        children: [{ type: "text", text: "[Click](javascript:alert(1)) <b>bold</b> ## not a heading" }],
      },
    ]);
    const code = blocks.find((block) => block.type === "code");
    expect(code?.type === "code" && JSON.parse(code.text)).toEqual({ code: "```js\nx\n```" });
    expect(markdown).toContain("````json\n");
  });

  it("links only http(s) pages, falls back to the URL or id as title, and leaves out what a partial row lacks", () => {
    const markdown = exportMarkdown(
      [
        cachedRow({ analysis: { url: "javascript:alert(1)", title: "" } }),
        {
          analysisId: "ana_p",
          updatedAt: "2026-11-22T10:00:00.000Z",
          partial: true,
          pageUrl: "",
          pageId: "",
          host: "",
          cachedAt: 1,
        },
      ],
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
