/**
 * Key points: exactly the number asked (5 when the prompt does not say), each a whole sentence of the
 * page that can carry it (carrying-sentences.ts), no two nearly alike, in page order, as a bullet list.
 * They are the gist's sentences (gist.ts): the lead, then the best of the rest.
 */
import { escapeMarkdownLineStart, keepWhole } from "../answer-format";
import { asStatement } from "../carrying-sentences";
import type { TaskContext } from "./context";
import { gistSentences } from "./gist";

const DEFAULT_POINTS = 5;

export function answerKeyPoints(context: TaskContext): string {
  const count = context.task.count ?? DEFAULT_POINTS;
  const terms = new Set(context.subjectTerms);
  const { language } = context.model;
  return gistSentences(context, count)
    .map((sentence) => `- ${escapeMarkdownLineStart(asStatement(keepWhole(sentence.text, terms, language)))}`)
    .join("\n");
}
