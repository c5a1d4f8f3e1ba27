/**
 * The analysis's `score`, shown everywhere (popup, side panel, exports) under one name, "Relevance", in
 * one format. Our service scores how relevant the page's text is to the prompt, from 0 to 1
 * (server/generate/text/relevance.ts); another service may score from 0 to 100. So a score in [0, 1] is a
 * fraction, one above 1 and up to 100 is a percentage already, and anything else is shown as the number
 * it is, since it is on no scale Linklens knows.
 *
 * The score measures the prompt's words on the page: it means something for a question ("When did the
 * line open?"), and nothing for a request ("Summarize the article", whose words are all instructions,
 * scores 0%). So a score is shown only when the prompt is a question, or not known here (an analysis
 * made elsewhere); for any other prompt the page says why there is none (`relevanceShown`).
 */
import { uiLanguageTag } from "../i18n/ui-language";
import { isQuestion } from "../text/question";

/** The score as a percentage from 0 to 100, or undefined when it is on no known scale. */
export function relevancePercent(score: number): number | undefined {
  if (!Number.isFinite(score) || score < 0 || score > 100) return undefined;
  return score <= 1 ? score * 100 : score;
}

let formats: { tag: string; percent: Intl.NumberFormat; number: Intl.NumberFormat } | undefined;

/** The score's formats in the shown language, made again when another is shown. */
function relevanceFormats(): NonNullable<typeof formats> {
  const tag = uiLanguageTag();
  if (formats?.tag !== tag) {
    formats = {
      tag,
      percent: new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 }),
      number: new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }),
    };
  }
  return formats;
}

/** "62%" for 0.62 and for 62; "150" or "-3" for a score on no known scale. */
export function formatRelevance(score: number): string {
  const percent = relevancePercent(score);
  if (percent === undefined) {
    return Number.isFinite(score) ? relevanceFormats().number.format(score) : String(score);
  }
  return relevanceFormats().percent.format(percent / 100);
}

/** What an analysis shows for its score: the figure, why there is none (not a question), or nothing. */
export type RelevanceShown = { kind: "score"; text: string } | { kind: "notAQuestion" };

/** `score` as shown for an analysis asked `prompt` (`undefined`: this browser never knew the prompt). */
export function relevanceShown(
  score: number | undefined,
  prompt: string | undefined,
): RelevanceShown | undefined {
  if (score === undefined) return undefined;
  if (prompt?.trim() && !isQuestion(prompt)) return { kind: "notAQuestion" };
  return { kind: "score", text: formatRelevance(score) };
}
