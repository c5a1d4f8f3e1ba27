import type { ExtractedPage } from "../pages/types";
import type { PageModel, PageSentence } from "./page-model";
import { type PromptIntent, readPrompt } from "./prompt";
import { pickSentences, queryWeights, rankSentences } from "./ranking";
import { hashString, seededRandom } from "./seeded-random";
import { forEachContentTerm } from "./terms";

const NO_TEXT_MESSAGE = "The page has no readable text.";

const TITLE_WEIGHT = 0.3;
const MAX_SENTENCE_CHARS = 600;
const TRUNCATED_SENTENCE_CHARS = 400;

/** The seeded random source for a prompt on a page: same inputs, same jitter. */
export function randomFor(prompt: string, url: string, temperature: number): (() => number) | undefined {
  if (temperature <= 0) return undefined;
  return seededRandom(hashString(`${prompt}\u0000${url}\u0000${temperature}`));
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
  const titleTerms: string[] = [];
  forEachContentTerm(page.analysis.title, (term) => titleTerms.push(term));
  const weights = queryWeights([titleTerms, TITLE_WEIGHT], [intent.terms, 1], [extraTerms, 1.5]);
  const ranked = rankSentences(model, weights, {
    temperature,
    random: randomFor(prompt, page.analysis.url, temperature),
  });
  return pickSentences(ranked, intent.sentenceCount);
}

/** The prompt's content words that occur nowhere in the page (empty when at least one does). */
function unmentionedWords(model: PageModel, intent: PromptIntent): string[] {
  const mentioned = (term: string) =>
    model.termCounts.has(term) || model.sections.some((section) => section.headingTerms.has(term));
  if (intent.terms.some(mentioned)) return [];
  return intent.words;
}

/** Extractive answer to `prompt` as Markdown: a bullet list when asked for one, else one or two paragraphs. */
export function composeText(
  page: ExtractedPage,
  model: PageModel,
  prompt: string,
  temperature: number,
): string {
  if (model.sentences.length === 0) return NO_TEXT_MESSAGE;
  const intent = readPrompt(prompt);
  const chosen = selectForPrompt(page, model, intent, temperature, prompt).map((sentence) => ({
    sentence,
    text: escapeMarkdownLineStart(shorten(sentence.text)),
  }));
  const missing = unmentionedWords(model, intent);
  const preface = missing.length > 0 ? `The page does not mention ${quoteList(missing)}. What it says:` : "";

  let body: string;
  if (intent.wantsList) {
    body = chosen.map(({ text }) => `- ${text}`).join("\n");
  } else {
    body = toParagraphs(chosen).join("\n\n");
  }
  return preface ? `${preface}\n\n${body}` : body;
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

function shorten(text: string, limit = MAX_SENTENCE_CHARS, target = TRUNCATED_SENTENCE_CHARS): string {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf(" ", target);
  return `${text.slice(0, cut > target / 2 ? cut : target).trimEnd()}…`;
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
