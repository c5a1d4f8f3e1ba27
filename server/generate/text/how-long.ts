/**
 * What "how long" asks of what it names: a thing's length ("How long is the bridge?" → "1,340 metres
 * long"), an event's duration ("How long was the strike?", "How long does the journey take?"). English
 * questions, read from wink-nlp's parts of speech: only "how long is/are/was/were <a noun>" asks for a
 * length, and only when that noun names no event, period, journey or term; anything else asks for a
 * duration, as "how long" always did.
 */
import type { TaggedToken } from "./tagger";

/** Nouns of events and periods: how long one is, is how long it lasts. */
const EVENT_NOUNS = new Set(
  `war battle siege conflict fight strike protest riot revolution occupation reign rule tenure term career
  life lifetime lifespan marriage relationship childhood youth flight trip journey voyage cruise ride drive
  walk hike run race commute transit trek tour expedition migration film movie show episode series season
  video clip song track album podcast broadcast programme program play opera concert performance speech
  talk lecture sermon address interview presentation demo meeting conference summit session hearing trial
  game match bout round innings inning half quarter period overtime course class semester year month week
  day night hour minute second weekend holiday vacation break leave sabbatical stay visit residency delay
  wait queue outage downtime shutdown lockdown closure ban suspension sentence detention imprisonment exile
  absence process procedure operation surgery treatment therapy recovery pregnancy gestation incubation
  hibernation warranty guarantee subscription contract lease loan mortgage membership licence license
  patent copyright storm drought heatwave winter summer spring autumn fall eclipse event festival ceremony
  celebration party wedding funeral service exposure cycle phase stage window interval timeout deadline era
  age project renovation restoration work works shift layover battery charge`.split(/\s+/),
);
/** Endings of nouns that name an action or a state ("construction", "residence", "apprenticeship"). */
const EVENT_ENDING = /(?:tion|sion|ance|ence|ship|hood)s?$/;
const COPULA = /^(?:is|are|was|were|'s|’s)$/i;
/** What a noun phrase after the copula is made of ("the arctic tern's round trip", "the Vision Pro demo"). */
const PHRASE_PARTS = new Set(["DET", "ADJ", "NOUN", "PROPN", "PART", "NUM", "X"]);

/**
 * "length" when the words after "how long" (from `after`) ask how long a thing is, else "duration". A
 * word saying how the thing is after it ("How long are drafts valid?", "How long is the bridge closed?")
 * asks how long it stays so; "for how long" always asks for a duration.
 */
export function howLongAsks(tokens: readonly TaggedToken[], after: number): "length" | "duration" {
  if (!COPULA.test(tokens[after]?.text ?? "") || tokens[after - 3]?.text.toLowerCase() === "for")
    return "duration";
  const nouns: TaggedToken[] = [];
  for (const token of tokens.slice(after + 1)) {
    if (nouns.length > 0 && (token.pos === "ADJ" || token.pos === "VERB")) return "duration";
    if (token.text === "-" || token.text === "‐") continue;
    if (!PHRASE_PARTS.has(token.pos)) break;
    if (token.pos === "NOUN" || token.pos === "PROPN") nouns.push(token);
  }
  // The head is the last common noun ("the race track"); a name alone ("World War II") is read whole.
  const head = nouns.filter((token) => token.pos === "NOUN").at(-1);
  const named = head ? [head] : nouns;
  if (named.length === 0) return "duration";
  return named.some((token) => isEvent(token.text.toLowerCase())) ? "duration" : "length";
}

function isEvent(noun: string): boolean {
  const singular = noun.replace(/(?<=[^s])s$/, "");
  return EVENT_NOUNS.has(noun) || EVENT_NOUNS.has(singular) || EVENT_ENDING.test(noun);
}
