/**
 * The sentences that best answer a prompt: the prompt's terms ranked over the page with the title's as a
 * weak signal, jittered by a random source seeded by the prompt, page and temperature. Both the text
 * answer and the page's facts (for JSON) choose their sentences here.
 */
import type { ExtractedPage } from "../../pages/types";
import { hashString, seededRandom } from "../seeded-random";
import type { PageModel, PageSentence } from "./page-model";
import type { PromptIntent } from "./prompt";
import { pickSentences, queryWeights, rankSentences } from "./ranking";
import { forEachContentTerm } from "./terms";

const TITLE_WEIGHT = 0.3;

/** The seeded random source for a prompt on a page: same inputs, same jitter. */
export function randomFor(prompt: string, url: string, temperature: number): (() => number) | undefined {
  if (temperature <= 0) return undefined;
  return seededRandom(hashString(`${prompt}\u0000${url}\u0000${temperature}`));
}

/** The prompt's terms at full weight, the title's as a weak signal, `extraTerms` (a field's name) above both. */
export function weightsFor(
  page: ExtractedPage,
  model: PageModel,
  intent: PromptIntent,
  extraTerms: Iterable<string>,
) {
  const titleTerms: string[] = [];
  forEachContentTerm(page.analysis.title, (term) => titleTerms.push(term), model.language);
  return queryWeights([titleTerms, TITLE_WEIGHT], [intent.terms, 1], [extraTerms, 1.5]);
}

/** The sentences that best answer the prompt, in page order. */
export function selectForPrompt(
  page: ExtractedPage,
  model: PageModel,
  intent: PromptIntent,
  temperature: number,
  prompt: string,
  extraTerms: Iterable<string> = [],
): PageSentence[] {
  const ranked = rankSentences(model, weightsFor(page, model, intent, extraTerms), {
    temperature,
    random: randomFor(prompt, page.analysis.url, temperature),
  });
  return pickSentences(ranked, intent.sentenceCount);
}
