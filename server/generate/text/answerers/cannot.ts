/**
 * What an extractive generator cannot do (translate, rephrase, write new text): it says so in one
 * sentence, then gives what it can: the original title when the prompt is about the title or headline,
 * else the title and the sentences that carry the page (gist.ts), to translate or rework elsewhere.
 */
import type { TaskContext } from "./context";
import { gistSentences } from "./gist";

const LANGUAGE_ASKED =
  /\b(?:in|into|to|en|auf)\s+(english|french|spanish|german|italian|portuguese|chinese|japanese|russian|arabic|dutch|korean|hindi|anglais|français|allemand|espagnol|italien|inglés|francés|alemán|englisch|französisch|spanisch)\b/iu;
const ABOUT_THE_TITLE = /\b(?:title|headline|titre|título|titel|überschrift)\b/iu;
const GIST_SENTENCES = 3;

export function answerCannot(context: TaskContext, prompt: string): string {
  const { task, facts } = context;
  const into = LANGUAGE_ASKED.exec(prompt)?.[1];
  const what =
    task.cannot === "translate" && into
      ? `translate into ${capitalized(into)}`
      : (task.cannot ?? "write new text");
  const title = facts.title.trim();
  if (ABOUT_THE_TITLE.test(prompt) && title) {
    return `Answering from the page alone, I cannot ${what}; here is the original title: “${title}”.`;
  }
  const sentences = gistSentences(context, GIST_SENTENCES).map((sentence) => sentence.text);
  const intro = `Answering from the page alone, I cannot ${what}; here ${title ? "are the original title and" : "are"} the page's own sentences that carry it.`;
  return [intro, ...(title ? [`**${title}**`] : []), sentences.join(" ")].join("\n\n");
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
