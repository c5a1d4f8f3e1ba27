/**
 * Where an answer stands on the page: for each sentence of an answer (Markdown), the passage of the page
 * text that supports it, or none. Runs in the extension for any service's answer; never guesses.
 *
 * - A passage is a sentence of the page (or a line without a sentence's end: a heading, a list item).
 * - **Quoted**: the answer's sentence, its Markdown marks taken off, accents folded, case and white space
 *   folded, is found inside one passage.
 * - **Paraphrased**: at least `PARAPHRASE_SHARE` (60%) of the sentence's content words, and at least
 *   `MIN_SHARED_WORDS` (3) of them, are in one passage, and every number (dates included) of the sentence
 *   is in it as written. Content words are the words that are not stop words (English, French, German,
 *   Spanish: the languages our service writes), compared on their first `STEM_LENGTH` letters so "rising"
 *   meets "rises". The passage sharing most wins; a tie goes to the first on the page.
 * - A sentence of fewer than 3 content words ("About 23,000 die.") says too little to be found inside a
 *   passage: it gets a source only when it quotes a whole passage, and is never matched as a paraphrase.
 */
import { deu, eng, fra, spa } from "stopword";
import { foldAccents } from "../text/fold-accents";
import { markdownToPlainText } from "../text/markdown-plain-text";

/** Share of a sentence's content words one passage must hold for a paraphrase to count. */
export const PARAPHRASE_SHARE = 0.6;
/** Fewest content words a sentence, and the passage it matches, must share. */
export const MIN_SHARED_WORDS = 3;
/** Words are compared on this many first letters: a stem light enough for any of the four languages. */
const STEM_LENGTH = 6;

const STOP_WORDS = new Set([...eng, ...fra, ...deu, ...spa].map((word) => foldAccents(word).toLowerCase()));
/** Words, with a number's inner separators kept ("3.5", "1,200", "2024-03-01" stay one word each). */
const WORD = /[\p{L}\p{N}]+(?:[.,:/-]\p{N}+)*/gu;
const DIGIT = /\p{N}/u;

/** A stretch of the page text: `text` is `pageText.slice(start, end)`. */
export interface SourcePassage {
  start: number;
  end: number;
  text: string;
}

export interface SentenceSource {
  /** The answer's sentence as a reader sees it (Markdown marks off). */
  sentence: string;
  /** Index into `AnswerSources.passages`, or null when nothing on the page supports the sentence. */
  passage: number | null;
  match: "quote" | "paraphrase" | null;
}

export interface AnswerSources {
  sentences: SentenceSource[];
  /** The distinct passages, in the order the answer first cites them (marker N is `passages[N - 1]`). */
  passages: SourcePassage[];
}

interface IndexedPassage extends SourcePassage {
  /** Folded, without its opening and closing marks (`quoteBody`). */
  body: string;
}

/** The page's passages with what matching needs, built once per page text (`findSources` takes it). */
export interface PageIndex {
  passages: IndexedPassage[];
  /** Stem → the passages (indices, ascending, each once) that hold it. */
  postings: Map<string, number[]>;
  /** Per passage, its numbers. */
  numbers: Set<string>[];
}

/** Case, accents, typographic quotes and white space folded: the form a quote is compared in. */
function fold(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[‘’ʼ`]/g, "'")
    .replace(/[“”«»„]/g, '"')
    .replace(/[‐‑‒–—]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

interface Words {
  stems: Set<string>;
  numbers: Set<string>;
}

function wordsOf(folded: string): Words {
  const stems = new Set<string>();
  const numbers = new Set<string>();
  for (const [word] of folded.matchAll(WORD)) {
    if (DIGIT.test(word)) numbers.add(word.replace(/[.,:]$/, ""));
    else if (word.length > 2 && !STOP_WORDS.has(word)) stems.add(word.slice(0, STEM_LENGTH));
  }
  return { stems, numbers };
}

/**
 * Where a sentence ends: its closing marks and the space after them, before a capital, a digit or an
 * opening quote; or a line break (headings, list items, table rows end there). Not after a lone letter
 * (an initial: "J. Smith"). A regular expression rather than `Intl.Segmenter`, whose time grows with the
 * square of a line's length (minutes on one 1 MB line).
 */
const SENTENCE_END = /(?<![\s.(]\p{L})[.!?…]+["'”’)\]]*\s+(?=[\p{Lu}\p{N}"“‘'(¿¡])|\s*\n\s*/gu;

/** Sentences of `text` with their offsets in it, trimmed. */
function sentencesOf(text: string): SourcePassage[] {
  const sentences: SourcePassage[] = [];
  let from = 0;
  const push = (to: number) => {
    const piece = text.slice(from, to);
    const start = from + (piece.length - piece.trimStart().length);
    const trimmed = piece.trim();
    if (trimmed) sentences.push({ start, end: start + trimmed.length, text: trimmed });
  };
  for (const end of text.matchAll(SENTENCE_END)) {
    // The closing marks stay with their sentence; the white space after them goes.
    const marks = end[0].trimEnd().length;
    push(end.index + marks);
    from = end.index + end[0].length;
  }
  push(text.length);
  return sentences;
}

/** Splits and indexes a page's text; linear in its length. */
export function indexPage(pageText: string): PageIndex {
  const passages: IndexedPassage[] = [];
  const postings = new Map<string, number[]>();
  const numbers: Set<string>[] = [];
  for (const sentence of sentencesOf(pageText)) {
    const folded = fold(sentence.text);
    const id = passages.push({ ...sentence, body: quoteBody(folded) }) - 1;
    const words = wordsOf(folded);
    numbers.push(words.numbers);
    for (const stem of words.stems) {
      const list = postings.get(stem);
      if (list) list.push(id);
      else postings.set(stem, [id]);
    }
  }
  return { passages, postings, numbers };
}

/** The sentence without its closing punctuation and quotes, so a quote ending mid-passage still matches. */
function quoteBody(folded: string): string {
  return folded.replace(/^["'(\s•-]+|["')\s.!?;:…]+$/g, "");
}

/** The first passage holding `body` (or, for a `whole` quote, being it). */
function quotedIn(page: PageIndex, body: string, whole: boolean): number | null {
  if (!body) return null;
  for (let id = 0; id < page.passages.length; id++) {
    const passage = page.passages[id]?.body ?? "";
    if (whole ? passage === body : passage.includes(body)) return id;
  }
  return null;
}

function paraphrasedIn(page: PageIndex, words: Words): number | null {
  const shared = new Map<number, number>();
  for (const stem of words.stems) {
    for (const id of page.postings.get(stem) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
  }
  const needed = Math.max(MIN_SHARED_WORDS, Math.ceil(words.stems.size * PARAPHRASE_SHARE));
  let best: number | null = null;
  let bestCount = 0;
  for (const [id, count] of shared) {
    if (count < needed || count < bestCount) continue;
    if (count === bestCount && best !== null && id > best) continue;
    const numbers = page.numbers[id];
    if (![...words.numbers].every((number) => numbers?.has(number))) continue;
    best = id;
    bestCount = count;
  }
  return best;
}

function sourceOf(page: PageIndex, sentence: string): { id: number; match: "quote" | "paraphrase" } | null {
  const folded = fold(sentence);
  const words = wordsOf(folded);
  const short = words.stems.size + words.numbers.size < MIN_SHARED_WORDS;
  const quoted = quotedIn(page, quoteBody(folded), short);
  if (quoted !== null) return { id: quoted, match: "quote" };
  if (short) return null;
  const paraphrased = paraphrasedIn(page, words);
  return paraphrased === null ? null : { id: paraphrased, match: "paraphrase" };
}

/** The sentences of an answer (Markdown) as a reader sees them, bullets and marks taken off. */
export function answerSentences(answer: string): string[] {
  return sentencesOf(markdownToPlainText(answer)).map((sentence) => sentence.text.replace(/^•\s*/, ""));
}

/** For each sentence of `answer`, the passage of the page (`indexPage(pageText)`) that supports it. */
export function findSources(answer: string, page: PageIndex): AnswerSources {
  const passages: SourcePassage[] = [];
  const numbered = new Map<number, number>();
  const sentences = answerSentences(answer).map((sentence): SentenceSource => {
    const found = sourceOf(page, sentence);
    if (!found) return { sentence, passage: null, match: null };
    let number = numbered.get(found.id);
    if (number === undefined) {
      const { start, end, text } = page.passages[found.id] as IndexedPassage;
      number = passages.push({ start, end, text }) - 1;
      numbered.set(found.id, number);
    }
    return { sentence, passage: number, match: found.match };
  });
  return { sentences, passages };
}
