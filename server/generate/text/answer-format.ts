/**
 * How an answer made of the page's sentences is laid out: long sentences kept whole or cut around the
 * prompt's words, sentences grouped into one or two paragraphs, Markdown kept from reading a sentence as
 * a heading or a bullet, words quoted in a list ("“a”, “b” or “c”").
 */
import type { PageSentence } from "./page-model";
import { clipAround, termRanges, wordCount } from "./sentence-window";

/** How an answer starts when the page names none of the prompt's words. */
export const NOT_MENTIONED = "The page does not mention";

/** A sentence of a summary or list longer than this is cut around the prompt's words, when it has some. */
const LONG_SENTENCE_WORDS = 100;
/** A run-on "sentence" (text without punctuation) that matches nothing is cut at its end beyond this. */
const RUN_ON_WORDS = 200;

/** A long sentence kept whole, or cut around the prompt's words; only a run-on matching nothing is cut at its end. */
export function keepWhole(text: string, terms: ReadonlySet<string>, language: string): string {
  const anchors = termRanges(text, terms, language);
  const clipped = clipAround(text, anchors, LONG_SENTENCE_WORDS);
  if (anchors.length > 0 || wordCount(clipped) <= RUN_ON_WORDS) return clipped;
  return `${text.split(/\s+/).slice(0, RUN_ON_WORDS).join(" ")}…`;
}

/** Splits the chosen sentences into two paragraphs when there are many, at a paragraph change near the middle. */
export function toParagraphs(chosen: Array<{ sentence: PageSentence; text: string }>): string[] {
  if (chosen.length < 5) return [chosen.map(({ text }) => text).join(" ")];
  const middle = chosen.length / 2;
  let cut = Math.round(middle);
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let index = 2; index <= chosen.length - 2; index++) {
    const previous = chosen[index - 1];
    const current = chosen[index];
    if (!previous || !current || previous.sentence.paragraph === current.sentence.paragraph) continue;
    const distance = Math.abs(index - middle);
    if (distance < bestDistance) {
      bestDistance = distance;
      cut = index;
    }
  }
  return [chosen.slice(0, cut), chosen.slice(cut)].map((part) => part.map(({ text }) => text).join(" "));
}

/** Keeps a sentence that starts like a Markdown block ("# …", "- …", "1. …", "> …") plain text. */
export function escapeMarkdownLineStart(text: string): string {
  return text.replace(/^(#{1,6}\s|[-+*>]\s)/, "\\$1").replace(/^(\d+)([.)]\s)/, "$1\\$2");
}

export function quoteList(words: string[]): string {
  const quoted = words.slice(0, 4).map((word) => `“${word}”`);
  if (quoted.length === 1) return quoted[0] ?? "";
  return `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}
