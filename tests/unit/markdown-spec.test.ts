/**
 * Conformance: every CommonMark 0.31.2 example and the GFM extension examples we support (tables, task
 * list items, strikethrough, extended autolinks), rendered through `MarkdownView` and compared with the
 * spec's HTML after the spec's own normalization (a port of its test/normalize.py), adjusted for what we
 * do differently on purpose:
 * - raw HTML is shown as text, never rendered: examples whose expected HTML passes raw HTML through are
 *   out of scope (counted below), and a separate test checks that none of it becomes an element;
 * - a link or image whose address is not http(s) or mailto is its text, not a link; a kept address is
 *   written in its canonical form (`safeHref`);
 * - an image is a link to it, labelled with its alt text (no remote image is loaded);
 * - links open in a new tab (`target`, `rel`), task lists and table alignment carry the renderer's
 *   classes and styles.
 * The CommonMark examples come from the `commonmark-spec` npm package; the GFM ones from
 * ../shared/testdata/markdown-spec/gfm-extensions.json (see SOURCE there), skipped where that folder is
 * missing. The hand-written
 * parser this renderer replaced passed 332 of the 598 examples in scope (55.5%).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import commonmarkSpec from "commonmark-spec";
import { Parser } from "htmlparser2";
import { beforeAll, describe, expect, it } from "vitest";
import { safeHref } from "../../lib/links/safe-link";
import { sharedTestdata } from "../helpers/shared-testdata";
import { loadMarkdownRenderer, renderMarkdownView } from "./helpers/markdown-view";

interface SpecExample {
  markdown: string;
  html: string;
  example: number;
  section: string;
}

/** The package's examples write a tab as `→`, as the spec's text does; its own test runner turns them back. */
const withTabs = (text: string) => text.replaceAll("\u2192", "\t");

const COMMONMARK_EXAMPLES: SpecExample[] = commonmarkSpec.tests.map((test) => ({
  markdown: withTabs(test.markdown),
  html: withTabs(test.html),
  example: test.number,
  section: test.section,
}));

const GFM_DIR = sharedTestdata("markdown-spec");
const GFM_EXAMPLES: SpecExample[] = GFM_DIR
  ? JSON.parse(readFileSync(join(GFM_DIR, "gfm-extensions.json"), "utf8"))
  : [];

const EXAMPLES = [
  ...COMMONMARK_EXAMPLES.map((example) => ({ ...example, spec: "CommonMark" })),
  ...GFM_EXAMPLES.map((example) => ({ ...example, spec: "GFM" })),
];

/** The start of a tag, comment, declaration or processing instruction, up to its end or the line's. */
const HTML_START = /<[A-Za-z/!?][^>\n]*>?/g;

/** The raw HTML of the Markdown that the spec's HTML passes through (CommonMark copies it verbatim). */
function passedThroughHtml(example: SpecExample): string[] {
  return [...example.html.matchAll(HTML_START)]
    .map((match) => match[0])
    .filter((html) => example.markdown.includes(html));
}

/**
 * CommonMark examples that GFM's extended autolinks (which we support) link on purpose: a bare
 * `https://…`, `www.…` or e-mail address, here inside `<…>` that is not a CommonMark autolink, or alone.
 */
const LINKED_BY_GFM_AUTOLINKS = new Set([602, 606, 608, 611, 612]);

function outOfScope(example: SpecExample & { spec: string }): string | null {
  if (passedThroughHtml(example).length > 0) return "raw HTML, shown as text";
  if (example.spec === "CommonMark" && LINKED_BY_GFM_AUTOLINKS.has(example.example)) {
    return "linked by GFM's extended autolinks";
  }
  return null;
}

function render(markdown: string): string {
  const html = renderMarkdownView({ text: markdown, topHeadingLevel: 1 });
  const inner = /^<div class="markdown">([\s\S]*)<\/div>$/.exec(html);
  if (!inner) throw new Error(`unexpected wrapper: ${html.slice(0, 80)}`);
  return inner[1] as string;
}

// ---------------------------------------------------------------------------------------------------
// The spec's normalization (test/normalize.py), plus our deliberate differences

const BLOCK_TAGS = new Set(
  (
    "article header aside hgroup blockquote hr iframe body li map button object canvas ol caption output " +
    "col p colgroup pre dd progress div section dl table td dt tbody embed textarea fieldset tfoot " +
    "figcaption th figure thead footer tr form ul h1 h2 h3 h4 h5 h6 video script style"
  ).split(" "),
);
const VOID_TAGS = new Set("area base br col embed hr img input link meta source track wbr".split(" "));

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * `side: "expected"` rewrites the spec's HTML the way we render on purpose (unsafe links as text, images as
 * links); `side: "actual"` drops our presentational attributes.
 */
function normalizeHtml(html: string, side: "expected" | "actual"): string {
  let output = "";
  let last: "starttag" | "endtag" | "data" | "other" = "starttag";
  let lastTag = "";
  let inPre = false;
  let text = "";
  /** For each open <a>: whether it is kept (an unsafe link is its text only). */
  const links: boolean[] = [];

  const flushText = () => {
    if (text === "") return;
    let data = text;
    text = "";
    const afterTag = last === "endtag" || last === "starttag";
    const afterBlockTag = afterTag && BLOCK_TAGS.has(lastTag);
    if (afterTag && lastTag === "br") data = data.replace(/^\n+/, "");
    if (!inPre) data = data.replace(/\s+/g, " ");
    if (afterBlockTag && !inPre) data = last === "starttag" ? data.trimStart() : data.trim();
    output += escapeHtml(data);
    last = "data";
  };
  const startTag = (tag: string, attributes: Record<string, string>) => {
    flushText();
    if (tag === "pre") inPre = true;
    if (BLOCK_TAGS.has(tag)) output = output.trimEnd();
    output += `<${tag}`;
    for (const name of Object.keys(attributes).sort()) {
      output += ` ${name}="${escapeHtml(attributes[name] as string)}"`;
    }
    output += ">";
    lastTag = tag;
    last = VOID_TAGS.has(tag) ? "endtag" : "starttag";
  };
  const endTag = (tag: string) => {
    flushText();
    if (tag === "pre") inPre = false;
    else if (BLOCK_TAGS.has(tag)) output = output.trimEnd();
    output += `</${tag}>`;
    lastTag = tag;
    last = "endtag";
  };

  const parser = new Parser(
    {
      onopentag(tag, given) {
        const attributes = { ...given };
        if (side === "expected" && tag === "a") {
          const href = attributes.href === undefined ? null : safeHref(attributes.href);
          links.push(href !== null);
          if (href === null) return;
          attributes.href = href;
        }
        if (side === "expected" && tag === "img") {
          const src = attributes.src === undefined ? null : safeHref(attributes.src);
          const label = attributes.alt || src || "";
          if (src === null || links.includes(true)) {
            text += label;
            return;
          }
          startTag("a", { href: src, ...(attributes.title !== undefined && { title: attributes.title }) });
          text += label;
          endTag("a");
          return;
        }
        if (side === "actual") {
          if (tag === "a") {
            delete attributes.target;
            delete attributes.rel;
          }
          const align = /^text-align:\s*(\w+);?$/.exec(attributes.style ?? "");
          if (align) {
            delete attributes.style;
            attributes.align = align[1] as string;
          }
          if (attributes.class !== undefined) {
            const classes = attributes.class
              .split(/\s+/)
              .filter((name) => name && name !== "contains-task-list" && name !== "task-list-item");
            if (classes.length > 0) attributes.class = classes.join(" ");
            else delete attributes.class;
          }
        }
        startTag(tag, attributes);
      },
      ontext(data) {
        text += data;
      },
      onclosetag(tag, isImplied) {
        // Only the end tags that are written (as the spec's normalizer does): none for void elements.
        if (isImplied || VOID_TAGS.has(tag)) return;
        if (side === "expected" && tag === "a" && links.pop() === false) return;
        endTag(tag);
      },
      oncomment(data) {
        flushText();
        output += `<!--${data}-->`;
        last = "other";
      },
      onprocessinginstruction(_name, data) {
        flushText();
        output += `<${data}>`;
        last = "other";
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  flushText();
  return output;
}

// ---------------------------------------------------------------------------------------------------

/** Elements Markdown itself produces: anything else in our output would be raw HTML let through. */
const MARKDOWN_ELEMENTS = new Set(
  "p h1 h2 h3 h4 h5 h6 ul ol li blockquote pre code em strong del a hr br table thead tbody tr th td input".split(
    " ",
  ),
);

interface Result {
  example: (typeof EXAMPLES)[number];
  rendered: string;
  /** Why the example is out of scope, or `null`. */
  excludedBecause: string | null;
}

describe("Markdown spec examples", () => {
  let results: Result[] = [];
  let inScope: Result[] = [];

  beforeAll(async () => {
    await loadMarkdownRenderer();
    results = EXAMPLES.map((example) => ({
      example,
      rendered: render(example.markdown),
      excludedBecause: outOfScope(example),
    }));
    inScope = results.filter((result) => result.excludedBecause === null);
  });

  it("renders at least 95% of the examples in scope as the spec does", () => {
    const failures = inScope.filter(
      ({ example, rendered }) =>
        normalizeHtml(rendered, "actual") !== normalizeHtml(example.html, "expected"),
    );
    const passed = inScope.length - failures.length;
    const reasons = new Map<string, number>();
    for (const { excludedBecause } of results) {
      if (excludedBecause) reasons.set(excludedBecause, (reasons.get(excludedBecause) ?? 0) + 1);
    }
    const excluded = [...reasons].map(([reason, count]) => `${count} ${reason}`).join(", ");
    const bySpec = (spec: string) => {
      const all = inScope.filter((result) => result.example.spec === spec);
      const ok = all.filter((result) => !failures.includes(result));
      return `${spec} ${ok.length}/${all.length}`;
    };
    console.log(
      `Markdown spec: ${passed}/${inScope.length} examples in scope pass (${((100 * passed) / inScope.length).toFixed(1)}%; ` +
        `${bySpec("CommonMark")}, ${bySpec("GFM")}); out of scope, of ${results.length}: ${excluded}`,
    );
    if (process.env.MARKDOWN_SPEC_FAILURES) {
      for (const { example, rendered } of failures) {
        console.log(
          `#${example.example} ${example.section}\n${JSON.stringify(example.markdown)}\n` +
            `  want ${normalizeHtml(example.html, "expected")}\n  got  ${normalizeHtml(rendered, "actual")}`,
        );
      }
    }
    expect(passed / inScope.length).toBeGreaterThanOrEqual(0.95);
  });

  it("renders no raw HTML and links only to http(s) and mailto, in every example", () => {
    for (const { example, rendered } of results) {
      const context = `example ${example.example} (${example.spec})`;
      for (const [, tag] of rendered.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)) {
        expect(MARKDOWN_ELEMENTS.has(tag as string), `${context}: <${tag}>`).toBe(true);
      }
      for (const [, name, value] of rendered.matchAll(/\s(href|src)="([^"]*)"/g)) {
        expect(name, context).toBe("href");
        expect(safeHref((value as string).replace(/&amp;/g, "&")), `${context}: ${value}`).not.toBeNull();
      }
    }
  });
});
