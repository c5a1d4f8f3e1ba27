/**
 * Whom or what a follow-up's pronoun stands for, from the thread's turns, newest first. "he", "she",
 * "him", "his", "her" stand for a person: the one a question names ("Who is Ingrid Solberg?"), or the one
 * the answer gives to a question that asked "who" ("Who designed the Halvard Crossing?" → its
 * **emphasized** name). "it", "they", "there" … stand for what the newest question naming no one asked
 * about, when the question has no more than two words of its own ("Who paid for it?" after "How much did
 * the project cost?"); when every question names someone, for the words of the one before.
 */
import { answerSpans, isNotAPerson } from "./answer-spans";
import { readPrompt } from "./prompt";

/** Words that stand for something named before. */
const PRONOUN = /\b(it|its|they|them|their|this|that|these|those|he|she|him|his|her|there)\b/i;
/** Words that stand for a person named before (English). */
const PERSONAL_PRONOUN = /\b(?:he|she|him|his|her|hers|himself|herself)\b/i;
/** A question with more content words than this names its own subject. */
const OWN_SUBJECT_TERMS = 2;
/** "**Solberg** (Ingrid Solberg)": the answer's emphasized span, and the full name given after it. */
const EMPHASIZED = /\*\*([^*]+)\*\*(?:\s+\(([^()]+)\))?/;

/** A turn before the question: its question (its own pronouns resolved) and its answer. */
export interface PreviousTurn {
  question: string;
  answer: string;
}

/** The people `text` names: runs of proper nouns that are no organization's or place's. */
function peopleIn(text: string): string[] {
  return answerSpans(text, "person", new Set(), "en")
    .filter((span) => !isNotAPerson(text, span))
    .map((span) => text.slice(span.start, span.end));
}

/**
 * The person a turn is about: the one its question names, else, when it asked "who", the one its answer
 * gives (its emphasized span when that names someone, else the first person it names).
 */
function personOf(turn: PreviousTurn): string | undefined {
  const [named] = peopleIn(turn.question);
  if (named) return named;
  if (readPrompt(turn.question).answerType !== "person") return undefined;
  const people = peopleIn(turn.answer.replace(/\*\*/g, ""));
  const [, emphasized, fullName] = EMPHASIZED.exec(turn.answer) ?? [];
  if (emphasized && people.includes(emphasized.trim())) return fullName?.trim() || emphasized.trim();
  return people[0];
}

/** What a turn asked about that is no person: its question's words, when it names no one. */
function thingOf(turn: PreviousTurn): string | undefined {
  if (peopleIn(turn.question).length > 0) return undefined;
  return readPrompt(turn.question).words.join(" ") || undefined;
}

/** The first thing `read` finds in `turns`, newest first. */
function newestOf(turns: readonly PreviousTurn[], read: (turn: PreviousTurn) => string | undefined) {
  for (let index = turns.length - 1; index >= 0; index--) {
    const found = read(turns[index] as PreviousTurn);
    if (found) return found;
  }
  return undefined;
}

/**
 * "When was she born?" after "Who designed the Halvard Crossing?" → "When was Ingrid Solberg born?";
 * "Who paid for it?" after "How much did the project cost?" → "Who paid for project cost?". `earlier`
 * are the thread's turns before it, oldest first, their own pronouns resolved.
 */
export function withSubject(question: string, earlier: readonly PreviousTurn[]): string {
  const previous = earlier.at(-1);
  if (!previous || !PRONOUN.test(question)) return question;
  if (PERSONAL_PRONOUN.test(question) && peopleIn(question).length === 0) {
    const person = newestOf(earlier, personOf);
    if (person) return question.replace(new RegExp(PERSONAL_PRONOUN.source, "gi"), person);
  }
  const intent = readPrompt(question);
  // "Who wrote it?" asks about the page itself; a question with words of its own has its subject.
  if (intent.pageFields.length > 0 || intent.terms.length > OWN_SUBJECT_TERMS) return question;
  const subject = newestOf(earlier, thingOf) ?? readPrompt(previous.question).words.join(" ");
  return subject ? question.replace(PRONOUN, subject) : question;
}
