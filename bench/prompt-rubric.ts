/**
 * The automatic rubric of `npm run bench:prompts` (docs/generation.md, "The rubric"): an answer passes
 * when it has the right shape for its kind, is taken from the page, is not boilerplate, and never says
 * the page does not mention a word of the task. It is written apart from the generator's own filters
 * (carrying-sentences.ts) on purpose: a rubric that reused them would pass whatever they let through.
 */
import type { BenchKind } from "./prompt-set";

export interface RubricPage {
  title: string;
  text: string;
}

const NOT_MENTIONED = /does not mention/iu;
const BOILERPLATE =
  /\b(?:subscribe|newsletter|sign\s+up|click\s+here|follow\s+us|getty\s+images|all\s+rights\s+reserved|advertisement|cookies)\b|photo:|image:|\[\/?[a-z][^\]]*\]|<\/?(?:a|p|br|div|span|img|strong|em|b|i|h[1-6]|ul|ol|li|iframe|script|table|td)\b[^>]*>|^by\s+\p{Lu}/iu;
// A sentence ends at ".", "!", "?" or "…" before a capital, but not after a title's, a month's, a company's or
// a state's abbreviation ("Gov. Kristi Noem", "on Nov. 18", "Rep. Ilhan Omar (D-Minn.) said").
const SENTENCE_END =
  /(?<![\s(](?:Gov|Rep|Sen|Dr|Mr|Mrs|Ms|Prof|Gen|Lt|Col|Capt|Sgt|St|Mt|Jr|Sr|No|Pres|Rev|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Inc|Corp|Co|Ltd|\p{Lu}|\p{Lu}-\p{Lu}\p{Ll}{0,4})\.\)?)(?<=[.!?…]["”’)]*)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u;
const WHOLE_SENTENCE = /^["“‘(]?[\p{Lu}\p{N}].*[.!?…]["”’)]*$/u;
const MIN_SENTENCE_WORDS = 6;
const MAX_TLDR_WORDS = 60;

const plain = (text: string) =>
  text
    .replace(/\*\*/g, "")
    .replace(/\\([#>*+-])/g, "$1")
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Every part of `fragment` between "…" cuts is in the page's text. */
/** Each part of `fragment` is the page's (a full stop the answer gave a standfirst aside). */
function fromPage(fragment: string, page: RubricPage): boolean {
  const text = plain(page.text);
  return fragment
    .split("…")
    .map((part) => plain(part))
    .filter((part) => part.length > 0)
    .every((part) => text.includes(part) || text.includes(part.replace(/\.$/u, "")));
}

const bulletsOf = (answer: string) =>
  answer
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2).trim());
const sentencesOf = (answer: string) =>
  answer
    .split(/\n+/)
    .flatMap((line) => line.split(SENTENCE_END))
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/** Why `answer` fails the rubric for `kind`; undefined when it passes. */
export function rubricFailure(
  kind: BenchKind,
  answer: string,
  page: RubricPage,
  count: number | undefined,
): string | undefined {
  if (NOT_MENTIONED.test(answer)) return "says the page does not mention a task word";
  switch (kind) {
    case "summary":
    case "tldr":
    case "main-argument":
    case "explain":
      return gistFailure(kind, answer, page, count);
    case "key-points":
      return keyPointsFailure(answer, page, count ?? 5);
    case "quoted":
      return quotedFailure(answer, page);
    case "entities":
      return entitiesFailure(answer, page);
    case "tone":
      return toneFailure(answer, page);
    case "figures":
      return figuresFailure(answer, page);
    case "translate":
      return translateFailure(answer, page);
  }
}

function sentenceFailure(sentence: string, page: RubricPage): string | undefined {
  if (!fromPage(sentence, page)) return `not from the page: ${sentence.slice(0, 80)}`;
  if (BOILERPLATE.test(sentence)) return `boilerplate: ${sentence.slice(0, 80)}`;
  if (words(sentence) < MIN_SENTENCE_WORDS) return `a throwaway line: ${sentence}`;
  return undefined;
}

function gistFailure(kind: BenchKind, answer: string, page: RubricPage, count: number | undefined) {
  if (bulletsOf(answer).length > 0) return "a list, not prose";
  const sentences = sentencesOf(answer);
  if (sentences.length === 0) return "empty";
  if (count !== undefined && sentences.length !== count)
    return `${sentences.length} sentences, ${count} asked`;
  if (sentences.length > 8) return "more than 8 sentences";
  if (kind === "tldr" && words(answer) > MAX_TLDR_WORDS) return "a TL;DR over 60 words";
  for (const sentence of sentences) {
    const failure = sentenceFailure(sentence, page);
    if (failure) return failure;
  }
  return undefined;
}

function keyPointsFailure(answer: string, page: RubricPage, count: number) {
  const bullets = bulletsOf(answer);
  if (bullets.length !== count) return `${bullets.length} points, ${count} asked`;
  if (new Set(bullets.map(plain)).size !== bullets.length) return "a point repeated";
  for (const bullet of bullets) {
    if (!WHOLE_SENTENCE.test(bullet.replace(/\\/g, "")))
      return `not a whole sentence: ${bullet.slice(0, 80)}`;
    const failure = sentenceFailure(bullet, page);
    if (failure) return failure;
  }
  return undefined;
}

const QUOTATION = /“[^“”]+”|"[^"]+"/gu;
/** The page has a quotation of four words or more with a verb of saying close to it. */
function pageQuotesSomeone(page: RubricPage): boolean {
  for (const match of page.text.matchAll(QUOTATION)) {
    if (words(match[0]) < 4) continue;
    const start = match.index ?? 0;
    const around = page.text.slice(Math.max(0, start - 60), start + match[0].length + 60);
    if (/\b(?:said|says|told|added|wrote|according\s+to)\b/iu.test(around)) return true;
  }
  return false;
}

function quotedFailure(answer: string, page: RubricPage) {
  const lines = bulletsOf(answer);
  if (lines.length === 0)
    return /no one is quoted/iu.test(answer) && !pageQuotesSomeone(page) ? undefined : "no speaker listed";
  for (const line of lines) {
    const speaker = /^\*\*([^*]+)\*\*:/u.exec(line)?.[1];
    if (!speaker) return `no speaker: ${line.slice(0, 80)}`;
    const lastName = speaker.split(" ").at(-1) ?? speaker;
    if (!page.text.includes(lastName)) return `speaker not on the page: ${speaker}`;
    const words = line.slice(speaker.length + 5);
    const quotes = words.match(QUOTATION) ?? [];
    if (quotes.length === 0 && !fromPage(words, page))
      return `words not from the page: ${words.slice(0, 80)}`;
    // A quotation is the page's exactly: not one character altered or added inside it.
    const text = page.text.replace(/\s+/g, " ");
    for (const quote of quotes)
      if (!text.includes(quote.replace(/\s+/g, " "))) return `quotation altered: ${quote.slice(0, 80)}`;
  }
  return undefined;
}

function entitiesFailure(answer: string, page: RubricPage) {
  const groups = answer
    .split("\n")
    .map((line) => /^- \*\*(People|Organizations|Places|Other names):\*\* (.+)$/u.exec(line));
  if (groups.length === 0 || groups.some((group) => group === null))
    return "not a list of people, organizations and places";
  const names = groups.flatMap((group) => (group?.[2] ?? "").split(", "));
  if (names.length < 3) return `only ${names.length} names`;
  const text = page.text.replace(/\s+/g, " ");
  const missing = names.find((name) => !text.includes(name));
  return missing ? `not on the page: ${missing}` : undefined;
}

function toneFailure(answer: string, page: RubricPage) {
  if (!/\b(?:positive|negative|neutral|mixed)\b/iu.test(answer.split(/[.:]/)[0] ?? ""))
    return "no tone named first";
  const shown = answer
    .split("\n")
    .filter((line) => line.startsWith("> "))
    .map((line) => line.slice(2));
  if (shown.length === 0) return "no sentence shows it";
  const unfound = shown.find((sentence) => !fromPage(sentence, page));
  return unfound ? `not from the page: ${unfound.slice(0, 80)}` : undefined;
}

function figuresFailure(answer: string, page: RubricPage) {
  const bullets = bulletsOf(answer);
  if (bullets.length === 0) return /\d/.test(page.text) ? "no figures listed" : undefined;
  for (const bullet of bullets) {
    const parts = /^\*\*(.+?)\*\* \(([a-z]+)\): (.+)$/u.exec(bullet);
    if (!parts?.[1] || !parts[3]) return `not a figure with what it is about: ${bullet.slice(0, 80)}`;
    if (
      !/\d|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen)\b/iu.test(
        parts[1],
      )
    )
      return `not a number or date: ${parts[1]}`;
    if (!page.text.includes(parts[1])) return `figure not on the page: ${parts[1]}`;
    if (words(parts[3]) < 4 || !fromPage(parts[3], page))
      return `no context from the page: ${parts[3].slice(0, 80)}`;
  }
  return undefined;
}

function translateFailure(answer: string, page: RubricPage) {
  const first = answer.split(/(?<=[.!?])\s/u)[0] ?? "";
  if (!/\b(?:cannot|can't|can not|unable)\b/iu.test(first)) return "does not say it cannot";
  if (page.title && !answer.includes(page.title)) return "does not give the original title";
  return undefined;
}
