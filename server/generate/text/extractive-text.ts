import type { ExtractedPage } from "../../pages/types";
import { escapeMarkdownLineStart, keepWhole, NOT_MENTIONED, quoteList, toParagraphs } from "./answer-format";
import { randomFor, weightsFor } from "./answer-sentences";
import { composeFactualAnswer } from "./factual-answer";
import { composePageAnswer } from "./page-answer";
import { PageFacts } from "./page-facts";
import type { PageModel, PageSentence } from "./page-model";
import type { PromptIntent } from "./prompt";
import { readPromptTask } from "./prompt-kinds";
import { pickSentences, queryWeights, type RankedSentence, rankSentences } from "./ranking";
import { wordCount } from "./sentence-window";
import { answerTask } from "./task-answer";

const NO_TEXT_MESSAGE = "The page has no readable text.";

export { NOT_MENTIONED } from "./answer-format";

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
 * Extractive answer to `prompt` as Markdown. A task (summarize, key points, who is quoted, tone …: the
 * table of prompt-kinds.ts) is answered by the answerer of its kind (task-answer.ts). A question about the page answers from its metadata; a
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
  const task = readPromptTask(prompt);
  if (task) return answerTask(page, model, facts, task, prompt, temperature);
  const aboutPage = composePageAnswer(facts, intent.pageFields);
  if (aboutPage) return aboutPage;

  const missing = unmentionedWords(model, intent);
  const unmentioned = missing.length > 0 ? `${NOT_MENTIONED} ${quoteList(missing)}.` : "";
  const weights = weightsFor(page, model, intent, []);
  const random = randomFor(prompt, page.analysis.url, temperature);
  const question = (intent.kind === "factual" || intent.kind === "yesno") && !intent.wantsList;
  if (question && !unmentioned) {
    // The question's own words only (and the word a length is given with: "1,340 metres long"): the
    // title's would favour the lead paragraph over the answer.
    const questionWeights = queryWeights(
      [intent.terms, 1],
      [intent.measureTerm ? [intent.measureTerm] : [], 1],
    );
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
