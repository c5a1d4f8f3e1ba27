/**
 * A factual (or yes/no) question's answer leads with it: the sentence that best answers first, its span of
 * the expected kind emphasized (a date for "when", a name for "who" …), then at most one or two sentences
 * that support it (scoring at least SUPPORT_SHARE of it), within about 60 words unless the prompt asks for
 * more, and only while each shares the question's key terms or carries on the one before (follow-on.ts).
 * A one-sentence answer is fine.
 */
import { answerSpans, closestSpan, fullNameOf, isNotAPerson, isOrganizationName } from "./answer-spans";
import { continuesPrevious, FRAGMENT_WORDS, keyTermList, keyTermsOf, sharesKeyTerm } from "./follow-on";
import type { PageModel, PageSentence } from "./page-model";
import type { PromptIntent } from "./prompt";
import type { AnswerType } from "./question-words";
import { type QueryWeights, type RankedSentence, rankSentences, similarTerms } from "./ranking";
import { isReference, withoutCitationMarks } from "./reference-sentences";
import { withRelatedTerms } from "./related-terms";
import { type CharRange, clipAround, termRanges, wordCount } from "./sentence-window";
import { contentTerms } from "./terms";

/** How many of the best-matching sentences are read for a span of the expected kind. */
const CANDIDATES = 16;
/** A sentence holding a span of the expected kind is worth this much more … */
const TYPED_BONUS = 0.35;
/** … and up to this much more again when the span stands next to the question's words. */
const NEAR_BONUS = 0.25;
/** How many words away from the question's words a span still counts as near them (less and less). */
const NEAR_WORDS = 12;
/** "What is X?": a sentence saying "X is …" early on is worth this much more. */
const DEFINITION_BONUS = 0.3;
/** … and the page's first sentence saying so this much more again. */
const FIRST_DEFINITION_BONUS = 1;
/** How many of the page's first sentences naming X are read for "What is X?", wherever they rank. */
const EARLIEST_DEFINITIONS = 3;
/** The prior (centrality, position) matters less for a question than for a summary. */
const QUESTION_PRIOR = 0.15;
/** A lead sentence longer than this is cut around the words that answer (never before them). */
const LONG_SENTENCE_WORDS = 32;
/** The question's words this many words or more away from the span do not hold a long lead sentence whole. */
const ANCHOR_REACH = 20;
/**
 * Answer types a sentence either holds or does not (a date, a number, a name): a lead without one gives
 * way to a sentence with one that scores at least this share of it.
 */
const PROMOTE_SHARE = 0.5;
const TYPED_ANSWERS = new Set<AnswerType>([
  "date",
  "number",
  "duration",
  "length",
  "person",
  "place",
  "organization",
]);
/**
 * Candidates whose term match (BM25, without the prior or any bonus) is within this share of the best
 * match are close: between them the question's expected type decides (tests/server/generate-answers.test.ts).
 */
export const CLOSE_MATCH = 0.15;
/** For "who", a sentence naming only an organization holds this much of a person's name. */
const ORGANIZATION_HOLDS = 0.5;
/** A sentence supports the lead only when it scores at least this share of it: a weaker one is noise. */
const SUPPORT_SHARE = 0.4;

/** One sentence, or a sentence with the fragment that completes it: what a candidate answer quotes. */
interface Unit {
  sentences: PageSentence[];
  text: string;
  score: number;
  /** The question's terms' part of `score` (BM25), without the prior. */
  match: number;
  /** "… says Katie Allen. She directs …": the span that answers "who" ends before this offset. */
  namedBefore?: number;
}

interface Candidate {
  unit: Unit;
  score: number;
  /**
   * How well it holds what the question expects: 2 a quantity with its unit ("12 stops" for "how many
   * stops"), 1 a span of the type (a date, a number, a person's name …), the definition ("X is …"), or
   * for yes/no the claim (every key term); for "who", an organization's name only half; 0 nothing of it
   * (for "who", a place's name: "the Vesterfjord", "the Ramsund Bridge").
   */
  holds: number;
  /** It spells out the abbreviation asked about: it leads. */
  spellsOut?: boolean;
  /** "X is …" early on, for "What is X?". */
  defines?: boolean;
  span?: CharRange;
  anchors: CharRange[];
}

export interface FactualOptions {
  temperature: number;
  random?: () => number;
}

/** The answer's text (Markdown), or undefined when no sentence shares a word with the question. */
export function composeFactualAnswer(
  model: PageModel,
  intent: PromptIntent,
  weights: QueryWeights,
  options: FactualOptions,
): string | undefined {
  const related = withRelatedTerms(weights, model);
  const ranked = rankSentences(model, related, {
    ...options,
    priorWeight: QUESTION_PRIOR,
  });
  const questionTerms = new Set(intent.terms);
  const matching = ranked
    .filter((entry) => entry.match > 0 && !isReference(model, entry.sentence))
    .slice(0, CANDIDATES);
  // "What does NBT stand for?": the sentence that spells it out, wherever it ranks.
  const spelledOut = `(${intent.abbreviation})`;
  if (intent.abbreviation) {
    for (const entry of ranked) {
      if (entry.sentence.text.includes(spelledOut) && !matching.includes(entry)) matching.push(entry);
    }
  }
  // "What is X?": the page's first sentences naming X, however long (BM25 favours short ones).
  if (intent.answerType === "definition") {
    const earliest = ranked
      .filter((entry) => entry.match > 0 && !isReference(model, entry.sentence))
      .sort((a, b) => a.sentence.index - b.sentence.index)
      .slice(0, EARLIEST_DEFINITIONS);
    for (const entry of earliest) if (!matching.includes(entry)) matching.push(entry);
  }
  if (matching.length === 0) return undefined;
  const keyTerms = keyTermsOf(intent.terms, model);
  const claim = keyTermList(intent.terms, model);
  const candidates = unitsOf(matching, ranked, model, intent).map((unit) =>
    candidateOf(unit, model, intent, questionTerms, new Set(related.keys()), claim),
  );
  // "What is X?": the page's first sentence that says "X is …" is its definition; later ones add to it.
  const definition = candidates
    .filter((candidate) => candidate.defines)
    .sort((a, b) => firstIndex(a) - firstIndex(b))[0];
  if (definition) definition.score *= 1 + FIRST_DEFINITION_BONUS;
  candidates.sort((a, b) => b.score - a.score || firstIndex(a) - firstIndex(b));

  const lead = leadOf(candidates, intent);
  if (!lead) return undefined;
  const parts = [leadText(lead, intent.answerType === "person" ? model : undefined)];
  let words = wordCount(parts[0] ?? "");
  const taken: PageSentence[] = [...lead.unit.sentences];
  let count = 1;
  for (const candidate of candidates) {
    // Candidates come best first: past the first too weak to support the lead, none is strong enough.
    if (count >= intent.sentenceCount || candidate.score < SUPPORT_SHARE * lead.score) break;
    const { sentences, text } = candidate.unit;
    const length = wordCount(text);
    if (words + length > intent.maxWords) continue;
    const repeats = (sentence: PageSentence) =>
      taken.some((other) => other.text === sentence.text || similarTerms(other, sentence) > 0.6);
    if (sentences.some(repeats)) continue;
    // A sentence sharing no key term with the question, and not carrying on the one before it, ends the answer.
    if (!followsLast(sentences[0] as PageSentence, taken.at(-1) as PageSentence, keyTerms, model.language))
      break;
    taken.push(...sentences);
    parts.push(text);
    words += length;
    count++;
  }
  return parts.join(" ");
}

/**
 * `sentence` may come after `last` in the answer: it shares a key term of the question, or it continues
 * `last` (it opens with a pronoun or a connective, or completes it) and comes right after it on the page.
 */
function followsLast(
  sentence: PageSentence,
  last: PageSentence,
  keyTerms: ReadonlySet<string>,
  language: string,
): boolean {
  const text = withoutCitationMarks(sentence.text);
  return (
    sharesKeyTerm(text, keyTerms, language) || (sentence.index === last.index + 1 && continuesPrevious(text))
  );
}

const firstIndex = (candidate: Candidate) => candidate.unit.sentences[0]?.index ?? 0;

/**
 * The candidate that answers first: the best, unless one whose term match is close to its own (within
 * CLOSE_MATCH, or above it) holds more of what the question expects; then the best of those that hold the
 * most. And when the question asks for a date, a number or a name and the best holds none, the best that
 * holds one, if it scores at least PROMOTE_SHARE as much.
 */
function leadOf(candidates: Candidate[], intent: PromptIntent): Candidate | undefined {
  const [best] = candidates;
  if (!best || best.spellsOut) return best;
  const close = candidates.filter((candidate) => candidate.unit.match >= (1 - CLOSE_MATCH) * best.unit.match);
  const strongest = Math.max(...close.map((candidate) => candidate.holds));
  if (strongest > best.holds) return close.find((candidate) => candidate.holds === strongest);
  // A span that is no answer of the type ("the Ramsund Bridge" for "who") holds nothing.
  if (best.holds > 0 || !intent.answerType || !TYPED_ANSWERS.has(intent.answerType)) return best;
  const typed = candidates.find((candidate) => candidate.holds > 0);
  return typed && typed.score >= PROMOTE_SHARE * best.score ? typed : best;
}

/** "She's the director of …": for "who", the person is named in the sentence before. */
const namesSomeoneBefore = (sentence: PageSentence, before: PageSentence | undefined) =>
  before?.paragraph === sentence.paragraph && /^(?:he|she|they)\b/i.test(sentence.text);

const isFragment = (sentence: PageSentence | undefined, before: PageSentence | undefined) =>
  sentence !== undefined &&
  before?.paragraph === sentence.paragraph &&
  wordCount(sentence.text) <= FRAGMENT_WORDS;

/**
 * The matching sentences as units: a fragment ("About 23,000 die.") with the sentence before it, which
 * it completes, and a sentence with the fragment after it. Their scores add up (a fragment's own is not
 * held against its shortness). For "who", a sentence opening with "he", "she" or "they" is read with the
 * one before it, which names the person.
 */
function unitsOf(
  matching: RankedSentence[],
  ranked: RankedSentence[],
  model: PageModel,
  intent: PromptIntent,
): Unit[] {
  const byIndex = new Map(ranked.map((entry) => [entry.sentence.index, entry]));
  const matchOf = (sentence: PageSentence | undefined) =>
    (sentence && byIndex.get(sentence.index)?.match) ?? 0;
  const units = new Map<number, Unit>();
  for (const entry of matching) {
    const { sentence } = entry;
    const before = model.sentences[sentence.index - 1];
    const textOf = (of: PageSentence) => withoutCitationMarks(of.text);
    let unit: Unit = {
      sentences: [sentence],
      text: textOf(sentence),
      score: entry.score,
      match: entry.match,
    };
    const beforeEntry = before && byIndex.get(before.index);
    if (before && beforeEntry && isFragment(sentence, before)) {
      unit = {
        sentences: [before],
        text: textOf(before),
        score: beforeEntry.score + entry.match,
        match: beforeEntry.match + entry.match,
      };
    } else if (before && intent.answerType === "person" && namesSomeoneBefore(sentence, before)) {
      unit = {
        sentences: [before, sentence],
        text: `${textOf(before)} ${textOf(sentence)}`,
        score: entry.score,
        match: entry.match,
        namedBefore: textOf(before).length,
      };
    }
    const last = unit.sentences.at(-1) as PageSentence;
    const next = model.sentences[last.index + 1];
    if (isFragment(next, last) && next && !isReference(model, next)) {
      unit = {
        sentences: [...unit.sentences, next],
        text: `${unit.text} ${textOf(next)}`,
        score: unit.score + (next === sentence ? 0 : matchOf(next)),
        match: unit.match + (next === sentence ? 0 : matchOf(next)),
      };
    }
    const key = unit.sentences[0]?.index ?? sentence.index;
    const known = units.get(key);
    if (!known || known.score < unit.score) units.set(key, unit);
  }
  return [...units.values()];
}

function candidateOf(
  unit: Unit,
  model: PageModel,
  intent: PromptIntent,
  questionTerms: ReadonlySet<string>,
  anchorTerms: ReadonlySet<string>,
  claim: readonly string[],
): Candidate {
  const { text } = unit;
  // Where the question's words stand, in any of their forms ("created" for "founded").
  const anchors = termRanges(text, anchorTerms, model.language);
  const found = answerSpans(text, intent.answerType, questionTerms, model.language).filter(
    (range) => unit.namedBefore === undefined || range.end <= unit.namedBefore,
  );
  // "Who …": a person's name where the sentence has one, however close an organization's or a place's
  // is; a full name ("Brendan Eich") before a single word ("SpiderMonkey").
  const people = intent.answerType === "person" ? found.filter((range) => !isNotAPerson(text, range)) : [];
  const fullNames = people.filter((range) => /\s/.test(text.slice(range.start, range.end)));
  const spans = fullNames.length > 0 ? fullNames : people.length > 0 ? people : found;
  // "How many stops": a number followed by "stops" answers it best.
  const counting = intent.unitTerm
    ? spans.filter((range) =>
        contentTerms(text.slice(range.start, range.end + 20), model.language).includes(
          intent.unitTerm as string,
        ),
      )
    : [];
  const span = closestSpan(counting.length > 0 ? counting : spans, anchors);
  let bonus = span ? TYPED_BONUS + NEAR_BONUS * nearness(text, span, anchors) : 0;
  // "Who …" asks for a person first: a sentence naming only an organization or a place is a weaker
  // answer. Any proper noun may answer "which museum", so it says less.
  if (span && intent.answerType === "person" && isNotAPerson(text, span)) bonus /= 2;
  if (intent.answerType === "name") bonus /= 2;
  if (counting.length > 0) bonus += 2 * TYPED_BONUS;
  const defines = intent.answerType === "definition" && definesEarly(text, anchors);
  if (defines) bonus += DEFINITION_BONUS;
  const longForm = intent.abbreviation ? longFormIn(text, intent.abbreviation) : undefined;
  // The sentence that spells the abbreviation out answers first, however it ranks otherwise.
  if (longForm)
    return {
      unit,
      score: Number.MAX_VALUE / 2 + unit.score,
      span: longForm,
      anchors,
      holds: 2,
      spellsOut: true,
    };
  const unitTerms = new Set(contentTerms(text, model.language));
  const organization = found.some((range) => isOrganizationName(text.slice(range.start, range.end)));
  const named = people.length > 0 ? 1 : organization ? ORGANIZATION_HOLDS : 0;
  const holds = holdsExpected(intent, {
    counts: counting.length > 0,
    spans: intent.answerType === "person" ? named : Number(span !== undefined),
    defines,
    claims: claim.every((term) => unitTerms.has(term)),
  });
  return { unit, score: unit.score * (1 + bonus), ...(span && { span }), anchors, defines, holds };
}

/** What a candidate holds of the question's expected type (Candidate.holds). */
function holdsExpected(
  intent: PromptIntent,
  found: { counts: boolean; spans: number; defines: boolean; claims: boolean },
): number {
  if (intent.kind === "yesno") return found.claims ? 1 : 0;
  if (intent.answerType === "definition") return found.defines ? 1 : 0;
  if (!intent.answerType || !TYPED_ANSWERS.has(intent.answerType)) return 0;
  if (found.counts) return 2;
  return found.spans;
}

/** Words between two ranges of `text` (0 when they touch or overlap). */
function wordsBetween(text: string, a: CharRange, b: CharRange): number {
  const [left, right] = a.end <= b.start ? [a, b] : [b, a];
  if (left.end >= right.start) return 0;
  return wordCount(text.slice(left.end, right.start));
}

/** 1 when the span stands right by one of the question's words, falling to 0 at NEAR_WORDS words away. */
function nearness(text: string, span: CharRange, anchors: CharRange[]): number {
  if (anchors.length === 0) return 0;
  const distance = Math.min(...anchors.map((anchor) => wordsBetween(text, span, anchor)));
  return Math.max(0, 1 - distance / NEAR_WORDS);
}

/** "Named Binary Tag (NBT)": the capitalized words before the abbreviation in brackets. */
function longFormIn(text: string, abbreviation: string): CharRange | undefined {
  const at = text.indexOf(`(${abbreviation})`);
  if (at < 0) return undefined;
  const before = text.slice(0, at);
  const words = /((?:\p{Lu}[\p{L}-]*\s+){1,7})$/u.exec(before);
  if (!words?.[1]) return undefined;
  const start = at - words[1].length;
  return { start, end: start + words[1].trimEnd().length };
}

/** "Photosynthesis is the process …": the question's words early, then a copula. */
function definesEarly(text: string, anchors: CharRange[]): boolean {
  const first = anchors[0];
  if (!first || wordCount(text.slice(0, first.start)) > 6) return false;
  return /^[^.;:]{0,80}?\b(?:is|are|was|were|refers to|means|est|sont|était|es|son|era|ist|sind|war)\b/i.test(
    text.slice(first.start),
  );
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Joins the words of one token: "Jae-myung", "1.6x2", "3.5". */
const JOINER = /[-\u2010\u2011.,]/u;

/**
 * The span grown to whole words, so that emphasis never splits one ("**Lee Jae**-myung", "**1.6x**2 mm"):
 * a reader, or a search for the answer, then finds the word whole.
 */
function wholeWords(text: string, { start, end }: CharRange): CharRange {
  const isWord = (at: number) => at >= 0 && at < text.length && WORD_CHAR.test(text[at] as string);
  const joins = (at: number) => JOINER.test(text[at] ?? "") && isWord(at - 1) && isWord(at + 1);
  let from = start;
  let to = end;
  while (isWord(from - 1) || (from > 1 && joins(from - 1))) from--;
  while (isWord(to) || joins(to)) to++;
  return { start: from, end: to };
}

/**
 * The lead sentence: its span emphasized, cut around what answers when long (the span and the question's
 * words near it; words far from the span do not keep the whole sentence). A person called by one name
 * gets the full name the page gives elsewhere, in brackets, when `namesFrom` is given.
 */
function leadText({ unit, span: found, anchors }: Candidate, namesFrom?: PageModel): string {
  const { text } = unit;
  const span = found && wholeWords(text, found);
  const answer = span ? text.slice(span.start, span.end) : "";
  if (!span || !answer.trim() || answer.includes("*")) return clipAround(text, anchors, LONG_SENTENCE_WORDS);
  const near = anchors.filter((anchor) => wordsBetween(text, span, anchor) < ANCHOR_REACH);
  const fullName =
    namesFrom &&
    fullNameOf(
      answer,
      namesFrom.sentences.map((sentence) => sentence.text),
      namesFrom.language,
    );
  const emphasized = fullName ? `**${answer}** (${fullName})` : `**${answer}**`;
  const marked = `${text.slice(0, span.start)}${emphasized}${text.slice(span.end)}`;
  const added = emphasized.length - answer.length;
  const shift = (at: number) => (at >= span.end ? at + added : at > span.start ? at + 2 : at);
  const shifted = near.map((range) => ({ start: shift(range.start), end: shift(range.end) }));
  return clipAround(marked, [...shifted, { start: span.start, end: span.end + added }], LONG_SENTENCE_WORDS);
}
