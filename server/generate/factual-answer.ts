/**
 * A factual (or yes/no) question's answer leads with it: the sentence that best answers first, its span of
 * the expected kind emphasized (a date for "when", a name for "who" …), then at most one or two sentences
 * that support it, within about 60 words unless the prompt asks for more.
 */
import { answerSpans, closestSpan, isOrganizationName } from "./answer-spans";
import type { PageModel, PageSentence } from "./page-model";
import type { PromptIntent } from "./prompt";
import { type QueryWeights, type RankedSentence, rankSentences, similarTerms } from "./ranking";
import { type CharRange, clipAround, termRanges, wordCount } from "./sentence-window";
import { contentTerms } from "./terms";

/** How many of the best-matching sentences are read for a span of the expected kind. */
const CANDIDATES = 12;
/** A sentence holding a span of the expected kind is worth this much more. */
const TYPED_BONUS = 0.35;
/** "What is X?": a sentence saying "X is …" early on is worth this much more. */
const DEFINITION_BONUS = 0.3;
/** The prior (centrality, position) matters less for a question than for a summary. */
const QUESTION_PRIOR = 0.15;
/** A lead sentence longer than this is cut around the words that answer (never before them). */
const LONG_SENTENCE_WORDS = 45;

interface Candidate {
  ranked: RankedSentence;
  score: number;
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
  const ranked = rankSentences(model, withRelatedTerms(weights, model), {
    ...options,
    priorWeight: QUESTION_PRIOR,
  });
  const questionTerms = new Set(intent.terms);
  const matching = ranked.filter((entry) => entry.match > 0).slice(0, CANDIDATES);
  // "What does NBT stand for?": the sentence that spells it out, wherever it ranks.
  const spelledOut = `(${intent.abbreviation})`;
  if (intent.abbreviation) {
    for (const entry of ranked) {
      if (entry.sentence.text.includes(spelledOut) && !matching.includes(entry)) matching.push(entry);
    }
  }
  if (matching.length === 0) return undefined;
  const candidates = matching
    .map((entry) => candidateOf(entry, model, intent, questionTerms))
    .sort((a, b) => b.score - a.score || a.ranked.sentence.index - b.ranked.sentence.index);

  const [lead, ...rest] = candidates;
  if (!lead) return undefined;
  const parts = [leadText(lead)];
  let words = wordCount(parts[0] ?? "");
  const taken: PageSentence[] = [lead.ranked.sentence];
  for (const candidate of rest) {
    if (taken.length >= intent.sentenceCount) break;
    const { sentence } = candidate.ranked;
    const length = wordCount(sentence.text);
    if (words + length > intent.maxWords) continue;
    if (taken.some((other) => other.text === sentence.text || similarTerms(other, sentence) > 0.6)) continue;
    taken.push(sentence);
    parts.push(sentence.text);
    words += length;
  }
  return parts.join(" ");
}

/** Stems sharing at least this many first letters are forms of one word ("discover-ed", "discover-y"). */
const RELATED_PREFIX = 5;
const RELATED_WEIGHT = 0.5;

/**
 * The question's terms and, at half weight, the page's terms that share their first letters: the stemmer
 * keeps "founded" and "founder", "discovered" and "discovery" apart, but a question means both.
 */
function withRelatedTerms(weights: QueryWeights, model: PageModel): QueryWeights {
  const related: QueryWeights = new Map(weights);
  for (const [term, weight] of weights) {
    if (term.length < RELATED_PREFIX || /^\d/.test(term)) continue;
    const prefix = term.slice(0, RELATED_PREFIX);
    for (const other of model.termCounts.keys()) {
      if (other !== term && other.startsWith(prefix) && !related.has(other)) {
        related.set(other, weight * RELATED_WEIGHT);
      }
    }
  }
  return related;
}

function candidateOf(
  ranked: RankedSentence,
  model: PageModel,
  intent: PromptIntent,
  questionTerms: ReadonlySet<string>,
): Candidate {
  const { text } = ranked.sentence;
  const anchors = termRanges(text, questionTerms, model.language);
  const found = answerSpans(text, intent.answerType, questionTerms, model.language);
  // "Who …": a person's name where the sentence has one, however close an organization's is.
  const people =
    intent.answerType === "person"
      ? found.filter((range) => !isOrganizationName(text.slice(range.start, range.end)))
      : [];
  const spans = people.length > 0 ? people : found;
  // "How many stops": a number followed by "stops" answers it best.
  const counting = intent.unitTerm
    ? spans.filter((range) =>
        contentTerms(text.slice(range.start, range.end + 20), model.language).includes(
          intent.unitTerm as string,
        ),
      )
    : [];
  const span = closestSpan(counting.length > 0 ? counting : spans, anchors);
  let bonus = span ? TYPED_BONUS : 0;
  // "Who …" asks for a person first: a sentence naming only an organization is a weaker answer.
  if (span && intent.answerType === "person" && isOrganizationName(text.slice(span.start, span.end)))
    bonus /= 2;
  if (counting.length > 0) bonus += TYPED_BONUS;
  if (intent.answerType === "definition" && definesEarly(text, anchors)) bonus += DEFINITION_BONUS;
  const longForm = intent.abbreviation ? longFormIn(text, intent.abbreviation) : undefined;
  // The sentence that spells the abbreviation out answers first, however it ranks otherwise.
  if (longForm) return { ranked, score: Number.MAX_VALUE / 2 + ranked.score, span: longForm, anchors };
  return { ranked, score: ranked.score * (1 + bonus), ...(span && { span }), anchors };
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

/** The lead sentence: its span emphasized, cut around what answers when long. */
function leadText({ ranked, span, anchors }: Candidate): string {
  const { text } = ranked.sentence;
  const answer = span ? text.slice(span.start, span.end) : "";
  if (!span || !answer.trim() || answer.includes("*")) return clipAround(text, anchors, LONG_SENTENCE_WORDS);
  const marked = `${text.slice(0, span.start)}**${answer}**${text.slice(span.end)}`;
  const shift = (at: number) => (at >= span.end ? at + 4 : at > span.start ? at + 2 : at);
  const shifted = anchors.map((range) => ({ start: shift(range.start), end: shift(range.end) }));
  return clipAround(marked, [...shifted, { start: span.start, end: span.end + 4 }], LONG_SENTENCE_WORDS);
}
