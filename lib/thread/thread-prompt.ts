/**
 * The prompt a follow-up sends: plain language any model reads, which the reference service also parses
 * (server/generate/text/follow-up.ts, server/generate/openai.ts). docs/api.md shows it:
 *
 *     Earlier in this conversation about the page (oldest first):
 *
 *     Question: What is this page about?
 *     Answer: The council approved a new bridge over the river.
 *
 *     Follow-up question (answer it from the page, without repeating an earlier answer word for word):
 *     Who paid for it?
 *
 * Earlier questions and answers go on one line each (whitespace runs become one space) and are cut to
 * `TURN_QUESTION_MAX` and `TURN_ANSWER_MAX` characters. The whole prompt is at most `FOLLOW_UP_PROMPT_MAX`
 * characters: the newest turns are kept first, and the older ones that no longer fit are left out with
 * a line that counts them.
 */
import { LIMITS } from "../api/limits";

/** At most this many characters go out as one follow-up's prompt, earlier turns included. */
export const FOLLOW_UP_PROMPT_MAX = 6_000;
/** A question the user types: what one metadata value holds (the turn keeps it there). */
export const QUESTION_MAX = LIMITS.maxMetadataStringLength;
export const TURN_QUESTION_MAX = 300;
export const TURN_ANSWER_MAX = 600;

export const EARLIER_HEADER = "Earlier in this conversation about the page (oldest first):";
export const QUESTION_LABEL = "Question: ";
export const ANSWER_LABEL = "Answer: ";
export const FOLLOW_UP_HEADER =
  "Follow-up question (answer it from the page, without repeating an earlier answer word for word):";
const LEFT_OUT = /^\((\d+) earlier questions? left out\)$/;

export interface EarlierTurn {
  question: string;
  answer: string;
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

function turnBlock(turn: EarlierTurn): string {
  const question = oneLine(turn.question, TURN_QUESTION_MAX) || "(the first analysis)";
  const answer = oneLine(turn.answer, TURN_ANSWER_MAX) || "(no text)";
  return `${QUESTION_LABEL}${question}\n${ANSWER_LABEL}${answer}`;
}

function leftOutLine(count: number): string {
  return `(${count} earlier ${count === 1 ? "question" : "questions"} left out)`;
}

/** The prompt for `question` after `earlier` (oldest first), at most `FOLLOW_UP_PROMPT_MAX` characters. */
export function followUpPrompt(earlier: readonly EarlierTurn[], question: string): string {
  const asked = question.trim().slice(0, QUESTION_MAX);
  const tail = `${FOLLOW_UP_HEADER}\n${asked}`;
  if (earlier.length === 0) return asked;
  // Room for the header, the tail and the line that counts left-out turns (at most 40 characters).
  let room = FOLLOW_UP_PROMPT_MAX - EARLIER_HEADER.length - tail.length - 4 - 40;
  const kept: string[] = [];
  for (let index = earlier.length - 1; index >= 0; index--) {
    const block = turnBlock(earlier[index] as EarlierTurn);
    if (block.length + 2 > room) break;
    kept.unshift(block);
    room -= block.length + 2;
  }
  const leftOut = earlier.length - kept.length;
  const parts = [EARLIER_HEADER, ...(leftOut > 0 ? [leftOutLine(leftOut)] : []), ...kept, tail];
  return parts.join("\n\n");
}

export interface ParsedFollowUp {
  /** The turns the prompt carried, oldest first. */
  earlier: EarlierTurn[];
  /** The newest question: the one to answer. */
  question: string;
}

/** Reads a prompt written by `followUpPrompt`; `undefined` for any other prompt. */
export function parseFollowUpPrompt(prompt: string): ParsedFollowUp | undefined {
  if (!prompt.startsWith(`${EARLIER_HEADER}\n`)) return undefined;
  const tailAt = prompt.lastIndexOf(`\n${FOLLOW_UP_HEADER}\n`);
  if (tailAt < 0) return undefined;
  const question = prompt.slice(tailAt + FOLLOW_UP_HEADER.length + 2).trim();
  const earlier: EarlierTurn[] = [];
  for (const line of prompt.slice(EARLIER_HEADER.length, tailAt).split("\n")) {
    if (line.startsWith(QUESTION_LABEL))
      earlier.push({ question: line.slice(QUESTION_LABEL.length), answer: "" });
    else if (line.startsWith(ANSWER_LABEL) && earlier.length > 0)
      (earlier.at(-1) as EarlierTurn).answer = line.slice(ANSWER_LABEL.length);
    else if (line.trim() && !LEFT_OUT.test(line.trim())) return undefined;
  }
  return question ? { earlier, question } : undefined;
}
