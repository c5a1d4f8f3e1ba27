/**
 * What `npm run bench:prompts` holds our summaries against: ROUGE-1 (unigram F1, words lower-cased, no
 * stemming, as the ROUGE paper's ROUGE-N with N = 1) against the publisher's description, beside two
 * baselines made from the same extracted text: Lead-N (its first N sentences) and TextRank (the N sentences
 * a PageRank over word-overlap similarity ranks first, in page order; Mihalcea and Tarau, 2004).
 */

const WORD = /[\p{L}\p{N}]+/gu;
const SENTENCE_END = /(?<=[.!?…]["”’)]*)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u;
const DAMPING = 0.85;
const ITERATIONS = 30;

const wordsOf = (text: string) => (text.toLowerCase().match(WORD) ?? []) as string[];

/** ROUGE-1 F1 of `candidate` against `reference`. */
export function rouge1(candidate: string, reference: string): number {
  const counts = new Map<string, number>();
  const referenceWords = wordsOf(reference);
  for (const word of referenceWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  const candidateWords = wordsOf(candidate);
  let overlap = 0;
  for (const word of candidateWords) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(word, left - 1);
    }
  }
  if (overlap === 0) return 0;
  const precision = overlap / candidateWords.length;
  const recall = overlap / referenceWords.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The text's sentences: its lines cut at sentence ends. */
export function plainSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(SENTENCE_END))
    .map((sentence) => sentence.trim())
    .filter((sentence) => WORD.test(sentence) && sentence.length > 0);
}

/** Lead-N: the first `count` sentences. */
export function leadN(text: string, count: number): string {
  return plainSentences(text).slice(0, count).join(" ");
}

/** TextRank: the `count` most central sentences by word overlap, in page order. */
export function textRank(text: string, count: number): string {
  const sentences = plainSentences(text);
  const sets = sentences.map((sentence) => new Set(wordsOf(sentence)));
  const n = sentences.length;
  const weights = sets.map((a, i) =>
    sets.map((b, j) => {
      if (i === j || a.size < 2 || b.size < 2) return 0;
      let shared = 0;
      for (const word of a) if (b.has(word)) shared++;
      return shared / (Math.log(a.size) + Math.log(b.size));
    }),
  );
  const totals = weights.map((row) => row.reduce((sum, weight) => sum + weight, 0));
  let scores = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    scores = scores.map((_, i) => {
      let incoming = 0;
      for (let j = 0; j < n; j++) {
        const total = totals[j] ?? 0;
        if (total > 0) incoming += ((weights[j]?.[i] ?? 0) / total) * (scores[j] ?? 0);
      }
      return 1 - DAMPING + DAMPING * incoming;
    });
  }
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ index }) => sentences[index])
    .join(" ");
}
