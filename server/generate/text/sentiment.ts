/**
 * The sentiment of a page's text, by wink-nlp's sentiment pipe (a lexicon with negation and intensity:
 * "not good" is negative, "not bad at all" positive), in the pipeline the tagger uses (wink.ts).
 */
import { analysisNlp } from "./wink";

export type SentimentLabel = "positive" | "negative" | "neutral" | "mixed";

/** Beyond ±0.1 (wink's scale is -1 to 1) a text leans one way. */
const LEANING = 0.1;
/** A sentence this far from 0 says something clearly good or bad. */
const CLEAR_SENTENCE = 0.25;
/** Mixed: near 0 overall, from at least this many clearly positive and as many clearly negative sentences. */
const MIXED_MIN_SENTENCES = 2;

/** The sentiment of `text`: a score in [-1, 1] and its label. */
export function sentimentOf(text: string): { score: number; label: SentimentLabel } {
  const nlp = analysisNlp();
  const { its } = nlp;
  const doc = nlp.readDoc(text);
  const score = Math.round(Number(doc.out(its.sentiment)) * 1000) / 1000 || 0;
  if (Math.abs(score) < LEANING) {
    const sentences = doc.sentences().out(its.sentiment) as unknown as number[];
    const positive = sentences.filter((value) => value >= CLEAR_SENTENCE).length;
    const negative = sentences.filter((value) => value <= -CLEAR_SENTENCE).length;
    const mixed = positive >= MIXED_MIN_SENTENCES && negative >= MIXED_MIN_SENTENCES;
    return { score, label: mixed ? "mixed" : "neutral" };
  }
  return { score, label: score > 0 ? "positive" : "negative" };
}

/** The sentiment score of each text, in [-1, 1] (one reading of the model per text). */
export function sentenceSentiments(texts: readonly string[]): number[] {
  const nlp = analysisNlp();
  const { its } = nlp;
  return texts.map((text) => Number(nlp.readDoc(text).out(its.sentiment)) || 0);
}
