/**
 * Dates and numbers: each date, amount, percentage, duration and count the page states, in page order,
 * with what it is about: the words around it in its sentence (cut to about 25 words). wink-nlp's entities
 * find them in English (DATE, MONEY, PERCENT, DURATION, CARDINAL: tagger.ts); the date patterns of
 * dates.ts add the dates it misses and serve the other languages. A bare count is kept when it is written
 * in digits or counts something ("three ministers"); ordinals and a lone "one" are not figures.
 */
import { throwawayReason } from "../carrying-sentences";
import { DATE_MENTION, MONTH_NAMES } from "../dates";
import type { PageSentence } from "../page-model";
import { type CharRange, clipAround } from "../sentence-window";
import { tag } from "../tagger";
import type { TaskContext } from "./context";

const MAX_FIGURES = 15;
const CONTEXT_WORDS = 25;
/** Fewer words than this around a figure do not say what it is about. */
const MIN_CONTEXT_WORDS = 5;
const LABELS: Record<string, string> = {
  DATE: "date",
  TIME: "time",
  DURATION: "duration",
  MONEY: "amount",
  PERCENT: "percentage",
  CARDINAL: "count",
};
/** A sentence worth tagging: a digit, a month or a number word. */
const MAY_HOLD_A_FIGURE =
  /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen)\b/iu;
const WORD_COUNT_FOLLOWED = /^\s+\p{Ll}/u;
/** A figure holds a digit, a number word or a month: "next year", "Monday" or "recently" tell no date. */
const FIGURE_WORD = new RegExp(
  `\\d|\\b(?:${MONTH_NAMES}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen)\\b`,
  "iu",
);

interface Figure extends CharRange {
  label: string;
  sentence: PageSentence;
}

export function answerFigures(context: TaskContext): string {
  const figures: Figure[] = [];
  const seen = new Set<string>();
  for (const sentence of context.model.sentences) {
    if (figures.length >= MAX_FIGURES) break;
    const reason = throwawayReason(sentence.text);
    if (reason === "markup" || reason === "promotion" || !MAY_HOLD_A_FIGURE.test(sentence.text)) continue;
    if (!saysWhatItIsAbout(sentence.text)) continue;
    for (const figure of figuresIn(sentence, context.model.language)) {
      const key = sentence.text.slice(figure.start, figure.end).toLowerCase();
      if (seen.has(key) || figures.length >= MAX_FIGURES) continue;
      seen.add(key);
      figures.push(figure);
    }
  }
  if (figures.length === 0) return "The page states no dates or numbers.";
  return figures
    .map(({ sentence, start, end, label }) => {
      const { text } = sentence;
      const about = clipAround(text, [{ start, end }], CONTEXT_WORDS);
      return `- **${text.slice(start, end)}** (${label}): ${about}`;
    })
    .join("\n");
}

/**
 * Whether a sentence can tell what its figures are about: a few words of prose, not a table row
 * ("Rockledge 14 11 6 15 — 44"), a reference ("2015; 28: 685-690."), an address or a lone "Am 12.".
 */
function saysWhatItIsAbout(text: string): boolean {
  if (/https?:\/\/|www\.|\bdoi:/iu.test(text)) return false;
  const words = text.match(/\p{L}[\p{L}'’-]*/gu)?.length ?? 0;
  const numbers = text.match(/\d+/gu)?.length ?? 0;
  return words >= MIN_CONTEXT_WORDS && words > numbers * 2;
}

/** The figures of one sentence, in order, none inside another. */
function figuresIn(sentence: PageSentence, language: string): Figure[] {
  const { text } = sentence;
  const found: Figure[] = [];
  if (language === "en") {
    for (const entity of tag(text).entities) {
      const label = LABELS[entity.type];
      if (!label) continue;
      const value = text.slice(entity.start, entity.end);
      if (
        entity.type === "CARDINAL" &&
        !/\d/.test(value) &&
        !WORD_COUNT_FOLLOWED.test(text.slice(entity.end))
      )
        continue;
      if (/^(?:one|a|an)$/iu.test(value) || !FIGURE_WORD.test(value)) continue;
      found.push({ start: entity.start, end: entity.end, label, sentence });
    }
  }
  for (const match of text.matchAll(DATE_MENTION)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (!/\d/.test(match[0]) || found.some((figure) => figure.start < end && start < figure.end)) continue;
    found.push({ start, end, label: "date", sentence });
  }
  if (language !== "en") {
    for (const match of text.matchAll(/\d[\d.,]*\s*(?:%|€|\$|£|prozent|por\s+ciento|pour\s+cent)?/giu)) {
      const start = match.index ?? 0;
      const end = start + match[0].trimEnd().length;
      if (found.some((figure) => figure.start < end && start < figure.end)) continue;
      found.push({
        start,
        end,
        label: /%|cent|prozent/iu.test(match[0]) ? "percentage" : "number",
        sentence,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
