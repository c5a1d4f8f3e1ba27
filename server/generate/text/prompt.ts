import { NUMBER_WORDS } from "./number-words";
import { type AnswerType, type QuestionWords, questionWordsOf } from "./question-words";
import { rememberRecent } from "./recent-answers";
import { contentTerms, DEFAULT_LANGUAGE, detectLanguage, forEachContentTerm, isStopWord } from "./terms";

/**
 * What a prompt asks for: a factual question (who, when, where, how many …), a yes/no question, a
 * summary, a list of N things, or an extraction. docs/generation.md says how each is answered.
 */
export type PromptKind = "factual" | "yesno" | "summary" | "list" | "extraction";

/** Things about the page itself that its metadata knows best. */
export type PageField =
  | "author"
  | "date"
  | "title"
  | "site"
  | "length"
  | "language"
  | "price"
  | "availability"
  | "productCode";

/** What the extractive generator reads from a prompt: what it is about, and the shape it asks for. */
export interface PromptIntent {
  kind: PromptKind;
  /** For factual questions: what kind of span answers it. */
  answerType?: AnswerType;
  /** What a "how many" question counts, as a term ("stops" → "stop"): the number to look for comes before it. */
  unitTerm?: string;
  /** "How long is the bridge?": the word a length is given with ("long"), as a term; not a key term of the question. */
  measureTerm?: string;
  /** "What does NBT stand for?": the abbreviation whose long form answers. */
  abbreviation?: string;
  /** Questions about the page itself ("Who wrote it and when?"): answered from its metadata first. */
  pageFields: PageField[];
  /** The language the prompt's terms were read in. */
  language: string;
  /** Unique content terms of the prompt, instructions ("summarize", "in 3 bullets", "this page") removed. */
  terms: string[];
  /** Surface words of `terms`, for telling the reader what the page does not mention. */
  words: string[];
  /** The prompt asks for a list, bullets or points. */
  wantsList: boolean;
  /** How many sentences (or list items) to pick; for a factual question, the answer and its support. */
  sentenceCount: number;
  /** How many words a factual answer may take. */
  maxWords: number;
}

const COUNT_UNITS =
  "sentences?|lines?|points?|bullets?|bullet points?|items?|things?|reasons?|ways?|takeaways?|facts?|ideas?|tips?|steps?|highlights?|findings?|arguments?|lessons?|quotes?|examples?";
const LIST_UNITS =
  /^(points?|bullets?|bullet points?|items?|things?|reasons?|ways?|takeaways?|facts?|ideas?|tips?|steps?|highlights?|findings?|arguments?|lessons?|quotes?|examples?)$/;
const COUNT_PATTERN = new RegExp(
  `\\b(\\d{1,2}|an?|one|single|two|couple|three|few|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\\s+of)?\\s+(?:(?:key|main|short|important|bullet|brief|quick|major|top)\\s+)*(${COUNT_UNITS})\\b`,
  "i",
);
const LIST_PATTERN =
  /\b(list|lists|listing|bullet|bullets|bulleted|bullet-point|itemi[sz]e|enumerate|checklist|key points|main points|takeaways)\b/i;
const ONE_SENTENCE_PATTERN =
  /\b(tl;?dr|one-liner|one liner|in a nutshell|single sentence|one sentence|a sentence|one line|une phrase|en une phrase|una frase|ein satz|in einem satz)\b/i;
const BRIEF_PATTERN =
  /\b(brief|briefly|short|shortly|concise|concisely|quick|quickly|gist|succinct|succinctly)\b/i;
const DETAILED_PATTERN =
  /\b(in detail|detailed|thorough|thoroughly|comprehensive|comprehensively|in depth|in-depth|elaborate|extensive|extensively|at length|full summary|long summary)\b/i;
const SUMMARY_PATTERN =
  /\b(summari[sz]e|summary|summaries|overview|tl;?dr|gist|recap|in a nutshell|r[ée]sum[ée]|r[ée]sumer|resumen|resume|zusammenfassung|zusammenfassen)\b|\bwhat(?:'s| is| are)\s+(?:this|the|it)\s*(?:page|article|post|text|document|piece|story|site|video)?\s+about\b|\bwhat\s+(?:is|are)\s+(?:the\s+)?(?:main|key)\s+(?:points?|ideas?|takeaways?)\b/i;
const EXTRACTION_PATTERN =
  /^(?:please\s+)?(?:extract|pull out|find all|get all|collect|gather)\b|\bextract\b|\b(?:all|every)\s+(?:the\s+)?(?:names|dates|numbers|figures|prices|places|people|organi[sz]ations|companies|emails|links)\b/i;
const ABBREVIATION =
  /\b([A-Z][A-Z0-9]{1,7})\b(?=.*\b(?:stands?\s+for|short\s+for|an?\s+abbreviation)\b)|\b(?:is|does)\s+([A-Z][A-Z0-9]{1,7})\s+(?:mean|short)\b/;
const WH_START = /^(?:who|whom|whose|when|where|what|which|why|how)\b/i;
const YES_NO_START =
  /^(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|may|might|must|shall|est-ce|ist|sind|hat|kann)\b/i;

// The page itself, named in a question: "it", "this", "the article" …
const THE_PAGE = String.raw`(?:it|this|this\s+(?:page|article|post|piece|story|text|document)|the\s+(?:page|article|post|piece|story|text|document|blog post))`;
// What a product page states (its price, stock, code): answered from its statements when it states them.
const THE_PRODUCT = String.raw`(?:it|this|they|these|the\s+\p{L}+|this\s+\p{L}+)`;
const PAGE_FIELD_PATTERNS: Array<[PageField, RegExp]> = [
  [
    "price",
    new RegExp(
      String.raw`\bhow\s+much\s+(?:does|do|did|is|are|was)\s+${THE_PRODUCT}(?:\s+cost)?\b|\bwhat\s+(?:does|do|did|will)\s+${THE_PRODUCT}\s+cost\b|\bwhat(?:'s|’s|\s+is)\s+(?:the|its)\s+(?:current\s+)?(?:price|cost)\b|\bhow\s+expensive\b|\bcombien\s+(?:co[uû]te|vaut)\b|\bwas\s+kostet\b|\bwie\s+teuer\b|\bcu[aá]nto\s+(?:cuesta|vale)\b|\bquanto\s+costa\b`,
      "iu",
    ),
  ],
  [
    "availability",
    new RegExp(
      String.raw`\b(?:is|are)\s+${THE_PRODUCT}\s+(?:(?:still|currently)\s+)?(?:in\s+stock|available|sold\s+out|out\s+of\s+stock)\b|\bcan\s+i\s+(?:buy|order)\b|\b(?:stock|availability)\s+status\b|\best-(?:il|elle)\s+disponible\b|\bauf\s+lager\b|\blieferbar\b|\b(?:est[aá]|hay)\s+disponible\b`,
      "iu",
    ),
  ],
  [
    "productCode",
    /\b(?:sku|mpn|gtin|ean|upc|asin)\b|\b(?:product|item|article|part|model)\s+(?:code|number|id)\b|\bartikelnummer\b|\br[ée]f[ée]rence\s+(?:du\s+)?produit\b/iu,
  ],
  [
    "author",
    new RegExp(
      String.raw`\bwho\s+(?:wrote|writes|authored|penned|posted|published|created)\s+${THE_PAGE}\b|\bwho\s+(?:is|was|are|were)\s+(?:the|its)\s+(?:authors?|writers?)\b(?!['’]s)|\b(?:authors?|writers?|byline)\s+of\s+${THE_PAGE}\b|\bwho\s+is\s+it\s+by\b|\bwho\s+(?:took|shot|made)\s+(?:the\s+|these\s+|its\s+)?(?:photos?|pictures?|photographs?|images?)\b|\bwho\s+is\s+the\s+photographer\b|\bwhat(?:'s| is)\s+(?:the|its)\s+(?:author|byline)\b(?!['’]s)|\bqui\s+a\s+[ée]crit\b|\bwer\s+hat\s+(?:das|den|die|es)\b.*\bgeschrieben\b`,
      "i",
    ),
  ],
  [
    "date",
    new RegExp(
      String.raw`\bwho\s+wrote\s+${THE_PAGE}\s+and\s+when\b|\bwhen\s+(?:was|is|were)\s+${THE_PAGE}\s+(?:written|published|posted|updated|created|dated|released|put\s+online)\b|\b(?:publication|published|publish|posting|release)\s+date\b|\bwhat\s+(?:date|day)\s+(?:was|is)\s+${THE_PAGE}\b|\bhow\s+(?:old|recent)\s+is\s+${THE_PAGE}\b|\bwhen\s+did\s+${THE_PAGE}\s+(?:come\s+out|appear)\b`,
      "i",
    ),
  ],
  [
    "title",
    new RegExp(
      String.raw`\bwhat(?:'s|\s+is)\s+(?:the|its)\s+(?:title|headline)\b|\b(?:title|headline)\s+of\s+${THE_PAGE}\b|\bwhat\s+is\s+${THE_PAGE}\s+called\b`,
      "i",
    ),
  ],
  [
    "site",
    new RegExp(
      String.raw`\b(?:which|what)\s+(?:site|website|publication|outlet|newspaper|magazine|blog|publisher)\s+(?:is|was|published|posted|ran|runs|does|did)\b|\bwhere\s+(?:was|is)\s+${THE_PAGE}\s+(?:published|posted|from)\b|\bwho\s+published\s+${THE_PAGE}\b`,
      "i",
    ),
  ],
  [
    "length",
    new RegExp(
      String.raw`\bhow\s+long\s+(?:is|does\s+it\s+take\s+to\s+read|would\s+it\s+take\s+to\s+read)\s+${THE_PAGE}\b|\bhow\s+long\s+does\s+it\s+take\s+to\s+read\b|\bhow\s+many\s+words\b|\bword\s+count\b|\breading\s+time\b`,
      "i",
    ),
  ],
  [
    "language",
    new RegExp(
      String.raw`\b(?:what|which)\s+language\s+(?:is|was)\s+${THE_PAGE}\b|\b(?:written|published)\s+in\s+(?:what|which)\s+language\b|\bwhat\s+language\b.*\b(?:page|article|written)\b`,
      "i",
    ),
  ],
];

// Words that only say what to do, where they say it: an imperative at the start of the prompt or of a
// clause, the shape of the answer, the page itself. "the main river" and "a number of" keep their words.
const INSTRUCTION_PHRASES: RegExp[] = [
  /(?:^|[.;:!?]\s*|\band\s+(?:then\s+)?)(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+)?(?:summari[sz]e|list|give(?:\s+me)?|provide(?:\s+me\s+with)?|show(?:\s+me)?|tell(?:\s+me)?|describe|explain|extract|find(?:\s+me)?|identify|outline|highlight|name|enumerate|write(?:\s+me)?|create|make|get|pull\s+out|state|note|mention|collect|gather|answer|r[ée]sume[rz]?|d[ée]cri[rv]e[zs]?|explique[rz]?|donne[rz]?|liste[rz]?|nenne|fasse\s+zusammen|erkl[äa]re|beschreibe)\b/giu,
  new RegExp(COUNT_PATTERN.source, "gi"),
  /\b(?:(?:in|as|with|using)\s+)?(?:a\s+)?(?:bullet(?:ed)?|numbered)\s*(?:-\s*)?(?:points?|list|form)?\b|\bbullets?\b/gi,
  /\b(?:a|the)\s+list\s+of\b|\blist\s+of\b/gi,
  /\bin\s+(?:one|a|a\s+single|\d+|two|three|four|five)\s+(?:sentences?|lines?|paragraphs?|words?)\b/gi,
  /\b(?:in\s+)?(?:brief|briefly|short|in\s+short|concise(?:ly)?|quick(?:ly)?|succinct(?:ly)?|in\s+detail|detailed|in[\s-]depth|thorough(?:ly)?|comprehensive(?:ly)?|at\s+length|in\s+simple\s+terms|in\s+plain\s+english|step\s+by\s+step|tl;?dr|in\s+a\s+nutshell)\b/gi,
  /\b(?:the\s+)?(?:key|main|important)\s+(?:points?|takeaways?|ideas?|highlights?|findings?)\b|\b(?:key\s+)?takeaways?\b|\bhighlights\b/gi,
  /\b(?:a\s+|an\s+)?(?:summary|summaries|overview|recap|gist)(?:\s+of)?\b/gi,
  /\b(?:of|from|in|on|about)?\s*(?:this|the)\s+(?:page|article|text|document|post|blog\s+post|piece|story|site|website|link|video)\b/gi,
  /\baccording\s+to\s+(?:it|the\s+author)\b|\b(?:does|did)\s+(?:it|the\s+author|this)\s+say\b|\bwhat\s+(?:it|the\s+author)\s+says\b|\bsay(?:s)?\s+about\b/gi,
  /\b(?:please|thanks|thank\s+you)\b/gi,
  new RegExp(ONE_SENTENCE_PATTERN.source, "gi"),
];

const DEFAULT_COUNT = 5;
const BRIEF_COUNT = 3;
const DETAILED_COUNT = 8;
const MAX_COUNT = 15;
/** A factual answer: its sentence and one or two that support it, within about this many words. */
const FACTUAL_WORDS = 60;
const BRIEF_FACTUAL_WORDS = 40;
const DETAILED_FACTUAL_WORDS = 150;

const readPromptIn = rememberRecent(16, (prompt: string, pageLanguage: string) =>
  intentOf(prompt, pageLanguage),
);

/** Reads a prompt; `pageLanguage` is the language to read it in when the prompt itself does not tell. */
export function readPrompt(prompt: string, pageLanguage: string = DEFAULT_LANGUAGE): PromptIntent {
  return readPromptIn(prompt, pageLanguage);
}

function intentOf(prompt: string, pageLanguage: string): PromptIntent {
  const language = promptLanguage(prompt, pageLanguage);
  const question = questionWordsOf(prompt, language);
  const pageFields = PAGE_FIELD_PATTERNS.filter(([, pattern]) => pattern.test(prompt)).map(
    ([field]) => field,
  );

  let wantsList = LIST_PATTERN.test(prompt);
  let count: number | undefined;
  const counted = COUNT_PATTERN.exec(prompt);
  if (counted?.[1] && counted[2]) {
    const amount = counted[1].toLowerCase();
    count = /^\d+$/.test(amount) ? Number(amount) : (NUMBER_WORDS[amount] ?? DEFAULT_COUNT);
    if (LIST_UNITS.test(counted[2].toLowerCase()) && count > 1) wantsList = true;
  } else if (ONE_SENTENCE_PATTERN.test(prompt)) count = 1;
  const detailed = DETAILED_PATTERN.test(prompt);
  const brief = BRIEF_PATTERN.test(prompt);

  // "How many lists does it contain?" asks a question; "List the …" and "What are 3 reasons …" ask for a list.
  if (wantsList && question.answerType && !counted && WH_START.test(prompt.trim())) wantsList = false;
  const kind = kindOf(prompt, question, wantsList);
  const abbreviation = ABBREVIATION.exec(prompt)?.[1];
  const { terms, words } = termsOf(prompt, question, language);

  let sentenceCount = count ?? (detailed ? DETAILED_COUNT : brief ? BRIEF_COUNT : DEFAULT_COUNT);
  let maxWords = detailed ? DETAILED_FACTUAL_WORDS : brief ? BRIEF_FACTUAL_WORDS : FACTUAL_WORDS;
  if (kind === "factual" || kind === "yesno") {
    sentenceCount = count ?? (detailed ? DETAILED_COUNT : 3);
    if (count !== undefined) maxWords = Math.max(maxWords, count * 30);
  }
  sentenceCount = Math.min(MAX_COUNT, Math.max(1, sentenceCount));
  if (sentenceCount === 1) wantsList = false;
  return {
    kind,
    ...(question.answerType &&
      (kind === "factual" || kind === "yesno") && { answerType: question.answerType }),
    ...(question.unit && { unitTerm: contentTerms(question.unit, language)[0] }),
    ...(question.measure && { measureTerm: contentTerms(question.measure, language)[0] }),
    ...(abbreviation && { abbreviation }),
    pageFields,
    language,
    terms,
    words,
    wantsList,
    sentenceCount,
    maxWords,
  };
}

/**
 * The language the prompt's function words show, else the page's; but the page's when the prompt opens
 * with a function word of the page's language that is not one of the other's ("Who wrote L'être et le
 * Néon?" is English: a French title inside does not make the question French).
 */
function promptLanguage(prompt: string, pageLanguage: string): string {
  const detected = detectLanguage(prompt, pageLanguage) ?? DEFAULT_LANGUAGE;
  const opener = /[\p{L}]+/u.exec(prompt)?.[0]?.toLowerCase();
  const opensInPageLanguage = opener && isStopWord(opener, pageLanguage) && !isStopWord(opener, detected);
  return opensInPageLanguage ? pageLanguage : detected;
}

function kindOf(prompt: string, question: QuestionWords, wantsList: boolean): PromptKind {
  if (EXTRACTION_PATTERN.test(prompt)) return "extraction";
  if (wantsList) return "list";
  if (SUMMARY_PATTERN.test(prompt)) return "summary";
  if (question.yesNo) return "yesno";
  if (question.answerType) return "factual";
  if (YES_NO_START.test(prompt.trim())) return "yesno";
  if (/\?\s*$/.test(prompt.trim())) return "factual";
  return "summary";
}

/** The prompt's content terms, with its instruction phrases and question words taken out. */
function termsOf(
  prompt: string,
  question: QuestionWords,
  language: string,
): { terms: string[]; words: string[] } {
  let rest = prompt;
  for (const phrase of INSTRUCTION_PHRASES) rest = rest.replace(phrase, " ");
  for (const phrase of question.phrases) rest = rest.replace(phrase, " ");
  const terms: string[] = [];
  const words: string[] = [];
  forEachContentTerm(
    rest,
    (term, word) => {
      if (terms.includes(term)) return;
      terms.push(term);
      words.push(word);
    },
    language,
  );
  return { terms, words };
}
