/**
 * What the items of a list in a schema are about: the page's people, sections, questions, dated
 * events, keywords, images, or (for anything else) the sentences that answer the prompt.
 */

import type { Entity, EventFact, PageFacts, QuestionFact, SectionFact, TermFact } from "../text/page-facts";
import type { PageSentence } from "../text/page-model";
import { placesIn } from "../text/page-places";
import { pickSentences } from "../text/ranking";
import type { FieldKind, FieldName } from "./field-kinds";

/** What the properties at one level of the generated object describe. */
export type Subject =
  | { type: "page" }
  | { type: "entity"; entity: Entity }
  | { type: "author"; name: string }
  | { type: "section"; section: SectionFact }
  | { type: "sentence"; sentence: PageSentence; score: number }
  | { type: "question"; question: QuestionFact }
  | { type: "event"; event: EventFact }
  | { type: "term"; term: TermFact }
  | { type: "image"; url: string }
  | { type: "link"; url: string }
  | { type: "sentiment" };

/** A place in the generated object: what the property is called, what it describes, where it sits. */
export interface Slot {
  field: FieldName;
  subject: Subject;
  /** Position in the enclosing array (0 outside arrays). */
  index: number;
  required: boolean;
}

export const PAGE: Subject = { type: "page" };

const LIST_LIMITS: Partial<Record<FieldKind, number>> = {
  keywords: 8,
  topic: 5,
  people: 8,
  organizations: 8,
  entities: 10,
  sections: 8,
  title: 8,
  question: 5,
  answer: 5,
  event: 8,
  date: 8,
  year: 8,
  image: 10,
  favicon: 1,
  url: 1,
  author: 3,
};

/** How many items a list of this kind gets when the schema leaves it open. */
export function preferredCount(facts: PageFacts, kind: FieldKind, available: number): number {
  return Math.min(available, LIST_LIMITS[kind] ?? facts.intent.sentenceCount);
}

/**
 * `primary` are what the page has of the kind asked (its people, sections, dated events …),
 * `backup` what may fill a minItems beyond that.
 */
/** Words that name the kind of text, not its subject. */
const DOCUMENT_WORDS =
  /^(?:article|articles|page|pages|post|posts|story|stories|piece|series|note|notes|blog|report)$/i;

export function listItems(
  facts: PageFacts,
  kind: FieldKind,
  slot: Slot,
): { primary: Subject[]; backup: Subject[] } {
  const { page } = facts;
  const parent = slot.subject;
  const entities = (list: Entity[]): Subject[] => list.map((entity) => ({ type: "entity", entity }));
  switch (kind) {
    case "keywords":
    case "topic": {
      const words = parent.type === "section" ? facts.termsOf(parent.section.sentences) : facts.keywords;
      // A topic is what the page is about: not where (its places), nor what kind of text it is.
      const places =
        kind === "topic"
          ? new Set(placesIn(page.analysis.text, []).map((place) => place.toLowerCase()))
          : undefined;
      const topics = places
        ? words.filter((word) => !places.has(word.toLowerCase()) && !DOCUMENT_WORDS.test(word))
        : words;
      return { primary: topics.map((word) => ({ type: "term", term: facts.termFact(word) })), backup: [] };
    }
    case "people":
      return {
        primary: entities(facts.people),
        backup: entities(facts.entities.filter((entity) => entity.type !== "person")),
      };
    case "organizations":
      return {
        primary: entities(facts.organizations),
        backup: entities(facts.entities.filter((entity) => entity.type !== "organization")),
      };
    case "entities":
      return { primary: entities(facts.entities), backup: [] };
    case "author":
      return {
        primary: facts.authors.map((name) => ({ type: "author", name })),
        backup: entities(facts.people.filter((person) => !facts.authors.includes(person.name))),
      };
    case "sections":
    case "title":
      return { primary: facts.sections.map((section) => ({ type: "section", section })), backup: [] };
    case "question":
    case "answer":
      return { primary: facts.questions.map((question) => ({ type: "question", question })), backup: [] };
    case "event":
    case "date":
    case "year":
      return { primary: facts.events.map((event) => ({ type: "event", event })), backup: [] };
    case "image":
    case "favicon": {
      const urls = [...new Set([facts.image, ...page.analysis.extras.imageLinks].filter(isString))];
      return { primary: urls.map((url) => ({ type: "image", url })), backup: [] };
    }
    case "url":
      return { primary: [{ type: "link", url: page.analysis.url }], backup: [] };
    default:
      return { primary: sentenceItems(facts, slot), backup: [] };
  }
}

/**
 * Sentences as list items: those answering the prompt and the field's name ("risks"), in page order,
 * then the rest by rank. Within a section, only its sentences.
 */
export function sentenceItems(facts: PageFacts, slot: Slot): Subject[] {
  const scope = slot.subject.type === "section" ? new Set(slot.subject.section.sentences) : undefined;
  const ranked = facts.ranked(slot.field.topicTerms).filter(({ sentence }) => !scope || scope.has(sentence));
  const best = ranked[0]?.score || 1;
  const score = new Map(ranked.map(({ sentence, score }) => [sentence, Math.max(0, score / best)]));
  const picked = pickSentences(ranked, facts.intent.sentenceCount);
  const rest = ranked.map(({ sentence }) => sentence).filter((sentence) => !picked.includes(sentence));
  return [...picked, ...rest].map((sentence) => ({
    type: "sentence",
    sentence,
    score: score.get(sentence) ?? 0,
  }));
}

/** The text a subject stands for, to tell which enum value suits it. */
export function subjectTextOf(subject: Subject): string | undefined {
  switch (subject.type) {
    case "sentence":
      return subject.sentence.text;
    case "section":
      return `${subject.section.heading} ${subject.section.sentences.map((sentence) => sentence.text).join(" ")}`;
    case "entity":
      return subject.entity.sentence.text;
    case "question":
      return `${subject.question.question} ${subject.question.answer}`;
    case "event":
      return subject.event.sentence.text;
    default:
      return undefined;
  }
}

const isString = (value: unknown): value is string => typeof value === "string" && value.length > 0;
