import type { PageModel, PageSentence } from "./page-model";

/** Weighted query terms: the prompt's at full weight, title terms as a weak signal, and so on. */
export type QueryWeights = Map<string, number>;

export interface RankOptions {
  /** 0 = deterministic order; higher values shake the scores (seeded, so still reproducible). */
  temperature?: number;
  random?: () => number;
  /** How much the query-independent prior weighs against a query match (default 0.55). */
  priorWeight?: number;
}

export interface RankedSentence {
  sentence: PageSentence;
  score: number;
  /** BM25 part only: > 0 when the sentence shares a query term. */
  match: number;
}

const K1 = 1.2;
const B = 0.75;
const HEADING_BONUS = 0.5;
/** How much the query-independent prior weighs against a query match. */
const PRIOR_WEIGHT = 0.55;

export function queryWeights(...parts: Array<[terms: Iterable<string>, weight: number]>): QueryWeights {
  const weights: QueryWeights = new Map();
  for (const [terms, weight] of parts) {
    for (const term of terms) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  }
  return weights;
}

/**
 * Scores every sentence: BM25 of the query terms (sentences as documents, through the page's
 * postings), a bonus when the section heading matches, plus the sentence's prior (centrality and
 * position), so that a prompt sharing no word with the page still gets the gist.
 */
export function rankSentences(
  model: PageModel,
  query: QueryWeights,
  options: RankOptions = {},
): RankedSentence[] {
  const { sentences } = model;
  const count = sentences.length;
  if (count === 0) return [];
  const averageLength = Math.max(1, model.averageSentenceLength);
  const matches = new Float64Array(count);
  const queryIdf = new Map<string, number>();
  for (const [term, weight] of query) {
    const list = model.postings.get(term);
    if (!list) continue;
    const idf = Math.log(1 + (count - list.length + 0.5) / (list.length + 0.5));
    queryIdf.set(term, weight * idf);
    for (const index of list) {
      const sentence = sentences[index];
      if (!sentence) continue;
      const frequency = sentence.termFrequency.get(term) ?? 0;
      const norm = K1 * (1 - B + (B * sentence.terms.length) / averageLength);
      matches[index] = (matches[index] ?? 0) + (weight * idf * frequency * (K1 + 1)) / (frequency + norm);
    }
  }
  const sectionBonus = model.sections.map((section) => {
    let bonus = 0;
    for (const term of section.headingTerms) bonus += queryIdf.get(term) ?? 0;
    return bonus * HEADING_BONUS;
  });

  let maxMatch = 0;
  for (const sentence of sentences) {
    let match = matches[sentence.index] ?? 0;
    if (match > 0 && sentence.section >= 0) match += sectionBonus[sentence.section] ?? 0;
    matches[sentence.index] = match;
    maxMatch = Math.max(maxMatch, match);
  }

  const scale = Math.max(1, 0.4 * maxMatch);
  const temperature = options.temperature ?? 0;
  const random = options.random;
  const priorWeight = options.priorWeight ?? PRIOR_WEIGHT;
  return sentences
    .map((sentence) => {
      const match = matches[sentence.index] ?? 0;
      let score = (match + scale * priorWeight * sentence.prior) * sentence.lengthFactor;
      if (temperature > 0 && random) score += temperature * scale * 0.6 * random();
      return { sentence, score, match };
    })
    .sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index);
}

/**
 * Takes the best `count` sentences, skipping near-duplicates of ones already taken, and returns them
 * in the page's order.
 */
export function pickSentences(ranked: RankedSentence[], count: number): PageSentence[] {
  const picked: PageSentence[] = [];
  for (const { sentence } of ranked) {
    if (picked.length >= count) break;
    if (picked.some((other) => other.text === sentence.text || similarTerms(other, sentence) > 0.6)) continue;
    picked.push(sentence);
  }
  return picked.sort((a, b) => a.index - b.index);
}

/** Jaccard similarity of two sentences' term sets: above 0.6 one nearly repeats the other. */
export function similarTerms(a: PageSentence, b: PageSentence): number {
  const left = a.termFrequency;
  const right = b.termFrequency;
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const term of left.keys()) if (right.has(term)) shared++;
  return shared / (left.size + right.size - shared);
}
