/**
 * A link to a passage of a page as a text fragment (`#:~:text=…`, https://wicg.github.io/scroll-to-text-fragment/),
 * which Chrome and Firefox (131 and later) scroll to and highlight when they open the page:
 * - each term is percent-encoded, and so are the three characters the directive's syntax uses (`-`, `&`, `,`);
 * - a passage of more than `WHOLE_WORDS` words is given by its first and last `EDGE_WORDS` words
 *   (`textStart,textEnd`), which keeps the address short and still matches across the page's markup;
 * - when the text the directive names occurs more than once on the page, the words just before and after
 *   it are added (`prefix-,…,-suffix`) so the browser picks the right one.
 */
import type { SourcePassage } from "./find-sources";

/** Passages of up to this many words are named whole. */
const WHOLE_WORDS = 10;
/** Words of a long passage's start and end, and of a prefix or suffix. */
const EDGE_WORDS = 4;

/** One term of a text directive, percent-encoded: `encodeURIComponent` leaves `-` as it is. */
export function encodeTextTerm(term: string): string {
  return encodeURIComponent(term).replace(/-/g, "%2D");
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** How often `needle` occurs in `haystack`, as a browser matches a directive: case and white space folded. */
function occurrences(haystack: string, needle: string): number {
  const folded = haystack.toLowerCase().replace(/\s+/g, " ");
  const target = needle.toLowerCase().replace(/\s+/g, " ");
  let count = 0;
  for (let at = folded.indexOf(target); at !== -1; at = folded.indexOf(target, at + 1)) count++;
  return count;
}

/** The text directive for `passage` of `pageText` (without `#:~:`). */
export function textDirective(pageText: string, passage: SourcePassage): string {
  const passageWords = words(passage.text);
  const long = passageWords.length > WHOLE_WORDS;
  const start = long ? passageWords.slice(0, EDGE_WORDS).join(" ") : passageWords.join(" ");
  const end = long ? passageWords.slice(-EDGE_WORDS).join(" ") : null;
  const terms = [encodeTextTerm(start), ...(end === null ? [] : [encodeTextTerm(end)])];
  if (occurrences(pageText, start) > 1 || (end !== null && occurrences(pageText, end) > 1)) {
    const prefix = words(pageText.slice(0, passage.start)).slice(-EDGE_WORDS).join(" ");
    const suffix = words(pageText.slice(passage.end)).slice(0, EDGE_WORDS).join(" ");
    if (prefix) terms.unshift(`${encodeTextTerm(prefix)}-`);
    if (suffix) terms.push(`-${encodeTextTerm(suffix)}`);
  }
  return `text=${terms.join(",")}`;
}

/** `pageUrl` (its own fragment dropped) opening at `passage`. */
export function textFragmentUrl(pageUrl: string, pageText: string, passage: SourcePassage): string {
  const url = new URL(pageUrl);
  url.hash = "";
  return `${url.href}#:~:${textDirective(pageText, passage)}`;
}
