/**
 * Word-shingle precision, recall and F1 of an extracted text against the expected one: each text as the
 * multiset of its runs of `SHINGLE` consecutive words, so that a word counts only in its place among its
 * neighbours (a menu repeating the article's words does not score as article).
 */

/** Words, and each Chinese or Japanese character on its own (those scripts do not separate words). */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+/gu;

export const SHINGLE = 3;

export interface TextScore {
  precision: number;
  recall: number;
  f1: number;
}

function shinglesOf(text: string): Map<string, number> {
  const words = text.toLowerCase().match(TOKEN) ?? [];
  const counts = new Map<string, number>();
  const size = Math.min(SHINGLE, words.length);
  for (let at = 0; size > 0 && at + size <= words.length; at++) {
    const shingle = words.slice(at, at + size).join(" ");
    counts.set(shingle, (counts.get(shingle) ?? 0) + 1);
  }
  return counts;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);

export function shingleScore(found: string, expected: string): TextScore {
  const foundShingles = shinglesOf(found);
  const expectedShingles = shinglesOf(expected);
  let overlap = 0;
  for (const [shingle, count] of foundShingles)
    overlap += Math.min(count, expectedShingles.get(shingle) ?? 0);
  const foundTotal = total(foundShingles);
  const expectedTotal = total(expectedShingles);
  if (foundTotal === 0 && expectedTotal === 0) return { precision: 1, recall: 1, f1: 1 };
  const precision = foundTotal === 0 ? 0 : overlap / foundTotal;
  const recall = expectedTotal === 0 ? 0 : overlap / expectedTotal;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Mean precision, recall and F1 over pages (each page weighs the same). */
export function meanScore(scores: TextScore[]): TextScore {
  const mean = (pick: (score: TextScore) => number) =>
    scores.reduce((sum, score) => sum + pick(score), 0) / Math.max(scores.length, 1);
  return { precision: mean((s) => s.precision), recall: mean((s) => s.recall), f1: mean((s) => s.f1) };
}
