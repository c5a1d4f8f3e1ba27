/**
 * Answers a task the prompt-kind table read (prompt-kinds.ts) with the answerer of its kind (answerers/).
 * The task's own words are never searched for; only a subject the prompt names ("key points about ATF")
 * is, and when the page mentions none of its words the answer says so before giving the task's answer
 * for the whole page.
 */
import type { ExtractedPage } from "../../pages/types";
import { NOT_MENTIONED, quoteList } from "./answer-format";
import { randomFor } from "./answer-sentences";
import { answerCannot } from "./answerers/cannot";
import type { TaskContext } from "./answerers/context";
import { answerEntities } from "./answerers/entities";
import { answerFigures } from "./answerers/figures";
import { answerGist } from "./answerers/gist";
import { answerKeyPoints } from "./answerers/key-points";
import { answerQuoted } from "./answerers/quoted";
import { answerTone } from "./answerers/tone";
import type { PageFacts } from "./page-facts";
import type { PageModel } from "./page-model";
import type { PromptTask, TaskKind } from "./prompt-kinds";
import { forEachContentTerm } from "./terms";

const ANSWERERS: Record<TaskKind, (context: TaskContext, prompt: string) => string> = {
  summary: answerGist,
  tldr: answerGist,
  "main-argument": answerGist,
  explain: answerGist,
  "key-points": answerKeyPoints,
  quoted: answerQuoted,
  entities: answerEntities,
  tone: answerTone,
  figures: answerFigures,
  cannot: answerCannot,
};

export function answerTask(
  page: ExtractedPage,
  model: PageModel,
  facts: PageFacts,
  task: PromptTask,
  prompt: string,
  temperature: number,
): string {
  const terms: string[] = [];
  const words: string[] = [];
  forEachContentTerm(
    task.subject,
    (term, word) => {
      if (terms.includes(term)) return;
      terms.push(term);
      words.push(word);
    },
    model.language,
  );
  const subjectTerms = terms.filter((term) => model.termCounts.has(term));
  const context: TaskContext = {
    page,
    model,
    facts,
    task,
    subjectTerms,
    temperature,
    random: randomFor(prompt, page.analysis.url, temperature),
  };
  const answer = ANSWERERS[task.kind](context, prompt);
  if (terms.length === 0 || subjectTerms.length > 0) return answer;
  return `${NOT_MENTIONED} ${quoteList(words)}. What it says:\n\n${answer}`;
}
