import { beforeAll, describe, expect, it } from "vitest";
import { safeHref } from "../../lib/links/safe-link";
import { loadMarkdownRenderer, renderMarkdownView } from "./helpers/markdown-view";

/** The rendered Markdown inside its wrapper, `#` as <h1>, without the newlines between elements. */
function html(text: string): string {
  const rendered = renderMarkdownView({ text, topHeadingLevel: 1 });
  const inner = /^<div class="markdown">([\s\S]*)<\/div>$/.exec(rendered);
  if (!inner) throw new Error(`not rendered as Markdown: ${rendered}`);
  return (inner[1] as string).replace(/>\n+</g, "><");
}

const link = (href: string, text: string) =>
  `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;

// Runs first: the renderer is not loaded yet.
describe("MarkdownView before its renderer has loaded", () => {
  it("shows the text as plain text, escaped, its Markdown marks taken off (never `**` as typed)", () => {
    expect(renderMarkdownView({ text: "**a** <b>b</b>\n\nc" })).toBe(
      '<div class="markdown" style="white-space:pre-wrap">a &lt;b&gt;b&lt;/b&gt;\n\nc</div>',
    );
  });
});

describe("MarkdownView", () => {
  beforeAll(loadMarkdownRenderer);

  describe("blocks", () => {
    it("splits paragraphs on blank lines and keeps soft line breaks", () => {
      expect(html("One line\nsame paragraph\n\nSecond")).toBe("<p>One line\nsame paragraph</p><p>Second</p>");
    });

    it("reads ATX and setext headings", () => {
      expect(html("# Title #\n### Third\nTop\n===\nSub\n---")).toBe(
        "<h1>Title</h1><h3>Third</h3><h1>Top</h1><h2>Sub</h2>",
      );
      expect(html("#hashtag")).toBe("<p>#hashtag</p>");
    });

    it("reads bullet and ordered lists, tight and loose, nested by indentation", () => {
      expect(html("- one\n- two\n  - inner\n- three")).toBe(
        "<ul><li>one</li><li>two\n<ul><li>inner</li></ul></li><li>three</li></ul>",
      );
      expect(html("3. a\n\n4. b")).toBe('<ol start="3"><li><p>a</p></li><li><p>b</p></li></ol>');
    });

    it("does not start a list inside a paragraph with a number other than 1", () => {
      expect(html("In\n2019. was a year")).toBe("<p>In\n2019. was a year</p>");
    });

    it("keeps fenced and indented code verbatim, with its language", () => {
      expect(html("```js\nconst a = `*x*`;\n<b>\n```\nafter")).toBe(
        '<pre><code class="language-js">const a = `*x*`;\n&lt;b&gt;\n</code></pre><p>after</p>',
      );
      expect(html("Code:\n\n    *x* <b>\n")).toBe("<p>Code:</p><pre><code>*x* &lt;b&gt;\n</code></pre>");
    });

    it("reads block quotes and rules", () => {
      expect(html("> quoted\n> **bold**\n\n---")).toBe(
        "<blockquote><p>quoted\n<strong>bold</strong></p></blockquote><hr/>",
      );
    });

    it("reads GFM tables and task lists", () => {
      expect(html("| a | b |\n|:-|-:|\n| 1 | ~~2~~ |")).toBe(
        '<table><thead><tr><th style="text-align:left">a</th><th style="text-align:right">b</th></tr></thead>' +
          '<tbody><tr><td style="text-align:left">1</td><td style="text-align:right"><del>2</del></td></tr></tbody></table>',
      );
      expect(html("- [ ] todo\n- [x] done")).toBe(
        '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled=""/> todo</li>' +
          '<li class="task-list-item"><input type="checkbox" disabled="" checked=""/> done</li></ul>',
      );
    });

    it("shows text nested thousands deep as plain text, and long odd input in reasonable time", () => {
      const deep = `${">".repeat(5000)} x`;
      // Read as plain text: a quote nested 5,000 deep is its words.
      expect(renderMarkdownView({ text: deep })).toBe(
        '<div class="markdown" style="white-space:pre-wrap">x</div>',
      );
      const started = performance.now();
      for (const odd of [
        "*a ".repeat(50_000),
        "[".repeat(20_000),
        `\`\`\`${"a".repeat(100_000)}\``,
        `https://a.example/(${")".repeat(100_000)}`,
        `# ${" ".repeat(100_000)}x`,
        "<".repeat(100_000),
      ]) {
        expect(html(odd).length).toBeGreaterThan(0);
      }
      // Some 3 s on a loaded 2-core machine; a parser that is quadratic here takes minutes.
      expect(performance.now() - started).toBeLessThan(30_000);
    }, 60_000);
  });

  describe("inlines", () => {
    it("reads emphasis, strong, strike-through and code spans", () => {
      expect(html("*em* **strong** __also__ _em_ ~~gone~~ `a*b*`")).toBe(
        "<p><em>em</em> <strong>strong</strong> <strong>also</strong> <em>em</em> <del>gone</del> <code>a*b*</code></p>",
      );
    });

    it("nests strong inside emphasis", () => {
      expect(html("*a **b** c*")).toBe("<p><em>a <strong>b</strong> c</em></p>");
    });

    it("leaves unmatched delimiters, snake_case and spaced stars as text", () => {
      expect(html("2 * 3 * 4 and snake_case_name and *open")).toBe(
        "<p>2 * 3 * 4 and snake_case_name and *open</p>",
      );
    });

    it("honours backslash escapes and hard breaks", () => {
      expect(html("\\*not em\\* a  \nb\\\nc")).toBe("<p>*not em* a<br/>\nb<br/>\nc</p>");
    });

    it("keeps links with safe addresses only", () => {
      expect(html('[site](https://example.com/a_(b) "Title")')).toBe(
        '<p><a href="https://example.com/a_(b)" title="Title" target="_blank" rel="noopener noreferrer">site</a></p>',
      );
      expect(html("[x](javascript:alert(1)) [rel](/relative) [data](data:text/html,hi)")).toBe(
        "<p>x rel data</p>",
      );
      expect(html("[ref]\n\n[ref]: javascript:alert(1)")).toBe("<p>ref</p>");
      expect(html("[mail](mailto:a@example.com)")).toBe(`<p>${link("mailto:a@example.com", "mail")}</p>`);
    });

    it("turns images into links (no remote image is loaded), never a link inside a link", () => {
      expect(html("![a chart](https://example.com/c.png)")).toBe(
        `<p>${link("https://example.com/c.png", "a chart")}</p>`,
      );
      expect(
        html("[![logo](https://example.com/l.png)](https://example.com/) ![x](javascript:alert(1))"),
      ).toBe(`<p>${link("https://example.com/", "logo")} x</p>`);
    });

    it("links autolinks and bare URLs without trailing punctuation", () => {
      expect(html("See <https://a.example/x> and https://b.example/y?z=1. Done")).toBe(
        `<p>See ${link("https://a.example/x", "https://a.example/x")} and ` +
          `${link("https://b.example/y?z=1", "https://b.example/y?z=1")}. Done</p>`,
      );
      expect(html("(see https://c.example/p)")).toBe(
        `<p>(see ${link("https://c.example/p", "https://c.example/p")})</p>`,
      );
    });

    it("links www. addresses and e-mail addresses (GFM)", () => {
      expect(html("www.example.com/a, mail me@example.com.")).toBe(
        `<p>${link("http://www.example.com/a", "www.example.com/a")}, mail ${link("mailto:me@example.com", "me@example.com")}.</p>`,
      );
    });

    it("keeps a backslash in an autolink, percent-encoded", () => {
      expect(html("<https://example.com/a\\b>")).toBe(
        `<p>${link("https://example.com/a%5Cb", "https://example.com/a\\b")}</p>`,
      );
    });

    it("keeps raw HTML as text", () => {
      expect(html('<img src=x onerror="alert(1)"> <script>alert(1)</script>')).toBe(
        "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>",
      );
      expect(html("<div>\n<b>hi</b>\n</div>")).toBe(
        "<p>&lt;div&gt;\n&lt;b&gt;hi&lt;/b&gt;\n&lt;/div&gt;</p>",
      );
    });
  });

  it("renders elements, never the text's HTML", () => {
    expect(
      renderMarkdownView({
        text: '<img src=x onerror="alert(1)"> **bold** [x](javascript:alert(1))\n\n<script>alert(2)</script>',
      }),
    ).toBe(
      '<div class="markdown"><p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <strong>bold</strong> x</p>\n' +
        "<p>&lt;script&gt;alert(2)&lt;/script&gt;</p></div>",
    );
  });

  it("opens links in a new tab without access to the popup, and shifts headings", () => {
    expect(
      renderMarkdownView({ text: "# Title\n\n## Sub\n\n- [a](https://a.example/)\n- b", topHeadingLevel: 3 }),
    ).toBe(
      '<div class="markdown"><h3>Title</h3>\n<h4>Sub</h4>\n<ul>\n' +
        `<li>${link("https://a.example/", "a")}</li>\n<li>b</li>\n</ul></div>`,
    );
    expect(renderMarkdownView({ text: "###### Six", topHeadingLevel: 4 })).toBe(
      '<div class="markdown"><h6>Six</h6></div>',
    );
  });
});

describe("safeHref", () => {
  it("accepts http(s) and mailto, refuses everything else", () => {
    expect(safeHref(" https://example.com ")).toBe("https://example.com/");
    expect(safeHref("http://example.com/a")).toBe("http://example.com/a");
    expect(safeHref("mailto:a@example.com")).toBe("mailto:a@example.com");
    expect(safeHref("JavaScript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,hi")).toBeNull();
    expect(safeHref("/path")).toBeNull();
    expect(safeHref("")).toBeNull();
  });
});
