/**
 * What a page may ask of the extractor, checked before any DOM is built: a page that is empty, or whose
 * markup would cost the parser and Readability far more than any real page does, is a per-link failure
 * instead of seconds (or minutes) of work.
 */
import { Parser } from "htmlparser2";
import { type ExtractedPage, type FetchedPage, PageFailure } from "./types";

/**
 * Nesting depth and element count, as the DOM parser (linkedom, on htmlparser2) builds them. Parse time
 * grows with the square of the depth (20,000 levels: half a second; 100,000: about a minute), browsers
 * stop nesting at 512. Extraction time and memory grow with the elements: 50,000 take a few seconds and
 * some 100 MiB (600,000 tiny ones fit under the 5 MiB cap: nearly a minute). 50,000 is also where
 * Readability gives up, so a page past it could only ever be read by the fallback.
 */
const MAX_NESTING_DEPTH = 10_000;
const MAX_ELEMENTS = 50_000;

class LimitExceeded extends Error {}

/** Refuses an empty page (`empty_page`) and HTML past the depth or element limit (`page_too_complex`). */
export function assertPageWithinLimits(page: FetchedPage): void {
  const empty = page.contentType === "application/pdf" ? isBlank(page.body) : page.body.trim() === "";
  if (empty) throw new PageFailure("empty_page", `${page.url} is empty`);
  if (page.contentType !== "text/html") return;
  const exceeded = markupExceedsLimits(page.body);
  if (exceeded) throw new PageFailure("page_too_complex", `${page.url} ${exceeded}`);
}

/** Whether bytes are only ASCII whitespace (or none). */
function isBlank(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d));
}

/** Any letter or digit, in any script: text made only of symbols (odd bytes as U+FFFD) is not text. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Refuses a page the extractor found no text in (`empty_page`). */
export function assertPageHasText(page: ExtractedPage): void {
  if (!WORD_CHARACTER.test(page.analysis.text)) {
    throw new PageFailure("empty_page", `${page.analysis.url} has no text to analyze`);
  }
}

/** Why the markup is past a limit, or `undefined`; one linear pass of the tokenizer, no tree. */
function markupExceedsLimits(html: string): string | undefined {
  let depth = 0;
  let elements = 0;
  let reason: string | undefined;
  const parser = new Parser(
    {
      onopentag() {
        depth++;
        elements++;
        if (depth > MAX_NESTING_DEPTH) reason = `nests elements more than ${MAX_NESTING_DEPTH} levels deep`;
        else if (elements > MAX_ELEMENTS) reason = `has more than ${MAX_ELEMENTS} elements`;
        // Stops the tokenizer at once: the rest of the page does not matter.
        if (reason) throw new LimitExceeded(reason);
      },
      onclosetag() {
        depth--;
      },
    },
    { decodeEntities: false },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error instanceof LimitExceeded) return reason;
    throw error;
  }
  return undefined;
}
