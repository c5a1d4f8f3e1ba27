import { remember } from "../../../lib/library/recently-used";
import { loadSentenceSplitter } from "./sentences";
import { DEFAULT_LANGUAGE, detectLanguage, forEachContentTerm, isStopWord, termLanguage } from "./terms";

export interface PageSentence {
  text: string;
  index: number;
  paragraph: number;
  /** Index into `PageModel.sections`, -1 before the first heading. */
  section: number;
  terms: string[];
  /** Occurrences of each term in the sentence. */
  termFrequency: Map<string, number>;
  /** Query-independent worth in [0, 1]: the sentence uses the page's frequent terms and comes early. */
  prior: number;
  /** Below 1 for fragments and run-on sentences. */
  lengthFactor: number;
}

interface PageSection {
  heading: string;
  headingTerms: Set<string>;
  /** Sentences of the section: `[first, end)`. */
  first: number;
  end: number;
}

/** The page's text cut into headings, paragraphs and sentences, with the term statistics ranking needs. */
export interface PageModel {
  /** The language its terms are read in (stop words, stemming): declared by the page, else detected. */
  language: string;
  sentences: PageSentence[];
  sections: PageSection[];
  paragraphCount: number;
  wordCount: number;
  /** In how many sentences each term occurs. */
  documentFrequency: Map<string, number>;
  /** How often each term occurs in the whole text. */
  termCounts: Map<string, number>;
  /** For each term, the indices of the sentences that contain it. */
  postings: Map<string, number[]>;
  /** The shortest surface word seen for each term (for display: keywords, labels). */
  surfaceWords: Map<string, string>;
  averageSentenceLength: number;
}

interface Block {
  kind: "heading" | "paragraph";
  text: string;
}

const TERMINAL = /[.!?:;…"”»)\]]$/;
const MARKDOWN_HEADING = /^#{1,6}\s+/;
const BULLET = /^(?:[-*•·▪◦‣]|\d{1,3}[.)])\s+/;
const STARTS_LOWER = /^\p{Ll}/u;
const STARTS_UPPER_OR_DIGIT = /^[\p{Lu}\p{N}]/u;
const HAS_LETTER = /\p{L}/u;
const MAX_HEADING_LENGTH = 90;
const MAX_HEADING_WORDS = 12;

function looksLikeHeading(line: string, next: string | undefined, language: string): boolean {
  if (next === undefined || line.length > MAX_HEADING_LENGTH) return false;
  if (!STARTS_UPPER_OR_DIGIT.test(line) || !HAS_LETTER.test(line)) return false;
  if (line.split(/\s+/).length > MAX_HEADING_WORDS) return false;
  // A question on its own line followed by its answer is a heading (FAQ pages); other punctuation ends a sentence.
  if (/[.!,;:…]["”’»)\]]*$/u.test(line)) return false;
  // A hard-wrapped sentence: the line ends on "that", "the" … or the next one goes on in lower case.
  if (isStopWord(line.slice(line.lastIndexOf(" ") + 1).toLowerCase(), language) || STARTS_LOWER.test(next))
    return false;
  return next.length > line.length || TERMINAL.test(next);
}

/** Lines → headings and paragraphs; hard-wrapped lines (plain-text pages) are joined back. */
function splitBlocks(text: string, language: string): Block[] {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/\s+/g, " ").trim());
  const blocks: Block[] = [];
  let paragraph = "";
  const flush = () => {
    if (paragraph) blocks.push({ kind: "paragraph", text: paragraph });
    paragraph = "";
  };
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index] ?? "";
    if (!line) {
      flush();
      continue;
    }
    let next: string | undefined;
    for (let ahead = index + 1; ahead < lines.length && next === undefined; ahead++) {
      if (lines[ahead]) next = lines[ahead];
    }
    if (MARKDOWN_HEADING.test(line)) {
      flush();
      blocks.push({ kind: "heading", text: line.replace(MARKDOWN_HEADING, "") });
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      line = line.replace(BULLET, "");
      paragraph = line;
      continue;
    }
    if ((!paragraph || TERMINAL.test(paragraph)) && looksLikeHeading(line, next, language)) {
      flush();
      blocks.push({ kind: "heading", text: line });
      continue;
    }
    const joins =
      paragraph && !TERMINAL.test(paragraph) && (paragraph.length >= 60 || STARTS_LOWER.test(line));
    if (joins) {
      paragraph += ` ${line}`;
    } else {
      flush();
      paragraph = line;
    }
  }
  flush();
  return blocks;
}

const MODEL_CACHE_SIZE = 8;
const modelCache = new Map<string, Promise<PageModel>>();

const LATIN_LETTER = /\p{Script=Latin}/gu;
const LETTER = /\p{L}/gu;

/**
 * The language a page's terms are read in: its declared one where we have stop words and a stemmer for
 * it, else the one its function words show, else English for Latin-script text; "none" (no stop words,
 * no stemming) for other scripts.
 */
export function pageLanguage(text: string, declared?: string): string {
  const known = termLanguage(declared);
  if (known) return known;
  const sample = text.slice(0, 4_000);
  const detected = detectLanguage(sample);
  if (detected) return detected;
  const letters = sample.match(LETTER)?.length ?? 0;
  const latin = sample.match(LATIN_LETTER)?.length ?? 0;
  return letters === 0 || latin / letters > 0.5 ? DEFAULT_LANGUAGE : "none";
}

/** The model of `text`; the last few are cached, since text and JSON generation read the same page. */
export function buildPageModel(text: string, declaredLanguage?: string): Promise<PageModel> {
  const language = pageLanguage(text, declaredLanguage);
  const key = `${language}\u0000${text}`;
  const cached = modelCache.get(key);
  if (cached) return remember(modelCache, key, cached, MODEL_CACHE_SIZE);
  const built = loadSentenceSplitter().then((split) => modelOf(text, language, split));
  built.catch(() => modelCache.delete(key));
  return remember(modelCache, key, built, MODEL_CACHE_SIZE);
}

function modelOf(text: string, language: string, split: (paragraph: string) => string[]): PageModel {
  const sentences: PageSentence[] = [];
  const sections: PageSection[] = [];
  const documentFrequency = new Map<string, number>();
  const termCounts = new Map<string, number>();
  const surfaceWords = new Map<string, string>();
  const postings = new Map<string, number[]>();
  let paragraphCount = 0;
  let totalTerms = 0;

  for (const block of splitBlocks(text, language)) {
    if (block.kind === "heading") {
      const current = sections.at(-1);
      if (current) current.end = sentences.length;
      const headingTerms = new Set<string>();
      forEachContentTerm(block.text, (term) => headingTerms.add(term), language);
      sections.push({ heading: block.text, headingTerms, first: sentences.length, end: sentences.length });
      continue;
    }
    for (const sentenceText of split(block.text)) {
      const index = sentences.length;
      const terms: string[] = [];
      const termFrequency = new Map<string, number>();
      forEachContentTerm(
        sentenceText,
        (term, word) => {
          terms.push(term);
          termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
          // The shortest form is usually the base one ("rate" over "rates", "cut" over "cutting").
          const known = surfaceWords.get(term);
          if (known === undefined || word.length < known.length) surfaceWords.set(term, word);
          const frequency = termFrequency.get(term);
          termFrequency.set(term, (frequency ?? 0) + 1);
          if (frequency === undefined) {
            documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
            const list = postings.get(term);
            if (list) list.push(index);
            else postings.set(term, [index]);
          }
        },
        language,
      );
      totalTerms += terms.length;
      sentences.push({
        text: sentenceText,
        index,
        paragraph: paragraphCount,
        section: sections.length - 1,
        terms,
        termFrequency,
        prior: 0,
        lengthFactor: lengthFactorOf(sentenceText),
      });
    }
    paragraphCount++;
  }
  const last = sections.at(-1);
  if (last) last.end = sentences.length;

  assignPriors(sentences, termCounts);
  const words = text.match(/\S+/g);
  return {
    language,
    sentences,
    sections,
    paragraphCount,
    wordCount: words ? words.length : 0,
    documentFrequency,
    termCounts,
    postings,
    surfaceWords,
    averageSentenceLength: sentences.length > 0 ? totalTerms / sentences.length : 0,
  };
}

const CENTRALITY_WEIGHT = 0.55;
const POSITION_WEIGHT = 0.45;
const SHORT_SENTENCE_WORDS = 5;
const LONG_SENTENCE_WORDS = 80;

function lengthFactorOf(sentence: string): number {
  let words = 1;
  for (let index = 0; index < sentence.length; index++) if (sentence.charCodeAt(index) === 32) words++;
  return words < SHORT_SENTENCE_WORDS ? 0.5 : words > LONG_SENTENCE_WORDS ? 0.7 : 1;
}

/**
 * The part of a sentence's score that does not depend on the prompt: centrality (it uses the page's
 * frequent terms) and position (lead sentences carry the gist).
 */
function assignPriors(sentences: PageSentence[], termCounts: Map<string, number>): void {
  const centralities = sentences.map((sentence) => {
    let centrality = 0;
    for (const term of sentence.termFrequency.keys()) centrality += Math.log(1 + (termCounts.get(term) ?? 0));
    return centrality / (sentence.terms.length + 5);
  });
  const maxCentrality = centralities.reduce((max, value) => Math.max(max, value), 0);
  for (const sentence of sentences) {
    const centrality = maxCentrality > 0 ? (centralities[sentence.index] ?? 0) / maxCentrality : 0;
    const position = 1 / (1 + sentence.index / 3);
    sentence.prior = CENTRALITY_WEIGHT * centrality + POSITION_WEIGHT * position;
  }
}
