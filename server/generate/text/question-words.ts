/**
 * A question's question words and what kind of answer they ask for: who → a person or organization,
 * when → a date, where → a place, how many → a number, how long → a thing's length or an event's
 * duration (how-long.ts) … English questions are read with wink-nlp's parts of speech ("what year",
 * "which river", "who is Ada Lovelace"); French, Spanish and German ones by their question words alone.
 */

import { escapeRegExp } from "../../../lib/text/escape-reg-exp";
import { foldAccents } from "../../../lib/text/fold-accents";
import { howLongAsks } from "./how-long";
import { type TaggedToken, tag } from "./tagger";

/** What a factual question's answer is: the span to look for and emphasize in the answering sentence. */
export type AnswerType =
  | "person"
  | "organization"
  | "date"
  | "number"
  | "duration"
  | "length"
  | "place"
  | "definition"
  | "reason"
  | "manner"
  | "name"
  | "thing";

export interface QuestionWords {
  answerType?: AnswerType;
  /** Where the question word starts a clause ("Which …", "How many …") rather than a request ("List …"). */
  leading?: boolean;
  /** What "how many" counts ("how many stops"): the answer is a number of these. */
  unit?: string;
  /** The word a length is measured by ("how long" → "long": "1,340 metres long"), to look for with the answer. */
  measure?: string;
  /** A yes/no question ("Is …", "Does …", "Can …"). */
  yesNo: boolean;
  /** The question words as they appear ("how many", "what year"): not content to match. */
  phrases: RegExp[];
}

const WH = new Set(["who", "whom", "whose", "when", "where", "what", "which", "why", "how"]);

const NOUN_TYPES: Array<[AnswerType, Set<string>]> = [
  [
    "date",
    new Set(
      "year years date dates day days month months century centuries decade decades time era season".split(
        " ",
      ),
    ),
  ],
  [
    "place",
    new Set(
      "country countries city cities town towns place places region regions state states province provinces continent island islands river rivers capital location locations county village area areas street neighbourhood neighborhood district mountain lake sea ocean venue building".split(
        " ",
      ),
    ),
  ],
  [
    "organization",
    new Set(
      "company companies organization organisation organizations organisations team teams party parties band bands group groups university universities agency agencies firm firms club clubs school schools newspaper network networks publisher brand manufacturer airline government institution".split(
        " ",
      ),
    ),
  ],
  [
    "number",
    new Set(
      "number numbers percentage percent share amount amounts population size price prices cost costs total rate temperature height length distance weight speed score age sum figure".split(
        " ",
      ),
    ),
  ],
  [
    "person",
    new Set(
      "person people man woman men women author authors writer player players president king queen leader founder ceo director actor actress singer scientist inventor who composer artist minister".split(
        " ",
      ),
    ),
  ],
];

/** Cue nouns too general to match on. */
const GENERIC_CUES = new Set(
  "year years date dates day days time number numbers amount kind type sort name".split(" "),
);

const HOW_TYPES: Record<string, AnswerType> = {
  many: "number",
  much: "number",
  long: "duration",
  old: "number",
  tall: "number",
  high: "number",
  big: "number",
  large: "number",
  far: "number",
  deep: "number",
  wide: "number",
  heavy: "number",
  fast: "number",
  often: "number",
  soon: "date",
};

const YES_NO_WORDS = new Set(
  "is are was were do does did can could has have had will would should may might must shall".split(" "),
);

/** Question words of other languages (accent-folded, lower case) and what they ask for. */
const OTHER_LANGUAGES: Record<string, Array<[string, AnswerType]>> = {
  fr: [
    ["combien", "number"],
    ["quand", "date"],
    ["ou", "place"],
    ["qui", "person"],
    ["pourquoi", "reason"],
    ["comment", "manner"],
    ["quel", "thing"],
    ["quelle", "thing"],
    ["quels", "thing"],
    ["quelles", "thing"],
    ["quoi", "thing"],
  ],
  es: [
    ["cuantos", "number"],
    ["cuantas", "number"],
    ["cuanto", "number"],
    ["cuanta", "number"],
    ["cuando", "date"],
    ["donde", "place"],
    ["quien", "person"],
    ["quienes", "person"],
    ["por que", "reason"],
    ["como", "manner"],
    ["que", "thing"],
    ["cual", "thing"],
  ],
  de: [
    ["wie viele", "number"],
    ["wieviel", "number"],
    ["wie viel", "number"],
    ["wann", "date"],
    ["wo", "place"],
    ["woher", "place"],
    ["wohin", "place"],
    ["wer", "person"],
    ["warum", "reason"],
    ["weshalb", "reason"],
    ["wie", "manner"],
    ["was", "thing"],
    ["welche", "thing"],
    ["welcher", "thing"],
    ["welches", "thing"],
  ],
};

const fold = (text: string) => foldAccents(text).toLowerCase();

const phraseOf = (words: string[]) => new RegExp(`\\b${words.map(escapeRegExp).join("\\s+")}\\b`, "i");

export function questionWordsOf(prompt: string, language: string): QuestionWords {
  const others = OTHER_LANGUAGES[language];
  if (others) return otherLanguage(prompt, others);
  return english(prompt);
}

const MAY_ASK =
  /\b(?:who|whom|whose|when|where|what|which|why|how)\b|^\W*(?:please\s+)?(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|may|might|must|shall)\b/i;

function english(prompt: string): QuestionWords {
  // Most prompts that ask nothing ("Summarize", "Extract") need no tagging.
  if (!MAY_ASK.test(prompt)) return { yesNo: false, phrases: [] };
  const tokens = tag(prompt).tokens.filter((token) => token.pos !== "PUNCT" || token.text === "?");
  const lower = (token: TaggedToken | undefined) => token?.text.toLowerCase() ?? "";
  const first = tokens.findIndex((token) => /^(?:please|so|and|ok|okay|hey)$/i.test(token.text) === false);
  const opener = tokens[first];
  const whIndex = tokens.findIndex((token) => WH.has(lower(token)));
  const yesNo = opener !== undefined && (opener.pos === "AUX" || YES_NO_WORDS.has(lower(opener)));
  // "Can users know what they are buying?" asks yes or no, whatever question word comes later.
  if (whIndex < 0 || (yesNo && whIndex > first)) return { yesNo, phrases: [] };

  const wh = lower(tokens[whIndex]);
  const next = tokens[whIndex + 1];
  const phrase = (count: number) =>
    phraseOf(tokens.slice(whIndex, whIndex + count).map((token) => token.text));
  switch (wh) {
    case "when":
      return { answerType: "date", yesNo: false, phrases: [phrase(1)] };
    case "where":
      return { answerType: "place", yesNo: false, phrases: [phrase(1)] };
    case "why":
      return { answerType: "reason", yesNo: false, phrases: [phrase(1)] };
    case "how": {
      // "How long is the bridge?" asks for a length, "How long was the strike?" for a duration.
      if (lower(next) === "long" && howLongAsks(tokens, whIndex + 2) === "length")
        return { answerType: "length", yesNo: false, phrases: [phrase(2)], measure: "long" };
      const type = HOW_TYPES[lower(next)];
      const counted = tokens
        .slice(whIndex + 2)
        .find((token) => token.pos === "NOUN" || token.pos === "PROPN");
      // "How old": an age is a number of years ("the 93-year-old").
      const unit =
        lower(next) === "old"
          ? "years"
          : type === "number" && counted && tokens[whIndex + 2] === counted
            ? counted.text.toLowerCase()
            : undefined;
      return type
        ? { answerType: type, yesNo: false, phrases: [phrase(2)], ...(unit && { unit }) }
        : { answerType: "manner", yesNo: false, phrases: [phrase(1)] };
    }
    case "who":
    case "whom":
    case "whose": {
      // "Who is Ada Lovelace?": the person is named; the answer says who she is.
      const rest = tokens.slice(whIndex + 1).filter((token) => token.text !== "?");
      const namesSomeone =
        rest.length >= 2 &&
        rest[0]?.pos === "AUX" &&
        rest
          .slice(1)
          .every((token) => token.pos === "PROPN" || (token.pos === "NOUN" && /^\p{Lu}/u.test(token.text)));
      return { answerType: namesSomeone ? "definition" : "person", yesNo: false, phrases: [phrase(1)] };
    }
    default:
      return whatOrWhich(tokens, whIndex, phrase);
  }
}

/** "What year …", "Which river …", "What is the capital of …", "What is photosynthesis?". */
function whatOrWhich(
  tokens: TaggedToken[],
  whIndex: number,
  phrase: (count: number) => RegExp,
): QuestionWords {
  let index = whIndex + 1;
  const copula = tokens[index]?.pos === "AUX";
  if (copula) index++;
  while (tokens[index] && (tokens[index]?.pos === "DET" || tokens[index]?.pos === "ADJ")) index++;
  // In a run of nouns ("z-score", "status code") the last says what it is, unless an earlier one is a cue.
  let head = index;
  while (tokens[head]?.pos === "NOUN" && tokens[head + 1]?.pos === "NOUN") head++;
  const cueAt = [...Array(head - index + 1).keys()]
    .map((offset) => head - offset)
    .find((at) => NOUN_TYPES.some(([, nouns]) => nouns.has(tokens[at]?.text.toLowerCase() ?? "")));
  index = cueAt ?? head;
  const noun = tokens[index];
  const word = noun?.text.toLowerCase() ?? "";
  if (noun && (noun.pos === "NOUN" || noun.pos === "PROPN")) {
    for (const [type, nouns] of NOUN_TYPES) {
      if (!nouns.has(word)) continue;
      // The cue noun tells the kind of answer; it is also a word the answer may share ("which century" →
      // "the 15th century"), unless it is as general as "year" or "number".
      const cue =
        copula || !GENERIC_CUES.has(word)
          ? [phrase(1)]
          : [phraseOf(tokens.slice(whIndex, index + 1).map((token) => token.text))];
      return { answerType: type, yesNo: false, phrases: cue };
    }
  }
  // "Which museum …", "What kind of pearls …": a thing of that kind, most often named by a proper noun.
  if (!copula && noun?.pos === "NOUN") return { answerType: "name", yesNo: false, phrases: [phrase(1)] };
  const rest = tokens.slice(whIndex + 1).filter((token) => token.text !== "?");
  // "What is X?" / "What are X?": a definition, when nothing but the thing follows.
  const definition = copula && rest.slice(1).every((token) => !["VERB", "AUX"].includes(token.pos));
  return { answerType: definition ? "definition" : "thing", yesNo: false, phrases: [phrase(1)] };
}

function otherLanguage(prompt: string, words: Array<[string, AnswerType]>): QuestionWords {
  const folded = fold(prompt);
  for (const [word, type] of words) {
    const pattern = new RegExp(`(?:^|[^\\p{L}])${escapeRegExp(word).replace(/ /g, "\\s+")}(?![\\p{L}])`, "u");
    if (pattern.test(folded)) {
      return {
        answerType: type,
        yesNo: false,
        phrases: [new RegExp(`(?<![\\p{L}])${word.replace(/ /g, "\\s+")}(?![\\p{L}])`, "giu")],
      };
    }
  }
  return { yesNo: false, phrases: [] };
}
