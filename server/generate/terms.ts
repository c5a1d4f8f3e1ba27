/**
 * Content terms: lower-case, accent-folded, stemmed words without stop words. Used by the
 * generators (prompt ↔ sentence matching) on every sentence of a page, so it is built for speed:
 * one pass over the text, a Set lookup per word and a memoized stemmer.
 */

// Common function words of English and the main Western European languages. Kept accent-folded,
// because words are folded before the lookup.
const STOP_WORDS = new Set(
  [
    // English
    "a about above after again against all also am an and any are aren as at be because been before being below between both but by can cannot could couldn did didn do does doesn doing don down during each either else ever every few for from further had hadn has hasn have haven having he her here hers herself him himself his how however i if in into is isn it its itself just let ll me might more most much must mustn my myself neither no nor not now of off on once one only or other others our ours ourselves out over own per quite rather re really s same shall shan she should shouldn since so some such t than that the their theirs them themselves then there these they this those though through thus to too toward towards under until up upon us ve very via was wasn we were weren what whatever when where whereas whether which while who whom whose why will with within without won would wouldn yet you your yours yourself yourselves",
    // French
    "au aux avec ce ces cet cette dans de des du elle elles en est et etait etre eu il ils je la le les leur leurs lui mais me meme mes moi mon ne nos notre nous ont ou par pas plus pour qu que qui sa sans se ses son sont sur ta te tes toi ton tu un une vos votre vous ete",
    // Spanish and Portuguese
    "al como con del el ella ellos es esta este esto fue ha hay las lo los mas muy para pero por porque se ser sin sobre su sus tambien un una uno unos unas ao aos com da das do dos ela ele eles em foi isso mais na nas nao no nos os ou para pela pelo por que sao seu sua um uma",
    // German and Dutch
    "aber als am auch auf aus bei bin bis bist da das dass dem den der des die dies diese dieser dieses doch dort du durch ein eine einem einen einer eines er es fur hat hatte ich ihr ihre im ist ja kann kein keine mit nach nicht noch nur ob oder ohne sich sie sind so uber um und uns unter vom von vor war waren was weil wenn werden wie wir wird wo zu zum zur een het dat niet zijn van voor ook bij naar maar dan",
    // Italian
    "che chi con cui dal dalla degli dei della delle di gli ha il la le lo nel nella non per piu sono su tra una uno",
  ]
    .join(" ")
    .split(" "),
);

/** Suffixes stripped by the light stemmer, longest first. Each needs a stem of at least 3 letters left. */
const SUFFIXES = [
  "izations",
  "ization",
  "ational",
  "fulness",
  "iveness",
  "ousness",
  "ations",
  "ation",
  "ments",
  "ment",
  "ities",
  "ity",
  "ness",
  "ings",
  "ing",
  "edly",
  "ies",
  "ied",
  "ers",
  "er",
  "ed",
  "ly",
  "es",
  "s",
] as const;

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

/**
 * A light, language-neutral suffix stripper (plural, -ing, -ed, -ly, -ation, …). It only needs to map
 * the forms of a word to the same key, the same way for the prompt and the text; it is not Porter.
 */
export function stemWord(word: string): string {
  if (word.length <= 3) return word;
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const stem = computeStem(word);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, stem);
  return stem;
}

function computeStem(word: string): string {
  let stem = word;
  for (const suffix of SUFFIXES) {
    if (!stem.endsWith(suffix) || stem.length - suffix.length < 3) continue;
    // "analysis", "status", "class": a final s after s, u or i is not a plural.
    if (suffix === "s" && /[sui]s$/.test(stem)) break;
    // "family", "daily": -ly after a vowel is part of the word.
    if (suffix === "ly" && /[aeiouy]ly$/.test(stem)) break;
    stem = stem.slice(0, -suffix.length);
    if (suffix === "ies" || suffix === "ied") stem += "y";
    break;
  }
  if (stem.length > 3 && stem.endsWith("e")) stem = stem.slice(0, -1);
  // running → runn → run, planned → plann → plan
  const last = stem.charCodeAt(stem.length - 1);
  if (
    stem.length > 3 &&
    last === stem.charCodeAt(stem.length - 2) &&
    !/[aeiousl]/.test(stem[stem.length - 1] ?? "")
  ) {
    stem = stem.slice(0, -1);
  }
  return stem;
}

const foldCache = new Map<string, string>();

/** Removes diacritics ("élection" → "election", "straße" → "strasse"). */
function foldAccents(word: string): string {
  const cached = foldCache.get(word);
  if (cached !== undefined) return cached;
  const folded = word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l");
  if (foldCache.size >= STEM_CACHE_LIMIT) foldCache.clear();
  foldCache.set(word, folded);
  return folded;
}

function isAscii(word: string): boolean {
  for (let index = 0; index < word.length; index++) if (word.charCodeAt(index) > 0x7f) return false;
  return true;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

const WORD = /[\p{L}\p{N}]+/gu;
const DIGITS_ONLY = /^\d+$/;

/**
 * Calls `visit(term, word)` for every content word of `text`, in order: `word` is the lower-case
 * surface form, `term` its folded stem. Words of one letter, stop words and single digits are skipped.
 */
export function forEachContentTerm(text: string, visit: (term: string, word: string) => void): void {
  const lower = text.toLowerCase();
  WORD.lastIndex = 0;
  for (let match = WORD.exec(lower); match !== null; match = WORD.exec(lower)) {
    const word = match[0];
    if (word.length < 2) continue;
    const folded = isAscii(word) ? word : foldAccents(word);
    if (STOP_WORDS.has(folded)) continue;
    if (DIGITS_ONLY.test(folded)) {
      visit(folded, word);
      continue;
    }
    visit(stemWord(folded), word);
  }
}

/** The content terms of `text`, in order, with repetitions. */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  forEachContentTerm(text, (term) => {
    terms.push(term);
  });
  return terms;
}

/** How often each content term occurs in `text`. */
export function termFrequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  forEachContentTerm(text, (term) => {
    counts.set(term, (counts.get(term) ?? 0) + 1);
  });
  return counts;
}
