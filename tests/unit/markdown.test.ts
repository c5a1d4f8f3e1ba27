import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownView } from "../../components/markdown-view";
import { type MarkdownInline, parseInline, parseMarkdown, safeHref } from "../../lib/markdown";

const text = (value: string): MarkdownInline => ({ type: "text", text: value });

describe("parseMarkdown blocks", () => {
  it("splits paragraphs on blank lines and keeps soft line breaks", () => {
    expect(parseMarkdown("One line\nsame paragraph\n\nSecond")).toEqual([
      { type: "paragraph", children: [text("One line\nsame paragraph")] },
      { type: "paragraph", children: [text("Second")] },
    ]);
  });

  it("reads ATX and setext headings", () => {
    expect(parseMarkdown("# Title #\n### Third\nTop\n===\nSub\n---")).toEqual([
      { type: "heading", level: 1, children: [text("Title")] },
      { type: "heading", level: 3, children: [text("Third")] },
      { type: "heading", level: 1, children: [text("Top")] },
      { type: "heading", level: 2, children: [text("Sub")] },
    ]);
    expect(parseMarkdown("#hashtag")).toEqual([{ type: "paragraph", children: [text("#hashtag")] }]);
  });

  it("reads bullet and ordered lists, tight and loose, nested by indentation", () => {
    expect(parseMarkdown("- one\n- two\n  - inner\n- three")).toEqual([
      {
        type: "list",
        ordered: false,
        tight: true,
        items: [
          [{ type: "paragraph", children: [text("one")] }],
          [
            { type: "paragraph", children: [text("two")] },
            {
              type: "list",
              ordered: false,
              tight: true,
              items: [[{ type: "paragraph", children: [text("inner")] }]],
            },
          ],
          [{ type: "paragraph", children: [text("three")] }],
        ],
      },
    ]);
    expect(parseMarkdown("3. a\n\n4. b")).toEqual([
      {
        type: "list",
        ordered: true,
        start: 3,
        tight: false,
        items: [
          [{ type: "paragraph", children: [text("a")] }],
          [{ type: "paragraph", children: [text("b")] }],
        ],
      },
    ]);
  });

  it("does not start a list inside a paragraph with a number other than 1", () => {
    expect(parseMarkdown("In\n2019. was a year")).toEqual([
      { type: "paragraph", children: [text("In\n2019. was a year")] },
    ]);
  });

  it("keeps fenced code verbatim, with its language", () => {
    expect(parseMarkdown("```js\nconst a = `*x*`;\n<b>\n```\nafter")).toEqual([
      { type: "code", language: "js", text: "const a = `*x*`;\n<b>" },
      { type: "paragraph", children: [text("after")] },
    ]);
  });

  it("reads block quotes and rules", () => {
    expect(parseMarkdown("> quoted\n> **bold**\n\n---")).toEqual([
      {
        type: "blockquote",
        children: [
          { type: "paragraph", children: [text("quoted\n"), { type: "strong", children: [text("bold")] }] },
        ],
      },
      { type: "rule" },
    ]);
  });

  it("survives deep nesting and very long odd input", () => {
    const deep = `${">".repeat(5000)} x`;
    expect(() => parseMarkdown(deep)).not.toThrow();
    const started = performance.now();
    parseMarkdown("*a ".repeat(50_000));
    parseMarkdown("[".repeat(20_000));
    parseMarkdown(`\`\`\`${"a".repeat(100_000)}\``);
    parseMarkdown(`https://a.example/(${")".repeat(100_000)}`);
    parseMarkdown(`# ${" ".repeat(100_000)}x`);
    parseMarkdown("<".repeat(100_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("parseInline", () => {
  it("reads emphasis, strong, strike-through and code spans", () => {
    expect(parseInline("*em* **strong** __also__ _em_ ~~gone~~ `a*b*`")).toEqual([
      { type: "emphasis", children: [text("em")] },
      text(" "),
      { type: "strong", children: [text("strong")] },
      text(" "),
      { type: "strong", children: [text("also")] },
      text(" "),
      { type: "emphasis", children: [text("em")] },
      text(" "),
      { type: "strike", children: [text("gone")] },
      text(" "),
      { type: "code", text: "a*b*" },
    ]);
  });

  it("nests strong inside emphasis", () => {
    expect(parseInline("*a **b** c*")).toEqual([
      { type: "emphasis", children: [text("a "), { type: "strong", children: [text("b")] }, text(" c")] },
    ]);
  });

  it("leaves unmatched delimiters, snake_case and spaced stars as text", () => {
    expect(parseInline("2 * 3 * 4 and snake_case_name and *open")).toEqual([
      text("2 * 3 * 4 and snake_case_name and *open"),
    ]);
  });

  it("honours backslash escapes and hard breaks", () => {
    expect(parseInline("\\*not em\\* a  \nb\\\nc")).toEqual([
      text("*not em* a"),
      { type: "break" },
      text("b"),
      { type: "break" },
      text("c"),
    ]);
  });

  it("keeps links with safe addresses only", () => {
    expect(parseInline('[site](https://example.com/a_(b) "Title")')).toEqual([
      { type: "link", href: "https://example.com/a_(b)", title: "Title", children: [text("site")] },
    ]);
    expect(parseInline("[x](javascript:alert(1))")).toEqual([text("x")]);
    expect(parseInline("[rel](/relative)")).toEqual([text("rel")]);
    expect(parseInline("[mail](mailto:a@example.com)")).toEqual([
      { type: "link", href: "mailto:a@example.com", children: [text("mail")] },
    ]);
  });

  it("turns images into links (no remote image is loaded)", () => {
    expect(parseInline("![a chart](https://example.com/c.png)")).toEqual([
      { type: "link", href: "https://example.com/c.png", children: [text("a chart")] },
    ]);
  });

  it("links autolinks and bare https URLs without trailing punctuation", () => {
    expect(parseInline("See <https://a.example/x> and https://b.example/y?z=1. Done")).toEqual([
      text("See "),
      { type: "link", href: "https://a.example/x", children: [text("https://a.example/x")] },
      text(" and "),
      { type: "link", href: "https://b.example/y?z=1", children: [text("https://b.example/y?z=1")] },
      text(". Done"),
    ]);
    expect(parseInline("(see https://c.example/p)")).toEqual([
      text("(see "),
      { type: "link", href: "https://c.example/p", children: [text("https://c.example/p")] },
      text(")"),
    ]);
  });

  it("keeps raw HTML as text", () => {
    expect(parseInline('<img src=x onerror="alert(1)"> <script>alert(1)</script>')).toEqual([
      text('<img src=x onerror="alert(1)"> <script>alert(1)</script>'),
    ]);
    expect(parseMarkdown("<div>\n<b>hi</b>\n</div>")).toEqual([
      { type: "paragraph", children: [text("<div>\n<b>hi</b>\n</div>")] },
    ]);
  });
});

describe("safeHref", () => {
  it("accepts http(s) and mailto, refuses everything else", () => {
    expect(safeHref(" https://example.com ")).toBe("https://example.com/");
    expect(safeHref("http://example.com/a")).toBe("http://example.com/a");
    expect(safeHref("JavaScript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,hi")).toBeNull();
    expect(safeHref("/path")).toBeNull();
    expect(safeHref("")).toBeNull();
  });
});

describe("MarkdownView", () => {
  const render = (text: string, topHeadingLevel?: number) =>
    renderToStaticMarkup(createElement(MarkdownView, { text, topHeadingLevel }));

  it("renders elements, never the text's HTML", () => {
    const html = render(
      '<img src=x onerror="alert(1)"> **bold** [x](javascript:alert(1))\n\n<script>alert(2)</script>',
    );
    expect(html).toBe(
      '<div class="markdown"><p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <strong>bold</strong> x</p>' +
        "<p>&lt;script&gt;alert(2)&lt;/script&gt;</p></div>",
    );
  });

  it("opens links in a new tab without access to the popup, and shifts headings", () => {
    expect(render("# Title\n\n- [a](https://a.example/)\n- b", 3)).toBe(
      '<div class="markdown"><h3>Title</h3><ul><li><span class="markdown__line">' +
        '<a href="https://a.example/" target="_blank" rel="noopener noreferrer">a</a></span></li>' +
        '<li><span class="markdown__line">b</span></li></ul></div>',
    );
  });
});
