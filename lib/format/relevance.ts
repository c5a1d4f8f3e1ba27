/**
 * The analysis's `score`, shown everywhere (popup, side panel, exports) under one name, "Relevance", in
 * one format. Our service scores how relevant the page's text is to the prompt, from 0 to 1
 * (server/generate/text/relevance.ts); another service may score from 0 to 100. So a score in [0, 1] is a
 * fraction, one above 1 and up to 100 is a percentage already, and anything else is shown as the number
 * it is, since it is on no scale Linklens knows.
 */

/** The score as a percentage from 0 to 100, or undefined when it is on no known scale. */
export function relevancePercent(score: number): number | undefined {
  if (!Number.isFinite(score) || score < 0 || score > 100) return undefined;
  return score <= 1 ? score * 100 : score;
}

let percentFormat: Intl.NumberFormat | undefined;
let numberFormat: Intl.NumberFormat | undefined;

/** "62%" for 0.62 and for 62; "150" or "-3" for a score on no known scale. */
export function formatRelevance(score: number): string {
  const percent = relevancePercent(score);
  if (percent === undefined) {
    numberFormat ??= new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
    return Number.isFinite(score) ? numberFormat.format(score) : String(score);
  }
  percentFormat ??= new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 0 });
  return percentFormat.format(percent / 100);
}
