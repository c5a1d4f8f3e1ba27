/**
 * A small, safe Markdown parser for generated text: paragraphs, headings (ATX and setext), lists
 * (nested by indentation), block quotes, fenced code, rules; emphasis, strong, strike-through, code
 * spans, links and bare https links. It produces a tree, never HTML: raw HTML in the text stays text,
 * and a link is kept only when its address is http(s) or mailto.
 */

export type MarkdownInline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "emphasis"; children: MarkdownInline[] }
  | { type: "strong"; children: MarkdownInline[] }
  | { type: "strike"; children: MarkdownInline[] }
  | { type: "link"; href: string; title?: string; children: MarkdownInline[] }
  | { type: "break" };

export type MarkdownBlock =
  | { type: "paragraph"; children: MarkdownInline[] }
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: MarkdownInline[] }
  | { type: "code"; language?: string; text: string }
  | { type: "list"; ordered: boolean; start?: number; tight: boolean; items: MarkdownBlock[][] }
  | { type: "blockquote"; children: MarkdownBlock[] }
  | { type: "rule" };

/** Deeper nesting (`>>>>…`, lists in lists…) is read as plain paragraphs: no stack overflow on odd input. */
const MAX_DEPTH = 16;
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The address to link to, or `null` when it is not an absolute http(s) or mailto URL. */
export function safeHref(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  try {
    const url = new URL(trimmed);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n");
  return parseBlocks(lines, 0);
}

// ---------------------------------------------------------------------------------------------------
// Blocks

const FENCE_START = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ ]+(.*?))?(?:[ ]+#+)?[ ]*$/;
const RULE = /^ {0,3}(?:(?:\*[ ]*){3,}|(?:-[ ]*){3,}|(?:_[ ]*){3,})$/;
const SETEXT = /^ {0,3}(=+|-+)[ ]*$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])( +|$)(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;

const isBlank = (line: string) => line.trim() === "";

function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}

interface ListMarker {
  indent: number;
  /** Where the item's content starts (continuation lines are indented this far). */
  contentIndent: number;
  ordered: boolean;
  /** The bullet character or the ordered delimiter, so a change of marker starts a new list. */
  kind: string;
  number: number;
  rest: string;
}

function listMarker(line: string): ListMarker | null {
  const match = LIST_ITEM.exec(line);
  if (!match) return null;
  const [, indent = "", marker = "", spacing = "", rest = ""] = match;
  const ordered = /\d/.test(marker);
  // "-   text" with 5+ spaces: the content starts one space after the marker (CommonMark's rule).
  const gap = rest === "" || spacing.length > 4 ? 1 : spacing.length;
  return {
    indent: indent.length,
    contentIndent: indent.length + marker.length + gap,
    ordered,
    kind: ordered ? marker.slice(-1) : marker,
    number: ordered ? Number.parseInt(marker, 10) : 1,
    rest,
  };
}

/** Whether a line ends a paragraph by starting another block ("2019. was…" does not: only "1." may). */
/** An opening code fence: its marker and language, or `null` (a backtick fence's info has no backtick). */
function fenceStart(line: string): { marker: string; language?: string } | null {
  const match = FENCE_START.exec(line);
  if (!match) return null;
  const marker = match[1] as string;
  const info = (match[2] as string).trim();
  if (marker.startsWith("`") && info.includes("`")) return null;
  const language = info.split(/\s/, 1)[0];
  return language ? { marker, language } : { marker };
}

function startsBlock(line: string): boolean {
  if (fenceStart(line) || ATX_HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const marker = listMarker(line);
  return marker !== null && marker.rest !== "" && (!marker.ordered || marker.number === 1);
}

function parseBlocks(lines: string[], depth: number): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = fenceStart(line);
    if (fence) {
      const { marker } = fence;
      const indent = leadingSpaces(line);
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const current = lines[i] as string;
        const closing = current.trim();
        if (
          closing.startsWith(marker[0] as string) &&
          closing.length >= marker.length &&
          /^(`+|~+)$/.test(closing)
        ) {
          i++;
          break;
        }
        body.push(current.slice(Math.min(indent, leadingSpaces(current))));
        i++;
      }
      blocks.push({
        type: "code",
        ...(fence.language && { language: fence.language }),
        text: body.join("\n"),
      });
      continue;
    }

    const heading = ATX_HEADING.exec(line);
    if (heading) {
      const level = (heading[1] as string).length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: "heading", level, children: parseInline(heading[2] ?? "") });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }

    if (depth < MAX_DEPTH && QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && !isBlank(lines[i] as string)) {
        const current = lines[i] as string;
        const quoted = QUOTE.exec(current);
        // A line without ">" continues the quote's paragraph (lazy continuation).
        inner.push(quoted ? (quoted[1] as string) : current);
        i++;
      }
      blocks.push({ type: "blockquote", children: parseBlocks(inner, depth + 1) });
      continue;
    }

    const marker = depth < MAX_DEPTH ? listMarker(line) : null;
    if (marker) {
      const list = readList(lines, i, marker, depth);
      blocks.push(list.block);
      i = list.next;
      continue;
    }

    // A paragraph: up to a blank line or the start of another block; a setext underline makes it a heading.
    // Trailing spaces stay: two of them before a line end are a hard break.
    const text: string[] = [line.trimStart()];
    i++;
    let setextLevel: 1 | 2 | undefined;
    while (i < lines.length) {
      const current = lines[i] as string;
      if (isBlank(current)) break;
      const underline = SETEXT.exec(current);
      if (underline) {
        setextLevel = (underline[1] as string).startsWith("=") ? 1 : 2;
        i++;
        break;
      }
      if (startsBlock(current)) break;
      text.push(current.trimStart());
      i++;
    }
    const children = parseInline(text.join("\n").trimEnd());
    blocks.push(
      setextLevel ? { type: "heading", level: setextLevel, children } : { type: "paragraph", children },
    );
  }
  return blocks;
}

function readList(
  lines: string[],
  start: number,
  first: ListMarker,
  depth: number,
): { block: MarkdownBlock; next: number } {
  const items: MarkdownBlock[][] = [];
  let tight = true;
  let i = start;
  let marker: ListMarker | null = first;
  while (marker) {
    const content: string[] = [marker.rest];
    const { contentIndent } = marker;
    let blankBefore = false;
    i++;
    while (i < lines.length) {
      const current = lines[i] as string;
      if (isBlank(current)) {
        blankBefore = true;
        content.push("");
        i++;
        continue;
      }
      if (leadingSpaces(current) >= contentIndent) {
        // A block after a blank line inside one item: the list is loose.
        if (blankBefore) tight = false;
        content.push(current.slice(contentIndent));
        blankBefore = false;
        i++;
        continue;
      }
      if (blankBefore || listMarker(current) || startsBlock(current)) break;
      // Lazy continuation of the item's paragraph.
      content.push(current.trim());
      i++;
    }
    while (content.length > 0 && isBlank(content[content.length - 1] as string)) content.pop();
    items.push(parseBlocks(content, depth + 1));
    const next = i < lines.length ? listMarker(lines[i] as string) : null;
    marker = next && next.kind === first.kind && next.ordered === first.ordered ? next : null;
    if (marker && blankBefore) tight = false;
  }
  const block: MarkdownBlock = {
    type: "list",
    ordered: first.ordered,
    ...(first.ordered && first.number !== 1 && { start: first.number }),
    tight,
    items,
  };
  return { block, next: i };
}

// ---------------------------------------------------------------------------------------------------
// Inlines

const ESCAPABLE = new Set("\\`*_{}[]()#+-.!~<>|\"'");
const URL_START = /https?:\/\//y;
const URL_BODY = /[^\s<>"]+/y;
/** Brackets searched for a link's text at most this far, to keep odd input linear. */
const MAX_LINK_TEXT = 500;

export function parseInline(text: string): MarkdownInline[] {
  return new InlineParser(text).parse(0, text.length);
}

class InlineParser {
  /** For a delimiter, the position from which a search for its closer already failed (no closer after it). */
  private readonly noCloserFrom = new Map<string, number>();

  constructor(private readonly text: string) {}

  parse(from: number, to: number): MarkdownInline[] {
    const out: MarkdownInline[] = [];
    const text = this.text;
    let plain = "";
    const flush = () => {
      if (plain) out.push({ type: "text", text: plain });
      plain = "";
    };
    let i = from;
    while (i < to) {
      const char = text[i] as string;

      if (char === "\\") {
        const next = text[i + 1];
        if (next === "\n") {
          flush();
          out.push({ type: "break" });
          i += 2;
          continue;
        }
        if (next !== undefined && i + 1 < to && ESCAPABLE.has(next)) {
          plain += next;
          i += 2;
          continue;
        }
      }

      if (char === "\n") {
        // Two or more spaces before a line end: a hard break; otherwise a soft one (a space when rendered).
        if (plain.endsWith("  ")) {
          plain = plain.replace(/ +$/, "");
          flush();
          out.push({ type: "break" });
        } else {
          plain = `${plain.replace(/ +$/, "")}\n`;
        }
        i++;
        continue;
      }

      if (char === "`") {
        const span = this.codeSpan(i, to);
        if (span) {
          flush();
          out.push({ type: "code", text: span.text });
          i = span.end;
          continue;
        }
        const run = this.runLength(i, "`");
        plain += "`".repeat(run);
        i += run;
        continue;
      }

      if (char === "*" || char === "_" || char === "~") {
        const styled = this.delimited(i, to, char);
        if (styled) {
          flush();
          out.push(styled.node);
          i = styled.end;
          continue;
        }
        const run = this.runLength(i, char);
        plain += char.repeat(run);
        i += run;
        continue;
      }

      if (char === "[" || (char === "!" && text[i + 1] === "[")) {
        const link = this.link(char === "!" ? i + 1 : i, to);
        if (link) {
          flush();
          out.push(...link.nodes);
          i = link.end;
          continue;
        }
      }

      if (char === "<") {
        const close = text.indexOf(">", i + 1);
        if (close !== -1 && close < to) {
          const inner = text.slice(i + 1, close);
          const href = /^[a-z][a-z0-9+.-]*:[^\s<>]*$/i.test(inner) ? safeHref(inner) : null;
          if (href) {
            flush();
            out.push({ type: "link", href, children: [{ type: "text", text: inner }] });
            i = close + 1;
            continue;
          }
        }
      }

      if (char === "h" && !/[\p{L}\p{N}]/u.test(text[i - 1] ?? " ")) {
        const bare = this.bareUrl(i, to);
        if (bare) {
          flush();
          out.push(bare.node);
          i = bare.end;
          continue;
        }
      }

      plain += char;
      i++;
    }
    flush();
    return out;
  }

  private runLength(at: number, char: string): number {
    let end = at;
    while (this.text[end] === char) end++;
    return end - at;
  }

  private codeSpan(at: number, to: number): { text: string; end: number } | null {
    const run = this.runLength(at, "`");
    const key = `code${run}`;
    const contentStart = at + run;
    if (contentStart >= (this.noCloserFrom.get(key) ?? Number.POSITIVE_INFINITY)) return null;
    let search = contentStart;
    for (;;) {
      const found = this.text.indexOf("`".repeat(run), search);
      if (found === -1 || found >= to) {
        this.noCloserFrom.set(key, Math.min(contentStart, this.noCloserFrom.get(key) ?? contentStart));
        return null;
      }
      const length = this.runLength(found, "`");
      if (length === run) {
        let content = this.text.slice(contentStart, found).replace(/\n/g, " ");
        if (/^ .*[^ ].* $/.test(content)) content = content.slice(1, -1);
        return { text: content, end: found + run };
      }
      search = found + length;
    }
  }

  /** `*x*`, `_x_`, `**x**`, `__x__`, `~~x~~` (the closer must follow a non-space and match in length). */
  private delimited(at: number, to: number, char: string): { node: MarkdownInline; end: number } | null {
    const text = this.text;
    const run = this.runLength(at, char);
    if (char === "~" && run !== 2) return null;
    const size = char === "~" ? 2 : run >= 2 ? 2 : 1;
    const after = text[at + size];
    if (after === undefined || /\s/.test(after)) return null;
    const before = text[at - 1] ?? " ";
    // Underscores inside a word (snake_case) are text.
    if (char === "_" && /[\p{L}\p{N}]/u.test(before)) return null;
    const delimiter = char.repeat(size);
    const key = delimiter;
    const contentStart = at + size;
    if (contentStart >= (this.noCloserFrom.get(key) ?? Number.POSITIVE_INFINITY)) return null;
    let search = contentStart + 1;
    for (;;) {
      const found = text.indexOf(delimiter, search);
      if (found === -1 || found + size > to) {
        this.noCloserFrom.set(key, Math.min(contentStart, this.noCloserFrom.get(key) ?? contentStart));
        return null;
      }
      const prev = text[found - 1] as string;
      const next = text[found + size];
      const closes =
        !/\s/.test(prev) &&
        !(char === "_" && next !== undefined && /[\p{L}\p{N}]/u.test(next)) &&
        // A single "*" closer must not be part of "**" (that one belongs to a strong span).
        !(size === 1 && (next === char || prev === char));
      if (closes) {
        const children = this.parse(contentStart, found);
        const type = char === "~" ? "strike" : size === 2 ? "strong" : "emphasis";
        return { node: { type, children }, end: found + size };
      }
      search = found + 1;
    }
  }

  /** `[text](href "title")`; `![alt](src)` becomes a link to the image (pages never load remote images). */
  private link(at: number, to: number): { nodes: MarkdownInline[]; end: number } | null {
    const text = this.text;
    const limit = Math.min(to, at + MAX_LINK_TEXT);
    let depth = 0;
    let close = -1;
    for (let i = at; i < limit; i++) {
      const char = text[i];
      if (char === "\\") i++;
      else if (char === "[") depth++;
      else if (char === "]" && --depth === 0) {
        close = i;
        break;
      }
    }
    if (close === -1 || text[close + 1] !== "(") return null;
    const target =
      /^\(\s*(<[^<>\n]*>|[^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)(?:\s+("[^"\n]*"|'[^'\n]*'))?\s*\)/.exec(
        text.slice(close + 1, Math.min(to, close + 1 + 4096)),
      );
    if (!target) return null;
    const rawHref = (target[1] as string).replace(/^<|>$/g, "");
    const title = target[2]?.slice(1, -1);
    const isImage = text[at - 1] === "!";
    const end = close + 1 + target[0].length;
    const children = this.parse(at + 1, close);
    const href = safeHref(rawHref);
    const label = isImage && children.length === 0 ? [{ type: "text" as const, text: rawHref }] : children;
    if (!href) return { nodes: label, end };
    return { nodes: [{ type: "link", href, ...(title && { title }), children: label }], end };
  }

  private bareUrl(at: number, to: number): { node: MarkdownInline; end: number } | null {
    URL_START.lastIndex = at;
    if (!URL_START.test(this.text)) return null;
    URL_BODY.lastIndex = at;
    const match = URL_BODY.exec(this.text);
    if (!match) return null;
    const found = match[0].slice(0, to - at);
    // Trailing punctuation ends the sentence, not the address; a ")" stays when it closes a "(" in the URL.
    let opens = 0;
    let closes = 0;
    for (const char of found) {
      if (char === "(") opens++;
      else if (char === ")") closes++;
    }
    let end = found.length;
    for (;;) {
      const last = found[end - 1];
      if (last && ".,:;!?*_~'".includes(last)) end--;
      else if (last === ")" && opens < closes) {
        end--;
        closes--;
      } else break;
    }
    const url = found.slice(0, end);
    const href = safeHref(url);
    if (!href || url.length <= "https://".length) return null;
    return { node: { type: "link", href, children: [{ type: "text", text: url }] }, end: at + url.length };
  }
}
