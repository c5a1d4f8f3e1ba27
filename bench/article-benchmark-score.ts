/**
 * The metric of Zyte's article-extraction-benchmark (its `evaluate.py`), in TypeScript so that the bench
 * needs no Python: each text as the multiset of its 4-token shingles (`\w+` tokens, case kept), per page
 * the shares of true positives, false positives and false negatives among all of its shingles (so a long
 * page weighs no more than a short one), precision averaged over the pages that predicted something,
 * recall over the pages that have an article, and F1 of those two means. Bootstrap deviations and
 * `accuracy` are left out: the bench prints the three figures only.
 */

/**
 * Python's `\w` on text: a letter or a number of any script, or `_`. Unlike `\p{L}` in a word regex, it
 * holds no combining marks (`isalnum()` is false for them), so a mark splits a token as it does there.
 */
const TOKEN = /[\p{L}\p{N}_]+/gu;

const SHINGLE = 4;

export interface ShingleCounts {
  tp: number;
  fp: number;
  fn: number;
}

export interface BenchmarkFigures {
  f1: number;
  precision: number;
  recall: number;
}

/** The shingles of a list of tokens, in order: fewer than four tokens are one shingle, none are none. */
function shingleList(tokens: string[]): string[] {
  const starts = tokens.length === 0 ? 0 : Math.max(1, tokens.length - SHINGLE + 1);
  // U+0000 never occurs in a token, so joining with it keeps distinct shingles distinct.
  return Array.from({ length: starts }, (_, at) => tokens.slice(at, at + SHINGLE).join("\u0000"));
}

function countsOf(shingles: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const shingle of shingles) counts.set(shingle, (counts.get(shingle) ?? 0) + 1);
  return counts;
}

const shinglesOf = (text: string) => countsOf(shingleList(text.match(TOKEN) ?? []));

/** A page's true positives, false positives and false negatives, as shares of their sum. */
export function shingleCounts(expected: string, predicted: string): ShingleCounts {
  const truth = shinglesOf(expected);
  const found = shinglesOf(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...truth.keys(), ...found.keys()])) {
    const want = truth.get(key) ?? 0;
    const got = found.get(key) ?? 0;
    tp += Math.min(want, got);
    fp += Math.max(0, got - want);
    fn += Math.max(0, want - got);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

export function pagePrecision({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  return tp === 0 && fp === 0 ? 0 : tp / (tp + fp);
}

export function pageRecall({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  return tp === 0 && fn === 0 ? 0 : tp / (tp + fn);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The benchmark's three figures over pages (as `metrics_from_tp_fp_fns`). */
export function benchmarkFigures(pages: ShingleCounts[]): BenchmarkFigures {
  const precision = mean(pages.filter((page) => page.tp + page.fp > 0).map(pagePrecision));
  const recall = mean(pages.filter((page) => page.tp + page.fn > 0).map(pageRecall));
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
}

/**
 * The stretches of `text` that no shingle of `other` covers (each shingle of `other` used once, as the
 * metric counts it), in order, as the text has them: what one side has that the other has not.
 */
export function unmatchedStretches(text: string, other: string): string[] {
  const tokens = [...text.matchAll(TOKEN)];
  const shingles = shingleList(tokens.map((token) => token[0]));
  const left = shinglesOf(other);
  const covered = new Array<boolean>(tokens.length).fill(false);
  shingles.forEach((shingle, at) => {
    const count = left.get(shingle) ?? 0;
    if (count === 0) return;
    left.set(shingle, count - 1);
    covered.fill(true, at, Math.min(tokens.length, at + SHINGLE));
  });
  const stretches: string[] = [];
  for (let at = 0; at < tokens.length; at++) {
    if (covered[at]) continue;
    let end = at;
    while (end + 1 < tokens.length && !covered[end + 1]) end++;
    const first = tokens[at]?.index ?? 0;
    const last = tokens[end];
    stretches.push(text.slice(first, (last?.index ?? 0) + (last?.[0].length ?? 0)).replace(/\s+/g, " "));
    at = end;
  }
  return stretches;
}
