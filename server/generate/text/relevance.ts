import { pageLanguage } from "./page-model";
import { readPrompt } from "./prompt";
import { termFrequencies } from "./terms";

// A page of this many content terms counts its occurrences at face value; longer pages are discounted
// so that a long page does not look relevant just by mentioning a word in passing many times.
const REFERENCE_LENGTH = 1_000;

/**
 * How relevant `text` is to `prompt`, in [0, 1]: the average, over the prompt's content terms, of a
 * saturating function of how often the term occurs (length-normalized). 0 when nothing overlaps or the
 * prompt has no content terms; deterministic. Both are read in the page's language (declared or detected).
 */
export function scoreRelevance(prompt: string, text: string, declaredLanguage?: string): number {
  const language = pageLanguage(text, declaredLanguage);
  const { terms } = readPrompt(prompt, language);
  if (terms.length === 0 || text.length === 0) return 0;
  const frequencies = termFrequencies(text, language);
  let length = 0;
  for (const count of frequencies.values()) length += count;
  if (length === 0) return 0;
  const discount = Math.min(1, Math.sqrt(REFERENCE_LENGTH / length));
  let total = 0;
  for (const term of terms) {
    const occurrences = (frequencies.get(term) ?? 0) * discount;
    total += occurrences / (occurrences + 1);
  }
  return Math.round((total / terms.length) * 10_000) / 10_000;
}
