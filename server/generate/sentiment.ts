import { stemWord } from "./terms";

export type SentimentLabel = "positive" | "negative" | "neutral" | "mixed";

// A small lexicon: enough to tell a glowing review from a grim report, not a classifier.
const POSITIVE = words(
  "good great excellent amazing awesome wonderful fantastic best better improve improved improvement gain gains growth grow success successful win won benefit benefits positive strong stronger robust love loved like enjoy enjoyed happy pleased easy helpful useful impressive innovative efficient reliable recommend recommended record boost rise rising rose surge progress effective fast affordable beautiful safe secure stable profit profitable optimistic celebrate praised breakthrough solid",
);
const NEGATIVE = words(
  "bad poor terrible awful worst worse decline declined declining loss losses lose lost fail failed failure problem problems issue issues risk risks negative weak weaker crisis concern concerns worried worry fear fears hard difficult slow expensive costly broken bug bugs crash crashed danger dangerous threat threats drop dropped fall fell falling cut cuts layoffs hate disappointing disappointed pessimistic criticism criticized lawsuit fraud war death deaths dead injured damage shortage inflation recession unfortunately error errors",
);
const NEGATIONS = new Set(["not", "no", "never", "without", "hardly", "nor"]);

function words(list: string): Set<string> {
  return new Set(list.split(" ").map((word) => stemWord(word)));
}

/** A lexicon-based sentiment of `text`: a score in [-1, 1] and its label. */
export function sentimentOf(text: string): { score: number; label: SentimentLabel } {
  const tokens = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  let positive = 0;
  let negative = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] ?? "";
    const term = stemWord(token);
    const previous = tokens[index - 1] ?? "";
    const negated = NEGATIONS.has(previous) || previous.endsWith("n't");
    if (POSITIVE.has(term)) negated ? negative++ : positive++;
    else if (NEGATIVE.has(term)) negated ? positive++ : negative++;
  }
  const total = positive + negative;
  if (total === 0) return { score: 0, label: "neutral" };
  const score = Math.round(((positive - negative) / (total + 2)) * 1000) / 1000;
  const label: SentimentLabel =
    positive >= 3 && negative >= 3 && Math.abs(score) < 0.2
      ? "mixed"
      : score > 0.15
        ? "positive"
        : score < -0.15
          ? "negative"
          : "neutral";
  return { score, label };
}
