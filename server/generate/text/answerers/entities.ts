/**
 * Named entities: the people, organizations and places the page names, most mentioned first, each as the
 * page writes it. People and organizations come from the page's facts (page-facts.ts: runs of capitalized
 * words, organization words, honorifics); a name is a place when it is a country, territory or US state
 * (place-names.ts) or when the page puts it after "in", "at", "from" … more often than not; a two-word
 * "person" the page writes after "the" ("the White House", "the Supreme Court") is an organization, and
 * one whose last word the page also writes in lower case ("Anniversary Tour") is among the other names,
 * with the one-word names the page repeats ("Stadia").
 */
import { escapeRegExp } from "../../../../lib/text/escape-reg-exp";
import type { Entity } from "../page-facts";
import { withoutTitle } from "../person-names";
import { endsWithPlaceNoun, isKnownPlace } from "../place-names";
import { isStopWord } from "../terms";
import type { TaskContext } from "./context";

type Group = "People" | "Organizations" | "Places" | "Other names";
const MAX_PER_GROUP = 10;
/** Words of a tour date or a schedule, never of a name ("MI Aug", "Tuesday Night"). */
const CALENDAR_WORDS =
  /^(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?$|^(?:Night|Morning|Evening|Day)$/u;
/** A one-word name mentioned at least this often is worth listing among the other names. */
const OTHER_MIN_MENTIONS = 2;
const PLACE_PREPOSITION = String.raw`(?:in|at|from|near|across|outside|inside|to|into|throughout|around)\s+(?:the\s+)?`;

export function answerEntities(context: TaskContext): string {
  const text = context.page.analysis.text;
  const groups: Record<Group, string[]> = { People: [], Organizations: [], Places: [], "Other names": [] };
  for (const entity of context.facts.entities) {
    if (
      entity.name.split(" ").some((word) => CALENDAR_WORDS.test(word)) ||
      isStopWord(entity.name.toLowerCase())
    )
      continue;
    // "Rudolph and Garrett", "Steelers and Browns": two names, each of the group the pair falls in.
    const group = groupOf(entity, text);
    for (const part of entity.name.split(/\s+(?:and|&)\s+/u)) {
      const name = group === "People" ? withoutTitle(part) : part;
      if (group && groups[group].length < MAX_PER_GROUP && !groups[group].includes(name))
        groups[group].push(name);
    }
  }
  const author = context.facts.author;
  if (author && text.includes(author) && !groups.People.includes(author)) groups.People.push(author);
  const lines = (Object.keys(groups) as Group[])
    .filter((group) => groups[group].length > 0)
    .map((group) => `- **${group}:** ${groups[group].join(", ")}`);
  return lines.length > 0 ? lines.join("\n") : "The page names no people, organizations or places.";
}

function groupOf(entity: Entity, text: string): Group | undefined {
  const words = entity.name.split(" ");
  if (isKnownPlace(entity.name) || endsWithPlaceNoun(entity.name)) return "Places";
  const escaped = escapeRegExp(entity.name);
  const count = (pattern: string, flags = "gu") => text.match(new RegExp(pattern, flags))?.length ?? 0;
  const all = Math.max(1, count(String.raw`\b${escaped}\b`));
  const afterPreposition = count(String.raw`\b${PLACE_PREPOSITION}${escaped}\b`);
  const afterThe = count(String.raw`\b[Tt]he\s+${escaped}\b`);
  if (entity.type === "organization") return "Organizations";
  if (afterPreposition * 2 > all && afterPreposition > 0) return "Places";
  if (entity.type === "person") {
    if (afterThe * 2 > all) return "Organizations";
    // "Anniversary Tour": a last word the page also writes in lower case is a common noun, not a surname.
    const last = words.at(-1) ?? "";
    const common = count(String.raw`(?<![\p{L}])${escapeRegExp(last.toLowerCase())}(?![\p{L}])`) > 0;
    return common ? "Other names" : "People";
  }
  return entity.mentions >= OTHER_MIN_MENTIONS && words.length === 1 ? "Other names" : undefined;
}
