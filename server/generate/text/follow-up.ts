/**
 * A follow-up question (lib/thread/thread-prompt.ts writes its prompt): the newest question is the one
 * to answer; a pronoun takes its subject from the turn before (thread-subject.ts: "When was she born?"
 * after "Who designed …?" asks about the person its answer named); and what earlier turns answered is not
 * said again word for word.
 */
import { type ParsedFollowUp, parseFollowUpPrompt } from "../../../lib/thread/thread-prompt";
import type { PageModel } from "./page-model";
import { readPrompt } from "./prompt";
import { contentTerms } from "./terms";
import { type PreviousTurn, withSubject } from "./thread-subject";

/** Earlier sentences shorter than this are too common to leave out of the page. */
const MIN_REPEATED_CHARS = 24;
/** Where one sentence of an answer ends and the next begins. */
const SENTENCE_BREAK = /(?<=[.!?])\s+/;

/** What earlier turns answered, flattened once for every check that reads it. */
export interface EarlierAnswers {
  /** As the prompt carries them. */
  answers: string[];
  /** Each answer flattened to one line, Markdown marks off. */
  flattened: string[];
  /** All of them in one line. */
  said: string;
}

export interface FollowUpQuestion {
  /** The question to answer, its pronoun replaced by the subject it stands for. */
  question: string;
  earlier: EarlierAnswers;
  /** Whether an earlier turn asked this very question (its subject resolved the same way). */
  askedBefore: boolean;
}

/** The follow-up a prompt asks, or `undefined` for a prompt that is no follow-up. */
export function readFollowUp(prompt: string): FollowUpQuestion | undefined {
  const parsed: ParsedFollowUp | undefined = parseFollowUpPrompt(prompt);
  if (!parsed) return undefined;
  // Each earlier question takes its subject from the turns before it, so a chain of pronouns resolves.
  const resolved: PreviousTurn[] = [];
  const asked = new Set<string>();
  for (const turn of parsed.earlier) {
    const question = withSubject(turn.question, resolved);
    asked.add(flat(question).toLowerCase());
    resolved.push({ question, answer: turn.answer });
  }
  const question = withSubject(parsed.question, resolved);
  return {
    question,
    earlier: earlierAnswers(parsed.earlier.map((turn) => turn.answer)),
    askedBefore: asked.has(flat(question).toLowerCase()),
  };
}

function earlierAnswers(answers: string[]): EarlierAnswers {
  const flattened = answers.map(flat);
  return { answers, flattened, said: flattened.join(" ") };
}

function flat(text: string): string {
  return text
    .replace(/\*\*|__|`/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The sentences of earlier answers as the page wrote them (Markdown marks and list bullets off). */
function earlierSentences(answers: readonly string[]): string[] {
  return answers
    .flatMap((answer) => flat(answer.replace(/(^|\s)- /g, "$1")).split(/(?<=[.!?…])\s+/))
    .map((sentence) => sentence.replace(/…$/, "").trim())
    .filter((sentence) => sentence.length >= MIN_REPEATED_CHARS);
}

/** The page's text without the sentences earlier answers took from it (the text itself when none are left). */
export function textWithoutEarlier(text: string, earlier: EarlierAnswers): string {
  let left = text;
  for (const sentence of earlierSentences(earlier.answers)) left = left.split(sentence).join(" ");
  return left.trim() ? left : text;
}

/** Whether `answer` says again, word for word, what an earlier answer said. */
export function repeatsEarlier(answer: string, earlier: EarlierAnswers): boolean {
  const said = flat(answer);
  return (
    earlier.flattened.some((before) => {
      if (!before) return false;
      if (before === said) return true;
      // An earlier answer the prompt cut short ends with "…": the part it kept.
      return before.endsWith("…") && said.startsWith(before.slice(0, -1).trimEnd());
    }) || saidWithin(said, earlier)
  );
}

/** Whether every sentence of `said` (flattened) stands word for word in the earlier answers. */
function saidWithin(said: string, earlier: EarlierAnswers): boolean {
  const sentences = said.split(SENTENCE_BREAK).filter(Boolean);
  return sentences.length > 0 && sentences.every((sentence) => earlier.said.includes(sentence));
}

/** The sentences of an answer's first paragraph (the paragraph itself when it has no sentence end). */
export function sentencesOf(answer: string): string[] {
  const paragraph = answer.trim().split(/\n\s*\n/)[0] ?? "";
  return paragraph.split(SENTENCE_BREAK).filter(Boolean);
}

/**
 * The page's next sentence after the last one an earlier answer took, in the same paragraph: asked the
 * same question again, a reader wants what the page says next on that point (a one-sentence answer to "why
 * did it cost more?" is followed by the sentence that says why). Undefined when there is none.
 */
export function sentenceAfterEarlier(model: PageModel, earlier: EarlierAnswers): string | undefined {
  const { said } = earlier;
  let last = -1;
  for (const [position, sentence] of model.sentences.entries()) {
    if (said.includes(flat(sentence.text))) last = position;
  }
  const current = model.sentences[last];
  const next = model.sentences[last + 1];
  if (!current || !next || next.paragraph !== current.paragraph || said.includes(flat(next.text)))
    return undefined;
  return next.text;
}

/** How many of the question's content terms `text` holds. */
export function questionTermsIn(text: string, question: string, language?: string): number {
  const held = new Set(contentTerms(flat(text), language));
  return readPrompt(question, language).terms.filter((term) => held.has(term)).length;
}
