/**
 * The value a property asks for, by what it is called and what it describes: strings, numbers and
 * booleans from the page's facts, and the enum value that suits the page best.
 */

import { foldAccents } from "../../../lib/text/fold-accents";
import { hashString } from "../seeded-random";
import { dateIn } from "../text/dates";
import type { Entity, PageFacts } from "../text/page-facts";
import type { PageSentence } from "../text/page-model";
import { placesIn } from "../text/page-places";
import { contentTerms, forEachContentTerm } from "../text/terms";
import type { CountTarget, FieldKind } from "./field-kinds";
import { type Slot, subjectTextOf } from "./list-items";
import {
  availabilityEnumValue,
  isAvailabilityEnum,
  isStatedOnly,
  statedNumber,
  statedStrings,
} from "./stated-fields";
import { truncate } from "./string-fit";

const UNKNOWN_EMAIL = "unknown@example.com";
/** Kinds whose fact a page may simply not have: an optional property is then left out, not invented. */
const MAY_BE_MISSING = new Set<FieldKind>(["author", "date", "year", "image", "language", "email"]);
/** Kinds that a property of the page's main entity with the same name answers first ("ratingValue"). */
const NAMED_BY_ENTITY = new Set<FieldKind>(["other", "score", "count", "date", "year"]);

export class FieldValues {
  constructor(private readonly facts: PageFacts) {}

  /**
   * Candidate strings for a property, most fitting first: the fact it names, then what its format
   * needs (a URL, a date …), then something short or long enough to be useful.
   */
  strings(slot: Slot, format: string | undefined, short: boolean): Array<string | undefined> {
    const facts = this.facts;
    const stated = slot.subject.type === "page" ? statedStrings(facts.page.statements, slot.field) : [];
    if (isStatedOnly(slot.field.kind) && slot.subject.type === "page") return stated;
    const named = NAMED_BY_ENTITY.has(slot.field.kind) ? stated : [];
    return [...named, ...this.stringsAfterStated(slot, format, short)];
  }

  private stringsAfterStated(
    slot: Slot,
    format: string | undefined,
    short: boolean,
  ): Array<string | undefined> {
    const facts = this.facts;
    return [
      ...this.stringFacts(slot, short),
      ...this.formatFallbacks(format),
      ...(short ? [facts.title, facts.keywords[0], facts.host] : [facts.summary(2), facts.title]),
    ];
  }

  /** A page fact the property asks for that this page does not have (only for the page itself). */
  factMissing(slot: Slot): boolean {
    if (slot.subject.type === "page" && isStatedOnly(slot.field.kind))
      return statedStrings(this.facts.page.statements, slot.field).length === 0;
    if (slot.subject.type !== "page" || !MAY_BE_MISSING.has(slot.field.kind)) return false;
    switch (slot.field.kind) {
      case "author":
        return !this.facts.author;
      case "date":
        return !this.facts.publishedDate;
      case "year":
        return this.facts.publishedYear === undefined;
      case "image":
        return !this.facts.image;
      case "language":
        return !this.facts.page.language;
      case "email":
        return this.facts.emails.length === 0;
      default:
        return false;
    }
  }

  /** What the property's name points at in its subject (a person's role, a section's heading …), else in the page. */
  private stringFacts(slot: Slot, short: boolean): Array<string | undefined> {
    const facts = this.facts;
    const { kind, words } = slot.field;
    const subject = slot.subject;
    const textual = ["summary", "description", "answer", "text", "point", "other"].includes(kind);
    switch (subject.type) {
      case "entity": {
        const { entity } = subject;
        if (
          kind === "role" ||
          (kind === "title" && words.some((word) => word === "title" || word === "job"))
        ) {
          return [entity.role ?? defaultRole(entity)];
        }
        if (
          kind === "title" ||
          kind === "author" ||
          kind === "people" ||
          kind === "organizations" ||
          kind === "entities"
        ) {
          return [entity.name];
        }
        if (kind === "type") return [entity.type];
        if (textual && kind !== "other") return [entity.sentence.text];
        if (kind === "other") return [entity.name];
        break;
      }
      case "author":
        if (
          kind === "role" ||
          (kind === "title" && words.some((word) => word === "title" || word === "job"))
        ) {
          return ["author"];
        }
        if (["title", "author", "people", "other"].includes(kind)) return [subject.name];
        break;
      case "section": {
        const { section } = subject;
        if (kind === "title" || kind === "sections") return [section.heading];
        if (textual) return [facts.sectionSummary(section, short ? 1 : 2)];
        if (kind === "keywords" || kind === "topic")
          return [facts.termsOf(section.sentences).slice(0, 5).join(", ")];
        break;
      }
      case "sentence":
        if (kind === "title") return [label(subject.sentence.text)];
        if (textual || kind === "question") return [subject.sentence.text];
        break;
      case "question":
        if (kind === "question" || kind === "title") return [subject.question.question];
        if (textual) return [subject.question.answer];
        break;
      case "event":
        if (kind === "date" || kind === "year") return [subject.event.date];
        if (textual || kind === "title" || kind === "event") return [subject.event.sentence.text];
        break;
      case "term":
        if (["keywords", "topic", "title", "text", "other", "point", "entities"].includes(kind))
          return [subject.term.word];
        break;
      case "image":
        if (kind === "image" || kind === "url" || kind === "other") return [subject.url];
        if (kind === "title" || kind === "description") return [facts.title];
        break;
      case "link":
        if (kind === "url" || kind === "other") return [subject.url];
        break;
      case "sentiment":
        if (["sentiment", "title", "type", "other"].includes(kind)) return [facts.sentiment.label];
        break;
      case "page":
        break;
    }
    return this.pageStrings(slot, short);
  }

  private pageStrings(slot: Slot, short: boolean): Array<string | undefined> {
    const facts = this.facts;
    const { analysis } = facts.page;
    const { kind, topicTerms } = slot.field;
    const summary = () => (short ? facts.summary(1) : facts.summary());
    switch (kind) {
      case "title":
        return [facts.title, facts.page.siteName];
      case "url":
        return [analysis.url];
      case "author":
        return [facts.author, facts.people[0]?.name, "Unknown"];
      case "date":
        return [facts.publishedDate, dateIn(analysis.text), new Date().toISOString()];
      case "year":
        return [facts.publishedYear?.toString()];
      case "summary":
      case "answer":
        return [summary()];
      case "description":
        return [facts.page.description, facts.summary(2)];
      case "text":
        return [facts.text];
      case "keywords":
        return [facts.keywords.slice(0, 8).join(", ")];
      case "topic":
        return facts.keywords.slice(0, 3);
      case "image":
        return [facts.image, analysis.extras.imageLinks[0], analysis.favicon];
      case "favicon":
        return [analysis.favicon];
      case "language":
        return [facts.page.language ?? guessLanguage(analysis.text)];
      case "site":
        return [facts.page.siteName, facts.host];
      case "host":
        return [facts.host];
      case "question":
        return [facts.prompt];
      case "sentiment":
        return [facts.sentiment.label];
      case "email":
        return [facts.emails[0], UNKNOWN_EMAIL];
      case "id":
        return slot.field.words.includes("slug")
          ? [slugify(facts.title), analysis.id]
          : [analysis.id, slugify(facts.title)];
      case "type":
        return ["article"];
      case "people":
        return [facts.people.map((entity) => entity.name).join(", ")];
      case "organizations":
        return [facts.organizations.map((entity) => entity.name).join(", ")];
      case "entities":
        return [facts.entities.map((entity) => entity.name).join(", ")];
      case "sections":
        return [facts.sections.map((section) => section.heading).join("; ")];
      case "event":
        return [facts.events[0]?.sentence.text];
      case "place":
        return placesIn(
          analysis.text,
          facts.people.map((person) => person.name),
        ).slice(0, short ? 1 : 3);
      case "count":
      case "readingTime":
      case "score":
      case "index": {
        const number = this.number(slot);
        return [number === undefined ? undefined : String(number)];
      }
      case "role":
        return [];
      default: {
        const best =
          topicTerms.length > 0 ? facts.ranked(topicTerms).find(({ match }) => match > 0) : undefined;
        return [best?.sentence.text, summary()];
      }
    }
  }

  private formatFallbacks(format: string | undefined): Array<string | undefined> {
    const facts = this.facts;
    const { analysis } = facts.page;
    switch (format) {
      case "date-time":
      case "iso-date-time":
      case "date":
      case "time":
      case "iso-time":
        return [facts.publishedDate, dateIn(analysis.text), new Date().toISOString()];
      case "uri":
      case "url":
      case "iri":
      case "uri-reference":
      case "iri-reference":
        return [analysis.url, facts.image, analysis.favicon];
      case "email":
        return [facts.emails[0], UNKNOWN_EMAIL];
      case "hostname":
      case "idn-hostname":
        return [facts.host];
      case "uuid":
        return [uuidFrom(analysis.id || analysis.url)];
      case "duration":
        return [`PT${facts.readingMinutes}M`];
      case "ipv4":
        return ["0.0.0.0"];
      case "ipv6":
        return ["::"];
      case "regex":
        return [".*"];
      case "json-pointer":
        return [""];
      case "relative-json-pointer":
        return ["0"];
      case "byte":
        return [Buffer.from(facts.title).toString("base64")];
      default:
        return [];
    }
  }

  /** The number a property asks for, before the schema's bounds are applied. */
  number(slot: Slot): number | undefined {
    const facts = this.facts;
    const { kind, topicTerms, countTarget } = slot.field;
    const subject = slot.subject;
    // The page's own number ("the article's number in the series") is stated in its text; an item's is its position.
    if (kind === "index")
      return slot.subject.type === "page" ? (facts.numberNear(topicTerms) ?? slot.index + 1) : slot.index + 1;
    if (subject.type === "page" && (isStatedOnly(kind) || NAMED_BY_ENTITY.has(kind))) {
      const stated = statedNumber(facts.page.statements, slot.field);
      if (stated !== undefined || isStatedOnly(kind)) return stated;
    }
    switch (subject.type) {
      case "sentence":
        if (kind === "score") return round(subject.score);
        break;
      case "entity":
        if (kind === "count" || kind === "other") return subject.entity.mentions;
        if (kind === "score")
          return round(subject.entity.mentions / Math.max(1, facts.entities[0]?.mentions ?? 1));
        break;
      case "term":
        if (kind === "count" || kind === "other") return subject.term.count;
        if (kind === "score") return subject.term.weight;
        break;
      case "section":
        if (kind === "count")
          return countTarget === "words"
            ? wordsIn(subject.section.sentences)
            : subject.section.sentences.length;
        break;
      case "event":
        if (kind === "year" || kind === "date") return Number(subject.event.date.slice(0, 4));
        break;
      case "sentiment":
        return facts.sentiment.score;
      default:
        break;
    }
    switch (kind) {
      case "count":
        return this.count(countTarget ?? "words");
      case "readingTime":
        return facts.readingMinutes;
      case "score":
        return facts.relevance;
      case "sentiment":
        return facts.sentiment.score;
      case "year":
      case "date":
        return facts.publishedYear;
      default:
        // An unnamed number of a list item ("step", "n"): its position.
        return facts.numberNear(topicTerms) ?? (subject.type === "page" ? undefined : slot.index + 1);
    }
  }

  private count(target: CountTarget): number {
    const facts = this.facts;
    const { analysis } = facts.page;
    const counts: Record<CountTarget, () => number> = {
      words: () => facts.model.wordCount,
      sentences: () => facts.model.sentences.length,
      paragraphs: () => facts.model.paragraphCount,
      characters: () => analysis.text.length,
      images: () => analysis.extras.imageLinks.length,
      keywords: () => facts.keywords.length,
      links: () => 1,
      sections: () => facts.sections.length,
      people: () => facts.people.length,
    };
    return counts[target]();
  }

  /** Whether what a boolean property asks ("hasImage", "mentionsPricing", "isRelevant") holds for the page. */
  boolean(slot: Slot): boolean {
    const facts = this.facts;
    const { analysis } = facts.page;
    const { kind, topicTerms } = slot.field;
    if (slot.subject.type === "sentence" && kind === "score") return slot.subject.score > 0.5;
    switch (kind) {
      case "image":
        return Boolean(facts.image) || analysis.extras.imageLinks.length > 0;
      case "author":
        return Boolean(facts.author);
      case "date":
        return Boolean(facts.publishedDate);
      case "score":
      case "answer":
        return facts.relevance >= 0.3;
      case "sentiment":
        return topicTerms.some((term) => term.startsWith("negat"))
          ? facts.sentiment.label === "negative"
          : facts.sentiment.label === "positive";
      default: {
        // "mentionsPricing", "hasVideo": does the page use the field's words?
        const terms = topicTerms.filter(
          (term) => !/^(has|is|are|was|contain|mention|includ|about|does|can|should)/.test(term),
        );
        return terms.length > 0 && terms.every((term) => facts.model.termCounts.has(term));
      }
    }
  }

  /** Enum values, the one that suits the page best first. */
  rankEnum(values: unknown[], slot: Slot): unknown[] {
    const facts = this.facts;
    const { kind } = slot.field;
    if (slot.subject.type === "page" && (kind === "availability" || isAvailabilityEnum(values))) {
      const meant = availabilityEnumValue(values, facts.page.statements);
      if (meant !== undefined) return [meant, ...values.filter((value) => value !== meant)];
    }
    const asText = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : "");
    const score = (value: unknown): number => {
      if (typeof value === "boolean") return value === this.boolean(slot) ? 1 : 0;
      if (typeof value === "number") {
        const target = this.number(slot);
        return target === undefined ? 0 : 1 / (1 + Math.abs(target - value));
      }
      const text = asText(value);
      if (!text) return -1;
      const label = facts.sentiment.label;
      if (kind === "sentiment" || ["positive", "negative", "neutral"].includes(text)) {
        if (text.includes(label)) return 100;
        // A mixed page is neutral for a schema that has no "mixed".
        if (label === "mixed" && text.includes("neutral")) return 50;
      }
      if (kind === "language" && facts.page.language) {
        const language = facts.page.language.toLowerCase();
        if (text === language || text.startsWith(`${language}-`) || text.startsWith(language)) return 100;
      }
      return this.relatedness(text, slot);
    };
    return values
      .map((value, order) => ({ value, order, score: score(value) }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .map(({ value }) => value);
  }

  /** How much a piece of text (an enum value) is about the prompt, the subject and the page. */
  private relatedness(text: string, slot: Slot): number {
    const { language } = this.facts.model;
    const terms = contentTerms(text, language);
    if (terms.length === 0) return 0;
    const promptTerms = new Set(this.facts.intent.terms);
    const subjectText = subjectTextOf(slot.subject);
    const subjectTerms = new Set<string>();
    if (subjectText) forEachContentTerm(subjectText, (term) => subjectTerms.add(term), language);
    const counts = this.facts.model.termCounts;
    let total = 0;
    for (const term of terms) {
      if (promptTerms.has(term)) total += 3;
      if (subjectTerms.has(term)) total += 2;
      const count = counts.get(term);
      if (count !== undefined) {
        total += Math.log(1 + count);
        continue;
      }
      // "economy" is about a page that says "economist" and "economic" without ever saying "economy".
      const stem = term.slice(0, Math.max(4, term.length - 2));
      if (stem.length < 4) continue;
      let related = 0;
      for (const [other, otherCount] of counts) if (other.startsWith(stem)) related += otherCount;
      total += 0.5 * Math.log(1 + related);
    }
    return total / terms.length;
  }
}

function defaultRole(entity: Entity): string {
  return entity.type === "organization" ? "organization mentioned on the page" : "mentioned on the page";
}

/** A short label for a sentence: its first words, up to a clause boundary. */
function label(text: string): string {
  const clause = text.split(/[,:;—–(]/)[0] ?? text;
  return truncate(clause.replace(/[.!?]+$/, ""), 60);
}

function wordsIn(sentences: PageSentence[]): number {
  return sentences.reduce((total, sentence) => total + sentence.text.split(/\s+/).length, 0);
}

function slugify(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** A UUID-shaped (version 4 layout) identifier derived from `seed`, the same for the same seed. */
function uuidFrom(seed: string): string {
  const hex = [0, 1, 2, 3]
    .map((part) => hashString(`${part}:${seed}`).toString(16).padStart(8, "0"))
    .join("")
    .split("");
  hex[12] = "4";
  hex[16] = "89ab"[Number.parseInt(hex[16] ?? "0", 16) % 4] ?? "8";
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20, 32)}`;
}

const ENGLISH_MARKERS = new Set(["the", "and", "of", "to", "is", "in", "that", "for", "with", "was"]);

/** "en" when the text reads like English, else "und" (undetermined, as BCP 47 has it). */
function guessLanguage(text: string): string {
  const words =
    text
      .slice(0, 5_000)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return "und";
  const english = words.filter((word) => ENGLISH_MARKERS.has(word)).length;
  return english / words.length > 0.08 ? "en" : "und";
}
