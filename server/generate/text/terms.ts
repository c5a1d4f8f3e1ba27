/**
 * Content terms: lower-case, stemmed, accent-folded words without the function words of the text's
 * language (stopword's lists, Snowball stemmers). One language at a time: an English page is never read
 * with French or German function words ("war", "die", "son", "plus" are English words). Used on every
 * sentence of a page, so it is built for speed: one pass over the text, a Set lookup per word and a
 * memoized stemmer.
 */
import snowball from "snowball-stemmers";
import * as stopwords from "stopword";
import { foldAccents } from "../../../lib/text/fold-accents";

interface Language {
  /** Snowball's name for the stemmer. */
  stemmer: string;
  stopWords: readonly string[];
}

// English keeps stopword's list plus the function words it lacks ("does", "when", "its" …) and the pieces
// contractions split into ("don't" → "don", "t"); the other languages take stopword's list as it is.
const ENGLISH_EXTRA =
  "also am aren couldn didn doesn don hadn hasn haven isn ll mustn re s shan shouldn t ve wasn weren won wouldn however thus whereas whether within without via per toward towards upon onto yet either neither whom whose whatever cannot could would might must shall above again against below does doing done down during few further having hers herself its itself just myself no nor not off once ours own she so theirs until when why will yours yourself";

const LANGUAGES: Record<string, Language> = {
  en: { stemmer: "english", stopWords: [...stopwords.eng, ...ENGLISH_EXTRA.split(" ")] },
  fr: { stemmer: "french", stopWords: stopwords.fra },
  de: { stemmer: "german", stopWords: stopwords.deu },
  es: { stemmer: "spanish", stopWords: stopwords.spa },
  it: { stemmer: "italian", stopWords: stopwords.ita },
  pt: { stemmer: "portuguese", stopWords: stopwords.por },
  nl: { stemmer: "dutch", stopWords: stopwords.nld },
  sv: { stemmer: "swedish", stopWords: stopwords.swe },
  da: { stemmer: "danish", stopWords: stopwords.dan },
  nb: { stemmer: "norwegian", stopWords: stopwords.nob },
  fi: { stemmer: "finnish", stopWords: stopwords.fin },
  ro: { stemmer: "romanian", stopWords: stopwords.ron },
  hu: { stemmer: "hungarian", stopWords: stopwords.hun },
  tr: { stemmer: "turkish", stopWords: stopwords.tur },
  ru: { stemmer: "russian", stopWords: stopwords.rus },
  cs: { stemmer: "czech", stopWords: stopwords.ces },
  ca: { stemmer: "catalan", stopWords: stopwords.cat },
};

/** The language terms are read in when none is given or known. */
export const DEFAULT_LANGUAGE = "en";

/** Languages with their own stop words and stemmer; text in any other is only lower-cased and folded. */
const TERM_LANGUAGES = Object.keys(LANGUAGES);

/** "en-GB" → "en", "no" → "nb"; undefined for a language without stop words and a stemmer here. */
export function termLanguage(tag: string | undefined): string | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  if (!primary) return undefined;
  const code = primary === "no" || primary === "nn" ? "nb" : primary;
  return code in LANGUAGES ? code : undefined;
}

const foldCache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** `word` without diacritics ("élection" → "election", "straße" → "strasse"), remembered: words repeat. */
function foldCached(word: string): string {
  const cached = foldCache.get(word);
  if (cached !== undefined) return cached;
  const folded = foldAccents(word);
  if (foldCache.size >= CACHE_LIMIT) foldCache.clear();
  foldCache.set(word, folded);
  return folded;
}

function isAscii(word: string): boolean {
  for (let index = 0; index < word.length; index++) if (word.charCodeAt(index) > 0x7f) return false;
  return true;
}

const fold = (word: string) => (isAscii(word) ? word : foldCached(word));

interface Reader {
  /** Folded stop words. */
  stopWords: Set<string>;
  stem: (word: string) => string;
}

const readers = new Map<string, Reader>();

/** No stop words, no stemming: a language we have neither for. */
const PLAIN: Reader = { stopWords: new Set(), stem: (word) => word };

function readerFor(language: string | undefined): Reader {
  const code = termLanguage(language);
  if (!code) return PLAIN;
  let reader = readers.get(code);
  if (reader) return reader;
  const { stemmer, stopWords } = LANGUAGES[code] as Language;
  const snowballStemmer = snowball.newStemmer(stemmer);
  const cache = new Map<string, string>();
  const english = code === "en";
  reader = {
    stopWords: new Set(stopWords.map((word) => fold(word.toLowerCase()))),
    stem(word) {
      if (word.length <= 3) return word;
      const cached = cache.get(word);
      if (cached !== undefined) return cached;
      // A plural in -ings is a noun ("writings", "findings"): Porter would make it the verb ("write").
      // English has no accents that change a word: fold first ("élection" reads as "election").
      const plain = english ? fold(word) : word;
      const stem =
        english && plain.length > 6 && plain.endsWith("ings")
          ? plain.slice(0, -1)
          : snowballStemmer.stem(plain);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(word, stem);
      return stem;
    },
  };
  readers.set(code, reader);
  return reader;
}

/** The stem of one lower-case word in `language` (English by default). */
export function stemWord(word: string, language: string = DEFAULT_LANGUAGE): string {
  return fold(readerFor(language).stem(word));
}

/** Whether a lower-case word is a function word of `language` (English by default). */
export function isStopWord(word: string, language: string = DEFAULT_LANGUAGE): boolean {
  return readerFor(language).stopWords.has(fold(word));
}

const WORD = /[\p{L}\p{N}]+/gu;
const DIGITS_ONLY = /^\d+$/;

/**
 * Calls `visit(term, word)` for every content word of `text`, in order: `word` is the lower-case
 * surface form, `term` its folded stem. Words of one letter and the language's stop words are skipped.
 */
export function forEachContentTerm(
  text: string,
  visit: (term: string, word: string) => void,
  language: string = DEFAULT_LANGUAGE,
): void {
  const reader = readerFor(language);
  const lower = text.toLowerCase();
  WORD.lastIndex = 0;
  for (let match = WORD.exec(lower); match !== null; match = WORD.exec(lower)) {
    const word = match[0];
    if (word.length < 2) continue;
    const folded = fold(word);
    if (reader.stopWords.has(folded)) continue;
    if (DIGITS_ONLY.test(folded)) {
      visit(folded, word);
      continue;
    }
    visit(fold(reader.stem(word)), word);
  }
}

/** The content terms of `text`, in order, with repetitions. */
export function contentTerms(text: string, language: string = DEFAULT_LANGUAGE): string[] {
  const terms: string[] = [];
  forEachContentTerm(text, (term) => terms.push(term), language);
  return terms;
}

/** How often each content term occurs in `text`. */
export function termFrequencies(text: string, language: string = DEFAULT_LANGUAGE): Map<string, number> {
  const counts = new Map<string, number>();
  forEachContentTerm(text, (term) => counts.set(term, (counts.get(term) ?? 0) + 1), language);
  return counts;
}

const SAMPLE_CHARS = 4_000;
const MIN_HITS = 2;

/**
 * The language of `text` by its function words (the one whose stop words occur most among the first
 * words), or `fallback` when none stands out (too short, or a language without a list here).
 */
export function detectLanguage(text: string, fallback?: string): string | undefined {
  // folded once, not once per language
  const sample = (text.slice(0, SAMPLE_CHARS).toLowerCase().match(WORD) ?? []).map(fold);
  let best: string | undefined;
  let bestHits = 0;
  let secondHits = 0;
  for (const code of TERM_LANGUAGES) {
    const { stopWords } = readerFor(code);
    let hits = 0;
    for (const word of sample) if (stopWords.has(word)) hits++;
    if (hits > bestHits) {
      secondHits = bestHits;
      bestHits = hits;
      best = code;
    } else if (hits > secondHits) secondHits = hits;
  }
  // German's list is long and shares words with English and Dutch: the winner must stand out.
  if (!best || bestHits < MIN_HITS || bestHits < secondHits * 1.15) return fallback;
  return best;
}
