/**
 * Who is quoted: each speaker with their words, the quotation exactly as the page has it (never a word
 * added inside it), in the order the page first quotes them. A quotation is text between quotation marks
 * of at least four words; its speaker is the name next to a verb of saying around it ("…,” said Jane Doe",
 * "Doe said: “…”", "according to Doe"), or the person named last before it for "he said" / "she said".
 * A speaker the page calls by one name gets the full name it gives elsewhere. A page with no attributed
 * quotation says so and gives what people are reported to have said ("Doe said that …").
 */
import { fullNameOf } from "../answer-spans";
import type { PageSentence } from "../page-model";
import { withoutTitle } from "../person-names";
import type { TaskContext } from "./context";

const MAX_SPEAKERS = 8;
const QUOTES_PER_SPEAKER = 2;
const MIN_QUOTE_WORDS = 4;
const REPORTED_SENTENCES = 4;

const SAYING =
  "said|says|say|told|tells|added|adds|explained|explains|wrote|writes|noted|notes|argued|argues|warned|warns|stated|states|insisted|insists|continued|continues|recalled|recalls|asked|asks|replied|replies|admitted|admits|acknowledged|acknowledges|claimed|claims|declared|declares|announced|announces|tweeted|posted|remarked|observed|concluded|believes|thinks|joked|jokes|laughed|sighed|commented|comments|responded|responds|conceded|concedes|predicted|predicts|suggested|suggests|cautioned|cautions|urged|urges";
const NAME = String.raw`(?:(?:Dr|Mr|Mrs|Ms|Prof|Sir|Sen|Rep|Gov|Gen)\.?\s+)?\p{Lu}[\p{L}'’.-]+(?:\s+(?:(?:de|van|von|der|da|del|al|bin)\s+)?\p{Lu}[\p{L}'’.-]+){0,3}`;
const PRONOUN = "(?:he|she|they|He|She|They)";
// A role between commas after the name ("Jane Doe, the chief economist, said").
const ROLE = String.raw`(?:,\s+[^,“”"]{2,70},)?`;
const QUOTATION = /“([^“”]+)”|"([^"]+)"/gu;
/** "…,” said Jane Doe" / "…,” Jane Doe said" / "…,” he said": the speaker right after the quotation. */
const SPEAKER_AFTER = new RegExp(
  String.raw`^[\s,]*(?:(?:${SAYING})\s+(?<after1>${NAME})|(?<after2>${NAME}|${PRONOUN})${ROLE}\s+(?:${SAYING})\b)`,
  "u",
);
/** "Jane Doe said: “…”", "according to Doe, “…”": the speaker right before it. */
const SPEAKER_BEFORE = new RegExp(
  String.raw`(?:(?<before1>${NAME}|${PRONOUN})${ROLE}\s+(?:${SAYING})(?:\s+(?:that|reporters|journalists|the\s+\w+|us|me|him|her|them))?|according\s+to\s+(?<before2>${NAME}))[\s,:]*$`,
  "u",
);
/** Reported speech: "Doe said that …", "Jane Doe, the mayor, told reporters …". */
const REPORTED = new RegExp(String.raw`^(?<speaker>${NAME})${ROLE}\s+(?:${SAYING})\b`, "u");
const NOT_A_SPEAKER = /^(?:The|A|An|This|That|It|In|On|At|But|And|When|If|As|After|Before|However)$/u;

interface Quotation {
  speaker: string;
  text: string;
}

export function answerQuoted(context: TaskContext): string {
  const { model } = context;
  const sentenceTexts = model.sentences.map((sentence) => sentence.text);
  const people = context.facts.people.map((person) => person.name);
  const quotations = findQuotations(paragraphsOf(model.sentences), people);
  const bySpeaker = new Map<string, string[]>();
  for (const { speaker, text } of quotations) {
    const name = withoutTitle(fullNameOf(speaker, sentenceTexts, model.language) ?? speaker);
    const said = bySpeaker.get(name) ?? [];
    if (said.length < QUOTES_PER_SPEAKER && !said.includes(text)) said.push(text);
    bySpeaker.set(name, said);
    if (bySpeaker.size > MAX_SPEAKERS) break;
  }
  const lines = [...bySpeaker]
    .slice(0, MAX_SPEAKERS)
    .map(([speaker, said]) => `- **${speaker}**: ${said.join(" … ")}`);
  if (lines.length > 0) return lines.join("\n");
  const reported = model.sentences
    .filter((sentence) => {
      const speaker = REPORTED.exec(sentence.text)?.groups?.speaker;
      return speaker !== undefined && !NOT_A_SPEAKER.test(speaker.split(" ")[0] ?? "");
    })
    .slice(0, REPORTED_SENTENCES);
  if (reported.length === 0) return "No one is quoted on this page.";
  const told = reported.map((sentence) => {
    const speaker = REPORTED.exec(sentence.text)?.groups?.speaker ?? "";
    return `- **${withoutTitle(fullNameOf(speaker, sentenceTexts, model.language) ?? speaker)}**: ${sentence.text}`;
  });
  return ["No one is quoted word for word; the page reports what these people said:", ...told].join("\n");
}

/** The page's paragraphs, their sentences joined again: a quotation may run over several sentences. */
function paragraphsOf(sentences: readonly PageSentence[]): string[] {
  const paragraphs: string[] = [];
  let current = -1;
  for (const sentence of sentences) {
    if (sentence.paragraph !== current) {
      paragraphs.push(sentence.text);
      current = sentence.paragraph;
    } else paragraphs[paragraphs.length - 1] += ` ${sentence.text}`;
  }
  return paragraphs;
}

/** Each attributed quotation, in page order; "he said" is the person named last before it. */
function findQuotations(paragraphs: readonly string[], people: readonly string[]): Quotation[] {
  const found: Quotation[] = [];
  let lastNamed: string | undefined;
  for (const paragraph of paragraphs) {
    let from = 0;
    for (const match of paragraph.matchAll(QUOTATION)) {
      const inner = match[1] ?? match[2] ?? "";
      const start = match.index ?? 0;
      const end = start + match[0].length;
      lastNamed = lastPersonIn(paragraph.slice(from, start), people) ?? lastNamed;
      from = end;
      const after = SPEAKER_AFTER.exec(paragraph.slice(end, end + 120))?.groups;
      const before = SPEAKER_BEFORE.exec(paragraph.slice(Math.max(0, start - 150), start))?.groups;
      let speaker = after?.after1 ?? after?.after2 ?? before?.before1 ?? before?.before2;
      if (speaker && new RegExp(`^${PRONOUN}$`, "u").test(speaker)) speaker = lastNamed;
      if (!speaker || NOT_A_SPEAKER.test(speaker.split(" ")[0] ?? "")) continue;
      if (inner.trim().split(/\s+/).length < MIN_QUOTE_WORDS) continue;
      lastNamed = speaker;
      found.push({ speaker: speaker.replace(/[’']s$|\.$/u, ""), text: match[0] });
    }
    lastNamed = lastPersonIn(paragraph.slice(from), people) ?? lastNamed;
  }
  return found;
}

/** The person whose name (or last name) occurs last in `text`. */
function lastPersonIn(text: string, people: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestAt = -1;
  for (const person of people) {
    for (const form of [person, person.split(" ").at(-1) ?? person]) {
      const at = text.lastIndexOf(form);
      if (at > bestAt) {
        bestAt = at;
        best = person;
      }
    }
  }
  return best;
}
