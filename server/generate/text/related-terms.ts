/**
 * A question's terms with the page's other words for them: the stemmer keeps "founded" and "founder",
 * "discovered" and "discovery" apart, but a question means both; "founded" also finds "created"
 * (question-synonyms.ts). The factual answer ranks by them, and its follow-on rule reads them.
 */
import type { PageModel } from "./page-model";
import { synonymTerms } from "./question-synonyms";
import type { QueryWeights } from "./ranking";

/** Stems sharing at least this many first letters are forms of one word ("discover-ed", "discover-y") … */
const RELATED_PREFIX = 5;
/** … when what follows is a suffix that makes a word of that family ("found-er", not "found-ation"). */
const RELATED_SUFFIXES = new Set([
  "",
  "e",
  "i",
  "y",
  "s",
  "er",
  "or",
  "eri",
  "ion",
  "ment",
  "al",
  "ist",
  "ism",
  "ic",
  "iv",
  "ur",
]);
const RELATED_WEIGHT = 0.5;

/**
 * The question's terms and, at half weight, the page's terms that are other forms of them or words for
 * the same thing: the stemmer keeps "founded" and "founder", "discovered" and "discovery" apart, but a
 * question means both; "founded" also finds "created" (question-synonyms.ts).
 */
export function withRelatedTerms(weights: QueryWeights, model: PageModel): QueryWeights {
  const related: QueryWeights = new Map(weights);
  const add = (other: string, weight: number) => {
    if (!related.has(other) && model.termCounts.has(other)) related.set(other, weight * RELATED_WEIGHT);
  };
  for (const [term, weight] of weights) {
    for (const other of synonymTerms(term, model.language)) add(other, weight);
    if (term.length < RELATED_PREFIX || /^\d/.test(term)) continue;
    const prefix = term.slice(0, RELATED_PREFIX);
    for (const other of model.termCounts.keys()) {
      if (other === term || !other.startsWith(prefix)) continue;
      const [shorter, longer] = other.length < term.length ? [other, term] : [term, other];
      if (longer.startsWith(shorter) && !RELATED_SUFFIXES.has(longer.slice(shorter.length))) continue;
      add(other, weight);
    }
  }
  return related;
}
