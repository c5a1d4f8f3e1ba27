/**
 * The span of a sentence that answers a factual question by its kind: a date for "when", a number for
 * "how many", a length for "how long is <a thing>", a name for "who", a place for "where". English
 * sentences are read with wink-nlp (entities, proper nouns); others by patterns. Spans made only of the
 * question's own words are not answers.
 */

import { escapeRegExp } from "../../../lib/text/escape-reg-exp";
import { DATE_MENTION, MONTH_NAMES } from "./dates";
import { endsWithPlaceNoun, isKnownPlace } from "./place-names";
import type { AnswerType } from "./question-words";
import type { CharRange } from "./sentence-window";
import { type Tagged, type TaggedToken, tag } from "./tagger";
import { contentTerms, isStopWord } from "./terms";

const ENTITY_TYPES: Partial<Record<AnswerType, string[]>> = {
  date: ["DATE", "TIME"],
  number: ["CARDINAL", "MONEY", "PERCENT"],
  duration: ["DURATION"],
};

const DATE_ENTITY = new Set(["DATE", "TIME"]);
const NUMBER_PATTERN =
  /(?:[$€£¥]\s?)?\b\d[\d,.]*(?:\s?[–-]\s?\d[\d,.]*)?(?:\s?(?:%|percent|per cent|million|billion|trillion|thousand|hundred|millions|milliards?|Millionen|Milliarden))?/giu;
const TIME_UNITS =
  "years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centuries|century|ans|années|mois|semaines|jours|heures|minutes|años|meses|semanas|días|horas|Jahre|Monate|Wochen|Tage|Stunden|Minuten";
/** An amount before a unit: digits or a number word. */
const AMOUNT =
  "\\d[\\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|a few|several";
const DURATION_PATTERN = new RegExp(`\\b(?:${AMOUNT})\\s+(?:${TIME_UNITS})\\b`, "giu");
/** Units a thing's length is given in ("1,340 metres", "a 600-word article", "24 nautical miles"). */
const LENGTH_UNITS =
  "kilomet(?:re|er)s?|met(?:re|er)s?|centimet(?:re|er)s?|millimet(?:re|er)s?|km|cm|mm|(?:nautical\\s+)?miles?|feet|foot|ft|inch(?:es)?|yards?|light[- ]years?|words?|pages?|characters?|kilomètres?|mètres?|Kilometer|Meter";
/** A length: an amount or a range of them ("13 to 14 centimetres", "40–52 cm") and its unit. */
const LENGTH_PATTERN = new RegExp(
  `\\b(?:${AMOUNT})(?:\\s?(?:[–-]|to)\\s?(?:${AMOUNT}))?(?:\\s?-\\s?|\\s)?(?:${LENGTH_UNITS})\\b`,
  "giu",
);
/** Capitalized words in a row, with the small words names have inside ("Bank of England", "Vincent van Gogh"). */
const NAME_PATTERN =
  /\b\p{Lu}[\p{L}'’.-]*(?:\s+(?:(?:of|the|de|du|des|la|le|van|von|der|den|da|di|del|y|and|&)\s+)?\p{Lu}[\p{L}'’.-]*)*/gu;
const NAME_CONNECTORS = new Set([
  "of",
  "the",
  "de",
  "du",
  "des",
  "la",
  "le",
  "van",
  "von",
  "der",
  "den",
  "da",
  "di",
  "del",
  "&",
  "and",
]);
const ORGANIZATION =
  /\b(?:Inc|Corp|Corporation|Company|Co|Ltd|LLC|SRL|GmbH|Group|Bank|University|College|Institute|Foundation|Association|Society|Council|Committee|Commission|Agency|Department|Ministry|Museum|Office|Party|Union|News|Times|Post|Journal|Press|Labs?|Systems|Studios|Games|Records|Airlines|Government|Court|Police|Army|Parliament|Congress|Senate|Board)\b\.?/;
/** A month or a day of the week: a capitalized word that names no one and nothing. */
const CALENDAR_WORD = new RegExp(
  `^(?:${MONTH_NAMES}|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$`,
  "u",
);
/** A degree or an acronym: no person's name. */
const NOT_A_PERSON = /^(?:\p{Lu}[\p{Lu}\d.]+|Ph\.?D\.?|Jr\.?|Sr\.?)$/u;
/** "U.S. Games Systems, Inc.", "Museum of Neon Art": a name that is an organization's. */
export const isOrganizationName = (name: string) => ORGANIZATION.test(name);

/**
 * Whether the name at `span` of `sentence` is no person's: an organization's, a place's ("Norway",
 * "Ramsund Bridge"), one the sentence writes after "the" ("the Vesterfjord", "the Bodø waterfront"), or
 * one that qualifies the common noun right after it ("South Korean president …", "Microsoft founder …").
 */
export function isNotAPerson(sentence: string, span: CharRange): boolean {
  const name = sentence.slice(span.start, span.end);
  return (
    isOrganizationName(name) ||
    isKnownPlace(name) ||
    endsWithPlaceNoun(name) ||
    /\bthe\s+$/i.test(sentence.slice(Math.max(0, span.start - 4), span.start)) ||
    qualifiesNoun(sentence, span)
  );
}

/** "South Korean President Yoon", "Microsoft founder": the name is followed, after a space, by a common noun. */
function qualifiesNoun(sentence: string, span: CharRange): boolean {
  if (!/^ \p{L}/u.test(sentence.slice(span.end, span.end + 2))) return false;
  const next = tag(sentence).tokens.find((token) => token.start > span.end);
  return next?.pos === "NOUN";
}

const PLACE_PREPOSITIONS = new Set([
  "in",
  "at",
  "from",
  "near",
  "to",
  "into",
  "across",
  "outside",
  "inside",
  "between",
  "throughout",
]);

/** Spans of `sentence` that can answer a question of `type`, the question's own words left out. */
export function answerSpans(
  sentence: string,
  type: AnswerType | undefined,
  questionTerms: ReadonlySet<string>,
  language: string,
): CharRange[] {
  if (!type) return [];
  const english = language === "en";
  let spans: CharRange[];
  switch (type) {
    case "date":
    case "number":
    case "duration":
    case "length": {
      const patterns = {
        date: DATE_MENTION,
        number: NUMBER_PATTERN,
        duration: DURATION_PATTERN,
        length: LENGTH_PATTERN,
      };
      // wink's entities first, then the numbers and dates it missed ("the 93 year-old" is no number to
      // it); but no number it tagged as a date ("in 2013" does not answer "how many").
      // The sentence is tagged once: its entities here, its tokens for the units below.
      const tagged = english ? tag(sentence) : undefined;
      const entities = tagged ? entitySpans(sentence, tagged, ENTITY_TYPES[type] ?? []) : [];
      const taken = tagged
        ? [
            ...entities,
            ...tagged.entities.filter((entity) => type === "number" && DATE_ENTITY.has(entity.type)),
          ]
        : [];
      const missed = patternSpans(sentence, patterns[type]).filter(
        (span) => !taken.some((entity) => entity.start < span.end && span.start < entity.end),
      );
      spans = [...entities, ...missed];
      if (type === "duration" && spans.length === 0 && tagged)
        spans = entitySpans(sentence, tagged, ["CARDINAL", "DURATION"]);
      if (type !== "date")
        spans = spans.map((span) => withQualifierAndUnit(sentence, span, type, language, tagged?.tokens));
      break;
    }
    case "person":
    case "organization":
    case "place":
    case "name":
      spans = english ? properNounSpans(sentence, type === "place") : patternSpans(sentence, NAME_PATTERN);
      if (!english) spans = spans.filter((span) => span.start > 0);
      // "March", "Monday" are no one's name; nor, for a person, "MD", "PhD", "CDC" (a degree, an acronym).
      spans = spans.filter((span) => {
        const text = sentence.slice(span.start, span.end);
        return !CALENDAR_WORD.test(text) && !(type === "person" && NOT_A_PERSON.test(text));
      });
      if (type === "person") {
        // A person's name before an organization's or a place's ("who" asks for a person first).
        const notAPerson = (span: CharRange) => isNotAPerson(sentence, span);
        spans = [...spans.filter((span) => !notAPerson(span)), ...spans.filter(notAPerson)];
      }
      break;
    default:
      return [];
  }
  const answering = spans.filter((span) => {
    const terms = contentTerms(sentence.slice(span.start, span.end), language);
    return terms.length === 0
      ? /\d/.test(sentence.slice(span.start, span.end))
      : terms.some((term) => !questionTerms.has(term));
  });
  // "Where": only names after "in", "at", "from" … when the sentence has one ("the Bardo museum in Tunis").
  const placed = answering.filter((span) => (span as NameRun).afterPreposition);
  return type === "place" && placed.length > 0 ? placed : answering;
}

const QUALIFIER =
  /(?:\b(?:about|nearly|almost|around|roughly|approximately|some|over|under|more than|less than|fewer than|at least|at most|just|only|up to|a mere|a total of)\s+)$/i;
/** A number's unit: the words right after it ("20 years", "280 degrees Celsius", "two dozen teams"). */
const UNIT =
  /^(?:[\s-]*(?:dozen|hundred|thousand|million|billion|per cent|percent|[\p{L}]+(?:-\p{L}+)*(?:\s+(?:Celsius|Fahrenheit|per\s+\p{L}+))?))/iu;

const HAS_TIME_UNIT = new RegExp(`\\b(?:${TIME_UNITS})\\b`, "iu");

/**
 * "nearly **20 years**" rather than "nearly **20** years": the answer is the amount with its unit (not a
 * function word: "aged 93 when", and not a second one: "a six-month review").
 */
function withQualifierAndUnit(
  sentence: string,
  span: CharRange,
  type: AnswerType,
  language: string,
  tokens: TaggedToken[] | undefined,
): CharRange {
  const before = QUALIFIER.exec(sentence.slice(Math.max(0, span.start - 20), span.start));
  const start = before ? span.start - before[0].length : span.start;
  // A length's pattern ends with its unit ("1,340 metres long": "long" is no unit).
  if (type === "length" || (type === "duration" && HAS_TIME_UNIT.test(sentence.slice(span.start, span.end))))
    return { start, end: span.end };
  const unit = UNIT.exec(sentence.slice(span.end));
  const word = unit?.[0].replace(/^[\s-]+/, "").toLowerCase() ?? "";
  const end =
    unit && !UNIT_STOPS.has(word) && !isStopWord(word, language) && !isVerbAt(tokens, span.end)
      ? span.end + unit[0].length
      : span.end;
  return { start, end };
}

/** "in 2013 replaced": the word after a number is a verb, not its unit (by wink's tags, English only). */
function isVerbAt(tokens: TaggedToken[] | undefined, from: number): boolean {
  const token = tokens?.find((candidate) => candidate.start >= from && /\p{L}/u.test(candidate.text));
  return (
    token !== undefined && ["VERB", "AUX", "ADV", "ADP", "SCONJ", "CCONJ", "PRON", "DET"].includes(token.pos)
  );
}

/** Words after a number that are not its unit. */
const UNIT_STOPS = new Set(
  "and or of the a an to in on at for by with from as is are was were that which who than per cent".split(
    " ",
  ),
);

/** What may stand between two entities of one answer: "six-month", "two dozen", "10–12", "1.8 to 5". */
const JOINED = /^(?:\s*[-–—]\s*|\s+(?:to|or)\s+|\s*)$/;

/**
 * Entities of `types`, each joined with the entities right beside it: wink tags "six-month" as a number
 * and a duration, "two dozen" as two numbers, and a range as its two ends.
 */
function entitySpans(sentence: string, tagged: Tagged, types: string[]): CharRange[] {
  const groups: Array<CharRange & { wanted: boolean }> = [];
  for (const entity of tagged.entities) {
    const wanted = types.includes(entity.type);
    const last = groups.at(-1);
    if (last && JOINED.test(sentence.slice(last.end, entity.start))) {
      last.end = entity.end;
      last.wanted ||= wanted;
    } else groups.push({ start: entity.start, end: entity.end, wanted });
  }
  return groups.filter((group) => group.wanted).map(({ start, end }) => ({ start, end }));
}

function patternSpans(sentence: string, pattern: RegExp): CharRange[] {
  const spans: CharRange[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(sentence); match !== null; match = pattern.exec(sentence)) {
    const text = match[0].replace(/[\s,.]+$/, "");
    if (text.length > 0) spans.push({ start: match.index, end: match.index + text.length });
    if (match[0].length === 0) pattern.lastIndex++;
  }
  return spans;
}

/** A run of proper nouns, and whether it comes right after "in", "at", "from" …. */
type NameRun = CharRange & { afterPreposition: boolean };

/** Runs of proper nouns ("Ada Lovelace", "University of Oxford"); for places, those after "in", "at" … first. */
function properNounSpans(sentence: string, place: boolean): NameRun[] {
  const { tokens } = tag(sentence);
  const runs: NameRun[] = [];
  let index = 0;
  while (index < tokens.length) {
    if (!isNamePart(tokens[index])) {
      index++;
      continue;
    }
    let end = index;
    while (
      end + 1 < tokens.length &&
      (isNamePart(tokens[end + 1]) ||
        (NAME_CONNECTORS.has(tokens[end + 1]?.text.toLowerCase() ?? "") && isNamePart(tokens[end + 2])))
    ) {
      end += NAME_CONNECTORS.has(tokens[end + 1]?.text.toLowerCase() ?? "") ? 2 : 1;
    }
    const first = tokens[index] as TaggedToken;
    const last = tokens[end] as TaggedToken;
    const before = tokens[index - 1]?.text.toLowerCase() ?? "";
    runs.push({ start: first.start, end: last.end, afterPreposition: PLACE_PREPOSITIONS.has(before) });
    index = end + 1;
  }
  if (!place) return runs;
  return [...runs.filter((run) => run.afterPreposition), ...runs.filter((run) => !run.afterPreposition)];
}

/**
 * The full name a page gives a person it then calls by one name ("Askar" → "Ammar Askar"): the most
 * frequent run of two to four proper nouns ending with it in `sentences`; undefined when there is none.
 */
export function fullNameOf(name: string, sentences: readonly string[], language: string): string | undefined {
  // One capitalized word, not an acronym ("FSF") or an organization's.
  if (language !== "en" || !/^\p{Lu}\p{Ll}/u.test(name) || /\s/.test(name) || isOrganizationName(name))
    return undefined;
  const counts = new Map<string, number>();
  const word = new RegExp(`\\b${escapeRegExp(name)}\\b`, "u");
  for (const sentence of sentences) {
    if (!word.test(sentence)) continue;
    for (const run of properNounSpans(sentence, false)) {
      const text = sentence.slice(run.start, run.end);
      const words = text.split(/\s+/);
      if (words.length < 2 || words.length > 4 || words.at(-1) !== name) continue;
      if (isOrganizationName(text) || /\s(?:and|&)\s/.test(text)) continue;
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
  let best: string | undefined;
  for (const [text, count] of counts) if (!best || count > (counts.get(best) ?? 0)) best = text;
  return best;
}

const isNamePart = (token: TaggedToken | undefined) =>
  token !== undefined && token.pos === "PROPN" && /^\p{Lu}/u.test(token.text);

/** The span closest to the ranges of the question's words in the sentence (the first when none). */
export function closestSpan(spans: CharRange[], anchors: CharRange[]): CharRange | undefined {
  if (anchors.length === 0) return spans[0];
  let best: CharRange | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const span of spans) {
    const distance = Math.min(
      ...anchors.map((anchor) =>
        anchor.end <= span.start
          ? span.start - anchor.end
          : span.end <= anchor.start
            ? anchor.start - span.end
            : 0,
      ),
    );
    if (distance < bestDistance) {
      bestDistance = distance;
      best = span;
    }
  }
  return best;
}
