import type { ExtractedPage } from "../../pages/types";
import { randomFor, weightsFor } from "./answer-sentences";
import { composeFactualAnswer } from "./factual-answer";
import { composePageAnswer } from "./page-answer";
import { PageFacts } from "./page-facts";
import type { PageModel, PageSentence } from "./page-model";
import type { PromptIntent } from "./prompt";
import { pickSentences, queryWeights, type RankedSentence, rankSentences } from "./ranking";
import { clipAround, termRanges, wordCount } from "./sentence-window";

const NO_TEXT_MESSAGE = "The page has no readable text.";
/** How an answer starts when the page names none of the prompt's words. */
export const NOT_MENTIONED = "The page does not mention";

/** A sentence of a summary or list longer than this is cut around the prompt's words, when it has some. */
const LONG_SENTENCE_WORDS = 100;
/** A run-on "sentence" (text without punctuation) that matches nothing is cut at its end beyond this. */
const RUN_ON_WORDS = 200;
/** A question the page cannot answer gets the sentences nearest to it: two when they fit in its words, else one. */
const NEAREST_SENTENCES = 2;

/** The prompt's content words that occur nowhere in the page (empty when at least one does). */
function unmentionedWords(model: PageModel, intent: PromptIntent): string[] {
  const mentioned = (term: string) =>
    model.termCounts.has(term) || model.sections.some((section) => section.headingTerms.has(term));
  if (intent.terms.some(mentioned)) return [];
  return intent.words;
}

/**
 * Extractive answer to `prompt` as Markdown. A question about the page answers from its metadata; a
 * factual or yes/no question leads with the sentence that answers it; a summary, list or extraction takes
 * the best sentences in page order (a bullet list when asked for one, else one or two paragraphs).
 */
export function composeText(
  page: ExtractedPage,
  model: PageModel,
  prompt: string,
  temperature: number,
): string {
  if (model.sentences.length === 0) return NO_TEXT_MESSAGE;
  const facts = new PageFacts(page, model, prompt, temperature);
  const { intent } = facts;
  const aboutPage = composePageAnswer(facts, intent.pageFields);
  if (aboutPage) return aboutPage;

  const missing = unmentionedWords(model, intent);
  const unmentioned = missing.length > 0 ? `${NOT_MENTIONED} ${quoteList(missing)}.` : "";
  const weights = weightsFor(page, model, intent, []);
  const random = randomFor(prompt, page.analysis.url, temperature);
  const question = (intent.kind === "factual" || intent.kind === "yesno") && !intent.wantsList;
  if (question && !unmentioned) {
    // The question's own words only: the title's would favour the lead paragraph over the answer.
    const questionWeights = queryWeights([intent.terms, 1]);
    const answer = composeFactualAnswer(model, intent, questionWeights, { temperature, random });
    if (answer) return escapeMarkdownLineStart(answer);
  }

  const terms = new Set(intent.terms);
  const ranked = rankSentences(model, weights, { temperature, random });
  // A question the page cannot answer says so, then the one or two sentences nearest to it; a summary
  // of something the page does not mention still gives the page's gist.
  const picked =
    question && unmentioned ? nearest(ranked, intent.maxWords) : pickSentences(ranked, intent.sentenceCount);
  const chosen = picked.map((sentence) => ({
    sentence,
    text: escapeMarkdownLineStart(keepWhole(sentence.text, terms, model.language)),
  }));
  const body = intent.wantsList
    ? chosen.map(({ text }) => `- ${text}`).join("\n")
    : toParagraphs(chosen).join("\n\n");
  if (!unmentioned) return body;
  return question ? `${unmentioned}\n\n${body}` : `${unmentioned} What it says:\n\n${body}`;
}

/** The sentences nearest a question the page cannot answer, in page order: two when they fit in `maxWords`. */
function nearest(ranked: RankedSentence[], maxWords: number): PageSentence[] {
  const two = pickSentences(ranked, NEAREST_SENTENCES);
  if (two.reduce((words, sentence) => words + wordCount(sentence.text), 0) <= maxWords) return two;
  return pickSentences(ranked, 1);
}

/** A long sentence kept whole, or cut around the prompt's words; only a run-on matching nothing is cut at its end. */
function keepWhole(text: string, terms: ReadonlySet<string>, language: string): string {
  const anchors = termRanges(text, terms, language);
  const clipped = clipAround(text, anchors, LONG_SENTENCE_WORDS);
  if (anchors.length > 0 || wordCount(clipped) <= RUN_ON_WORDS) return clipped;
  return `${text.split(/\s+/).slice(0, RUN_ON_WORDS).join(" ")}…`;
}

/** Splits the chosen sentences into two paragraphs when there are many, at a paragraph change near the middle. */
function toParagraphs(chosen: Array<{ sentence: PageSentence; text: string }>): string[] {
  if (chosen.length < 5) return [chosen.map(({ text }) => text).join(" ")];
  const middle = chosen.length / 2;
  let cut = Math.round(middle);
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let index = 2; index <= chosen.length - 2; index++) {
    const previous = chosen[index - 1];
    const current = chosen[index];
    if (!previous || !current || previous.sentence.paragraph === current.sentence.paragraph) continue;
    const distance = Math.abs(index - middle);
    if (distance < bestDistance) {
      bestDistance = distance;
      cut = index;
    }
  }
  return [chosen.slice(0, cut), chosen.slice(cut)].map((part) => part.map(({ text }) => text).join(" "));
}

/** Keeps a sentence that starts like a Markdown block ("# …", "- …", "1. …", "> …") plain text. */
function escapeMarkdownLineStart(text: string): string {
  return text.replace(/^(#{1,6}\s|[-+*>]\s)/, "\\$1").replace(/^(\d+)([.)]\s)/, "$1\\$2");
}

function quoteList(words: string[]): string {
  const quoted = words.slice(0, 4).map((word) => `“${word}”`);
  if (quoted.length === 1) return quoted[0] ?? "";
  return `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}
