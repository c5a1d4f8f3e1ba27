/**
 * Tone: positive, negative, neutral or mixed, by wink-nlp's sentiment of the page's text (sentiment.ts),
 * with the sentence that shows it: the clearest one of that leaning (for mixed, the clearest of each), or
 * for a neutral page its first carrying sentence, which states rather than judges.
 */
import { carryingSentences } from "../carrying-sentences";
import type { PageSentence } from "../page-model";
import { sentenceSentiments } from "../sentiment";
import type { TaskContext } from "./context";

/** The sentence as a Markdown quotation: it may hold quotation marks of its own. */
const shown = (sentence: PageSentence | undefined) => (sentence ? `\n\n> ${sentence.text}` : "");

export function answerTone(context: TaskContext): string {
  const { facts, model } = context;
  const { label } = facts.sentiment;
  const sentences = carryingSentences(model);
  const scores = sentenceSentiments(sentences.map((sentence) => sentence.text));
  const scored = sentences.map((sentence, index) => ({ sentence, score: scores[index] ?? 0 }));
  const clearest = (sign: 1 | -1) =>
    scored
      .filter(({ score }) => score * sign > 0)
      .sort((a, b) => b.score * sign - a.score * sign || a.sentence.index - b.sentence.index)[0]?.sentence;
  switch (label) {
    case "positive":
      return `The tone is **positive**. The sentence that shows it most:${shown(clearest(1) ?? sentences[0])}`;
    case "negative":
      return `The tone is **negative**. The sentence that shows it most:${shown(clearest(-1) ?? sentences[0])}`;
    case "mixed":
      return `The tone is **mixed**: it praises and it criticizes.${shown(clearest(1))}${shown(clearest(-1))}`;
    default:
      return `The tone is **neutral**: it reports rather than judges.${shown(sentences[0])}`;
  }
}
