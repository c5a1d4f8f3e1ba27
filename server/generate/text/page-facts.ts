/**
 * What the generator knows about a page, computed lazily from the extracted page and its sentence model:
 * metadata, counts, keywords, people and organizations, sections, questions, dated events. The JSON filler
 * reads all of it; a text answer about the page itself reads its metadata (page-answer.ts).
 */

import { escapeRegExp } from "../../../lib/text/escape-reg-exp";
import type { ExtractedPage } from "../../pages/types";
import { randomFor, selectForPrompt } from "./answer-sentences";
import { dateIn } from "./dates";
import type { PageModel, PageSentence } from "./page-model";
import { type PromptIntent, readPrompt } from "./prompt";
import { pickSentences, queryWeights, type RankedSentence, rankSentences } from "./ranking";
import { scoreRelevance } from "./relevance";
import { type SentimentLabel, sentimentOf } from "./sentiment";
import { contentTerms, forEachContentTerm, isStopWord, stemWord } from "./terms";

export interface Entity {
  name: string;
  type: "person" | "organization" | "other";
  role?: string;
  mentions: number;
  sentence: PageSentence;
}

export interface SectionFact {
  heading: string;
  sentences: PageSentence[];
}

export interface QuestionFact {
  question: string;
  answer: string;
}

export interface EventFact {
  /** "2024-03-05", "2024-03" or "2024", as precise as the text is. */
  date: string;
  sentence: PageSentence;
}

export interface TermFact {
  word: string;
  count: number;
  /** 0–1, relative to the page's most weighty term. */
  weight: number;
}

const WORDS_PER_MINUTE = 230;
// Frequent in any text but never what a page is about.
const WEAK_KEYWORDS = new Set(
  "said says say told tell according added also would could should may might new year years time times first last next one two three many much more most well way like just get got make made use used including however still even back since part people thing things day days week weeks month months today"
    .split(" ")
    .map((word) => stemWord(word)),
);
const MAX_TEXT_FIELD_CHARS = 10_000;

const HONORIFIC = /^(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame|Rev|Sen|Rep|Gov|Gen|Capt)\.?$/;
const NAME_CANDIDATE =
  /(?:\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame|Rev|Sen|Rep|Gov|Gen|Capt)\.?\s+)?\p{Lu}[\p{L}'’&-]*(?:\s+(?:(?:de|van|von|der|den|da|di|del|du|la|le|al|bin|of|for|and)\s+)?\p{Lu}[\p{L}'’&-]*){0,4}/gu;
const ORGANIZATION_WORDS = new Set(
  "inc corp corporation company co ltd llc plc gmbh sa ag group bank reserve federal university college institute school foundation association society council committee commission agency department ministry office bureau party union league club team news times post journal press media network labs lab technologies systems studios games records airlines motors partners capital fund trust hospital center centre government court police army navy parliament congress senate board authority organization organisation".split(
    " ",
  ),
);
// Capitalized at the start of a sentence or by convention, but not names.
const NOT_NAMES = new Set(
  "the a an this that these those it its in on at for from by with as but and or if when while after before however meanwhile today yesterday tomorrow according although because since also then there here we i you he she they our their my your his her monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december read share click subscribe photo image source update updated note".split(
    " ",
  ),
);
const ROLE_WORDS =
  "economist|analyst|professor|director|president|vice president|chief|ceo|cto|cfo|coo|founder|co-founder|minister|spokesperson|spokesman|spokeswoman|author|researcher|scientist|editor|reporter|correspondent|manager|engineer|chair|chairman|chairwoman|senator|governor|mayor|secretary|officer|executive|head|leader|lead|coach|player|artist|writer|developer|designer|lawyer|attorney|doctor|physician|judge|general|commissioner|strategist|investor|partner|consultant|expert|historian|curator|student|teacher";
const ROLE_NOUNS = new Set(ROLE_WORDS.split("|").filter((word) => !word.includes(" ")));
const NOT_ROLE_WORDS =
  /^(?:said|says|told|tells|according|by|to|with|and|from|of|the|a|an|as|for|wrote|added|explained)$/i;
/** An appositive that is a clause ("…, told reporters", "…, who said"), not a role. */
const NOT_A_ROLE =
  /^(?:said|says|told|tells|added|adds|who|which|that|and|but|when|while|as|is|was|has|had|have|will|would|can|could|also|then|[\p{L}-]+ed)\b/iu;
const ROLE_AFTER = /^(?:’s|'s)?,\s+(?:the\s+|a\s+|an\s+)?([^,.;:()"“”]{3,80}?)\s*(?:,|;|\.|\)|$)/u;

export class PageFacts {
  readonly intent: PromptIntent;
  private cache = new Map<string, unknown>();

  constructor(
    readonly page: ExtractedPage,
    readonly model: PageModel,
    readonly prompt: string,
    readonly temperature: number,
  ) {
    this.intent = readPrompt(prompt, model.language);
  }

  private memo<T>(key: string, compute: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, compute());
    return this.cache.get(key) as T;
  }

  get title(): string {
    return this.page.analysis.title;
  }
  // The analysis type is loose (an index signature), so the optional fields are read as unknown.
  get author(): string | undefined {
    return optionalString(this.page.analysis.author);
  }
  get publishedDate(): string | undefined {
    return optionalString(this.page.analysis.publishedDate);
  }
  get image(): string | undefined {
    return optionalString(this.page.analysis.image);
  }
  get url(): string {
    return this.page.analysis.url;
  }
  get host(): string {
    try {
      return new URL(this.url).hostname;
    } catch {
      return this.page.siteName;
    }
  }
  get text(): string {
    return this.page.analysis.text.slice(0, MAX_TEXT_FIELD_CHARS);
  }

  get relevance(): number {
    return this.memo("relevance", () =>
      scoreRelevance(this.prompt, this.page.analysis.text, this.model.language),
    );
  }

  get sentiment(): { score: number; label: SentimentLabel } {
    return this.memo("sentiment", () => sentimentOf(this.page.analysis.text));
  }

  get readingMinutes(): number {
    return Math.max(1, Math.round(this.model.wordCount / WORDS_PER_MINUTE));
  }

  get publishedYear(): number | undefined {
    const date = this.publishedDate ?? dateIn(this.page.analysis.text);
    const year = date ? Number(date.slice(0, 4)) : Number.NaN;
    return Number.isFinite(year) ? year : undefined;
  }

  get emails(): string[] {
    return this.memo("emails", () => [
      ...new Set(this.page.analysis.text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi) ?? []),
    ]);
  }

  /** The sentences that answer the prompt (and `extraTerms`, e.g. a field's name), in page order. */
  answerSentences(count = this.intent.sentenceCount, extraTerms: string[] = []): PageSentence[] {
    return this.memo(`answer:${count}:${extraTerms.join(" ")}`, () =>
      selectForPrompt(
        this.page,
        this.model,
        { ...this.intent, sentenceCount: count },
        this.temperature,
        this.prompt,
        extraTerms,
      ),
    );
  }

  /** Sentences ranked for the prompt plus `extraTerms` (weighted above the prompt). */
  ranked(extraTerms: string[] = []): RankedSentence[] {
    return this.memo(`ranked:${extraTerms.join(" ")}`, () =>
      rankSentences(this.model, queryWeights([this.intent.terms, 1], [extraTerms, 2]), {
        temperature: this.temperature,
        random: randomFor(this.prompt, this.url, this.temperature),
      }),
    );
  }

  /** The weightiest words of some sentences (a section's keywords). */
  termsOf(sentences: PageSentence[]): string[] {
    const counts = new Map<string, number>();
    for (const sentence of sentences) {
      for (const [term, count] of sentence.termFrequency) counts.set(term, (counts.get(term) ?? 0) + count);
    }
    return [...counts]
      .filter(([term]) => !/^\d+$/.test(term) && !WEAK_KEYWORDS.has(term))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([term]) => this.model.surfaceWords.get(term) ?? term)
      .filter((word) => word.length > 2);
  }

  /** A keyword with its count and weight on this page. */
  termFact(word: string): TermFact {
    const known = this.topTerms.find((term) => term.word.toLowerCase() === word.toLowerCase());
    if (known) return known;
    const [term] = contentTerms(word, this.model.language);
    return { word, count: term ? (this.model.termCounts.get(term) ?? 0) : 0, weight: 1 };
  }

  /** The section's sentences that best answer the prompt, in page order. */
  sectionSummary(section: SectionFact, count: number): string {
    const scope = new Set(section.sentences);
    const ranked = this.ranked().filter(({ sentence }) => scope.has(sentence));
    return (
      pickSentences(ranked, count)
        .map((sentence) => sentence.text)
        .join(" ") || section.heading
    );
  }

  /** The prompt's answer as plain text. */
  summary(count = this.intent.sentenceCount): string {
    const sentences = this.answerSentences(count);
    return sentences.length > 0 ? sentences.map((sentence) => sentence.text).join(" ") : this.title;
  }

  get description(): string {
    return this.page.description || this.summary(2);
  }

  /** The page's declared keywords, then its weightiest terms (surface words). */
  get keywords(): string[] {
    return this.memo("keywords", () => {
      const seen = new Set<string>();
      const keywords: string[] = [];
      for (const keyword of [...this.page.keywords, ...this.topTerms.map((term) => term.word)]) {
        const key = keyword.toLowerCase().trim();
        if (!key || seen.has(key)) continue;
        seen.add(key);
        keywords.push(keyword.trim());
      }
      return keywords;
    });
  }

  get topTerms(): TermFact[] {
    return this.memo("topTerms", () => {
      const promptTerms = new Set(this.intent.terms);
      const titleTerms = new Set<string>();
      forEachContentTerm(this.title, (term) => titleTerms.add(term), this.model.language);
      const scored: Array<TermFact & { score: number }> = [];
      for (const [term, count] of this.model.termCounts) {
        const word = this.model.surfaceWords.get(term) ?? term;
        if (word.length < 3 || /^\d+$/.test(word) || WEAK_KEYWORDS.has(term)) continue;
        const boost = (promptTerms.has(term) ? 2 : 1) * (titleTerms.has(term) ? 1.5 : 1);
        scored.push({ word, count, weight: 0, score: count * boost * Math.log(2 + word.length) });
      }
      scored.sort((a, b) => b.score - a.score || a.word.localeCompare(b.word));
      const top = scored.slice(0, 30);
      const best = top[0]?.score ?? 1;
      const sample = this.page.analysis.text.slice(0, DISPLAY_SAMPLE_CHARS);
      return top.map(({ word, count, score }) => ({
        word: displayForm(word, sample),
        count,
        weight: Math.round((score / best) * 1000) / 1000,
      }));
    });
  }

  /** People, organizations and other proper names, most mentioned first. */
  get entities(): Entity[] {
    return this.memo("entities", () => findEntities(this.model.sentences));
  }

  get people(): Entity[] {
    const people = this.entities.filter((entity) => entity.type === "person");
    const author = this.author;
    if (author && !people.some((person) => person.name === author)) {
      const sentence = this.model.sentences[0];
      if (sentence) people.push({ name: author, type: "person", role: "author", mentions: 1, sentence });
    }
    return people;
  }

  get organizations(): Entity[] {
    return this.entities.filter((entity) => entity.type === "organization");
  }

  get authors(): string[] {
    const author = this.author;
    if (!author) return [];
    return author
      .split(/\s*(?:,|;|\band\b|&)\s*/)
      .map((name) => name.trim())
      .filter(Boolean);
  }

  /** The page's sections: by its headings, else paragraphs grouped and labelled by their main terms. */
  get sections(): SectionFact[] {
    return this.memo("sections", () => {
      const { sentences, sections } = this.model;
      const result: SectionFact[] = [];
      if (sections.length > 0) {
        const first = sections[0]?.first ?? 0;
        if (first >= 2) result.push({ heading: "Introduction", sentences: sentences.slice(0, first) });
        for (const section of sections) {
          const members = sentences.slice(section.first, section.end);
          if (members.length > 0) result.push({ heading: section.heading, sentences: members });
        }
        if (result.length > 0) return result;
      }
      return groupParagraphs(this.model).map((members) => ({
        heading: this.labelFor(members),
        sentences: members,
      }));
    });
  }

  /** A short label for a group of sentences: its two weightiest terms ("Inflation and rates"). */
  private labelFor(members: PageSentence[]): string {
    const counts = new Map<string, number>();
    for (const sentence of members)
      for (const term of sentence.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    const total = this.model.sentences.length;
    const ranked = [...counts]
      .filter(([term]) => !/^\d+$/.test(term))
      .map(([term, count]) => {
        const df = this.model.documentFrequency.get(term) ?? 1;
        return { term, score: count * Math.log(1 + total / df) };
      })
      .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term))
      .slice(0, 2)
      .map(({ term }) => this.model.surfaceWords.get(term) ?? term);
    if (ranked.length === 0) return members[0]?.text.split(" ").slice(0, 6).join(" ") ?? "";
    const label = ranked.join(" and ");
    return label.charAt(0).toUpperCase() + label.slice(1);
  }

  /** Questions the page asks and answers (FAQ headings, "…?" sentences), else the prompt answered. */
  get questions(): QuestionFact[] {
    return this.memo("questions", () => {
      const found: QuestionFact[] = [];
      const { sentences, sections } = this.model;
      for (const section of sections) {
        const answer = sentences.slice(section.first, Math.min(section.end, section.first + 2));
        if (section.heading.endsWith("?") && answer.length > 0) {
          found.push({ question: section.heading, answer: answer.map((s) => s.text).join(" ") });
        }
      }
      for (let index = 0; index + 1 < sentences.length; index++) {
        const sentence = sentences[index];
        const next = sentences[index + 1];
        if (
          sentence?.text.endsWith("?") &&
          next &&
          !next.text.endsWith("?") &&
          next.paragraph === sentence.paragraph
        ) {
          found.push({ question: sentence.text, answer: next.text });
        }
      }
      if (found.length === 0) {
        const question = this.prompt.trim().endsWith("?")
          ? this.prompt.trim()
          : `What does “${this.title || this.host}” say?`;
        found.push({ question, answer: this.summary(3) });
      }
      return found;
    });
  }

  /** Sentences that mention a date, with the date. */
  get events(): EventFact[] {
    return this.memo("events", () => {
      const events: EventFact[] = [];
      for (const sentence of this.model.sentences) {
        const date = dateIn(sentence.text);
        if (date) events.push({ date, sentence });
      }
      return events;
    });
  }

  /** A number the page states near the words of a field name ("population" → 8300000), if any. */
  numberNear(terms: string[]): number | undefined {
    if (terms.length === 0) return undefined;
    for (const { sentence, match } of this.ranked(terms).slice(0, 5)) {
      if (match <= 0 || !terms.some((term) => sentence.terms.includes(term))) continue;
      const found = /(-?\d[\d,]*(?:\.\d+)?)\s*(million|billion|trillion|thousand|k\b|m\b|bn\b)?/i.exec(
        sentence.text,
      );
      if (!found?.[1]) continue;
      const value = Number(found[1].replace(/,/g, ""));
      if (!Number.isFinite(value)) continue;
      const scale: Record<string, number> = {
        thousand: 1e3,
        k: 1e3,
        million: 1e6,
        m: 1e6,
        billion: 1e9,
        bn: 1e9,
        trillion: 1e12,
      };
      return value * (scale[found[2]?.toLowerCase() ?? ""] ?? 1);
    }
    return undefined;
  }
}

const DISPLAY_SAMPLE_CHARS = 20_000;

/** How the page writes a word: "WebAssembly" rather than "webassembly", unless it also writes it in lower case. */
function displayForm(word: string, text: string): string {
  const escaped = escapeRegExp(word);
  const bounded = (flags: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, flags);
  if (bounded("u").test(text)) return word;
  return bounded("iu").exec(text)?.[0] ?? word;
}

/** A metadata field's text, trimmed; undefined when it is missing, not a string or blank. */
const optionalString = (value: unknown) =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

/** Groups the sentences into up to six runs of whole paragraphs of similar length. */
function groupParagraphs(model: PageModel): PageSentence[][] {
  const { sentences } = model;
  if (sentences.length === 0) return [];
  const groupCount = Math.min(6, Math.max(1, Math.ceil(sentences.length / 4)));
  const target = sentences.length / groupCount;
  const groups: PageSentence[][] = [[]];
  for (const sentence of sentences) {
    const current = groups.at(-1) ?? [];
    const previous = current.at(-1);
    const paragraphChange = previous !== undefined && previous.paragraph !== sentence.paragraph;
    const full = current.length >= target;
    const breakHere =
      groups.length < groupCount &&
      current.length > 0 &&
      full &&
      (paragraphChange || current.length >= target * 1.5);
    if (breakHere) groups.push([sentence]);
    else current.push(sentence);
  }
  return groups.filter((group) => group.length > 0);
}

function findEntities(sentences: PageSentence[]): Entity[] {
  const byName = new Map<string, Entity>();
  for (const sentence of sentences) {
    const text = sentence.text;
    NAME_CANDIDATE.lastIndex = 0;
    for (let match = NAME_CANDIDATE.exec(text); match !== null; match = NAME_CANDIDATE.exec(text)) {
      const parsed = parseName(match[0]);
      if (!parsed) continue;
      const atStart = match.index === 0 || /^[\s"“'‘(]*$/.test(text.slice(0, match.index));
      if (atStart && parsed.words.length === 1 && !parsed.honorific) continue;
      const existing = byName.get(parsed.name);
      if (existing) {
        existing.mentions++;
        existing.role ??= roleAround(text, match.index, match.index + match[0].length);
        continue;
      }
      byName.set(parsed.name, {
        name: parsed.name,
        type: entityType(parsed.words, parsed.honorific),
        role: roleAround(text, match.index, match.index + match[0].length),
        mentions: 1,
        sentence,
      });
    }
  }
  // "Smith" after "Jane Smith": one person.
  const entities = [...byName.values()];
  for (const entity of entities) {
    if (entity.name.includes(" ")) continue;
    const full = entities.find((other) => other !== entity && other.name.split(" ").at(-1) === entity.name);
    if (full) {
      full.mentions += entity.mentions;
      byName.delete(entity.name);
    }
  }
  return [...byName.values()].sort((a, b) => b.mentions - a.mentions || a.sentence.index - b.sentence.index);
}

function parseName(raw: string): { name: string; words: string[]; honorific: boolean } | undefined {
  let words = raw.replace(/[’']s$/, "").split(/\s+/);
  let honorific = false;
  if (words[0] && HONORIFIC.test(words[0])) {
    honorific = true;
    words = words.slice(1);
  }
  while (words.length > 0 && NOT_NAMES.has((words[0] ?? "").toLowerCase())) words = words.slice(1);
  while (
    words.length > 0 &&
    (isStopWord((words.at(-1) ?? "").toLowerCase()) || NOT_NAMES.has((words.at(-1) ?? "").toLowerCase()))
  ) {
    words = words.slice(0, -1);
  }
  const name = words.join(" ").replace(/[-&]+$/, "");
  if (name.length < 2 || !/\p{L}{2}/u.test(name)) return undefined;
  return { name, words, honorific };
}

function entityType(words: string[], honorific: boolean): Entity["type"] {
  if (honorific) return "person";
  if (
    words.some((word) => ORGANIZATION_WORDS.has(word.toLowerCase())) ||
    words.some((word) => /^\p{Lu}{2,6}$/u.test(word))
  ) {
    return "organization";
  }
  return words.length >= 2 && words.length <= 3 ? "person" : "other";
}

function roleAround(text: string, start: number, end: number): string | undefined {
  const after = ROLE_AFTER.exec(text.slice(end));
  const phrase = after?.[1]?.trim();
  if (
    phrase &&
    phrase.split(/\s+/).length <= 8 &&
    !NOT_A_ROLE.test(phrase) &&
    /^[\p{Ll}\d]|^(?:CEO|CTO|CFO|COO|Chief|Head|Director|President|Professor)\b/u.test(phrase)
  ) {
    return phrase;
  }
  // "… economist Jane Doe", "… said chief executive Jane Doe": a role noun right before the name.
  const before = text.slice(Math.max(0, start - 60), start);
  if (!/\s$/.test(before)) return undefined;
  const words = before.trim().split(/\s+/).slice(-3);
  if (!ROLE_NOUNS.has((words.at(-1) ?? "").toLowerCase())) return undefined;
  while (words.length > 1 && (NOT_ROLE_WORDS.test(words[0] ?? "") || !/^[\p{Ll}-]+$/u.test(words[0] ?? "")))
    words.shift();
  return words.join(" ");
}
