/**
 * Markdown as the plain text a reader sees once it is rendered: line marks (headings, bullets, quotes),
 * emphasis, code marks and fences, separators, links and images (their text kept) and escapes taken off,
 * lines kept. Where a rendered answer cannot be shown (a preview, a row, the popup while the renderer's
 * chunk loads), this is shown instead, so no `**` ever shows. Small on purpose: the popup's first chunk
 * holds it, and the Markdown parser would weigh more than the popup itself.
 */
const FENCE = /^\s*(```|~~~)/;
const SEPARATOR = /^\s*(?:[-*_]\s*){3,}$/;
const HEADING = /^\s{0,3}#{1,6}\s+/;
const QUOTE = /^\s*(?:>\s?)+/;
const BULLET = /^(\s*)[-*+]\s+(?:\[[ xX]\]\s+)?/;
// Each pattern's repeated part cannot cross the mark that ends it, so a line of unclosed marks ("**a **a …",
// "[[[…") is read in linear time: this runs on any text a service sends.
const IMAGE = /!\[([^[\]\n]*)\]\([^()\s]*\)/g;
const LINK = /\[([^[\]\n]+)\]\([^()\s]*\)/g;
const STRONG = /\*\*(?=[^\s*])([^*\n]*?[^\s*])\*\*|__(?=[^\s_])([^_\n]*?[^\s_])__/g;
const EMPHASIS = /(^|[^\p{L}\p{N}*_])([*_])(?=\S)([^*_\n]*?\S)\2(?![\p{L}\p{N}])/gu;
const STRIKE = /~~(?=[^\s~])([^~\n]*?[^\s~])~~/g;
const CODE = /`+([^`]*)`+/g;
const ESCAPE = /\\([\\`*_{}[\]()#+\-.!>~|])/g;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** Stands for an escaped character while the marks are taken off, so `\\*` is never read as emphasis. */
const HELD = /\uE000(\d+)\uE001/g;

function inline(text: string): string {
  const held: string[] = [];
  return text
    .replace(ESCAPE, (_, char: string) => `\uE000${held.push(char) - 1}\uE001`)
    .replace(IMAGE, "$1")
    .replace(LINK, "$1")
    .replace(CODE, "$1")
    .replace(
      STRONG,
      (_, stars: string | undefined, underscores: string | undefined) => stars ?? underscores ?? "",
    )
    .replace(STRIKE, "$1")
    .replace(EMPHASIS, "$1$3")
    .replace(HELD, (_, index: string) => held[Number(index)] ?? "");
}

/** One line of Markdown as plain text ("" for a line that only marks: a fence, a rule, a table's rule). */
export function markdownLineToText(line: string): string {
  if (FENCE.test(line) || SEPARATOR.test(line) || TABLE_RULE.test(line)) return "";
  const bullet = BULLET.exec(line);
  const body = line.replace(HEADING, "").replace(QUOTE, "").replace(BULLET, "");
  return `${bullet ? `${bullet[1]}• ` : ""}${inline(body)}`;
}

/** A Markdown text as plain text, line by line (the lines that only mark left out). */
export function markdownToPlainText(markdown: string): string {
  const lines: string[] = [];
  for (const line of markdown.split("\n")) {
    if (FENCE.test(line) || SEPARATOR.test(line) || TABLE_RULE.test(line)) continue;
    lines.push(markdownLineToText(line));
  }
  return lines.join("\n");
}
