/**
 * What a schema property is about, guessed from its name ("publishedDate" → date, "keyPoints" →
 * point, "people" → people). Names are split into words and stemmed, so plural and singular agree.
 */
import { stemWord } from "../text/terms";

export type FieldKind =
  | "price"
  | "currency"
  | "availability"
  | "productCode"
  | "brand"
  | "place"
  | "count"
  | "readingTime"
  | "email"
  | "favicon"
  | "image"
  | "language"
  | "sentiment"
  | "score"
  | "year"
  | "date"
  | "author"
  | "host"
  | "site"
  | "url"
  | "question"
  | "answer"
  | "summary"
  | "description"
  | "text"
  | "keywords"
  | "topic"
  | "people"
  | "organizations"
  | "entities"
  | "sections"
  | "title"
  | "role"
  | "point"
  | "event"
  | "id"
  | "index"
  | "type"
  | "other";

/** What a count counts. */
export type CountTarget =
  | "words"
  | "sentences"
  | "paragraphs"
  | "characters"
  | "images"
  | "keywords"
  | "links"
  | "sections"
  | "people";

export interface FieldName {
  kind: FieldKind;
  /** The name's words, lower-case ("publishedDate" → ["published", "date"]). */
  words: string[];
  /** Stems of the words that are not generic ("keyRisks" → ["risk"]): matched against the text. */
  topicTerms: string[];
  countTarget?: CountTarget;
}

function nameWords(name: string): string[] {
  return name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const stems = (list: string) => new Set(list.split(" ").map((word) => stemWord(word)));

// First match wins: "imageUrl" is an image, "authorName" an author, "wordCount" a count.
const RULES: Array<[FieldKind, Set<string>]> = [
  ["readingTime", stems("reading read minutes duration")],
  ["email", stems("email mail")],
  ["favicon", stems("favicon icon logo")],
  [
    "image",
    stems(
      "image images img photo photos picture pictures thumbnail thumb cover banner illustration figure media",
    ),
  ],
  ["language", stems("language lang locale")],
  ["sentiment", stems("sentiment tone mood polarity attitude feeling emotion")],
  [
    "score",
    stems(
      "score relevance relevancy confidence rating probability likelihood certainty importance priority weight accuracy relevant",
    ),
  ],
  ["year", stems("year")],
  ["place", stems("city cities town towns place places location locations country countries region village")],
  ["date", stems("date dates time timestamp datetime published publish created updated modified when day")],
  ["author", stems("author authors byline writer writers creator journalist reporter")],
  ["host", stems("domain host hostname")],
  ["site", stems("site website publisher publication outlet newspaper magazine")],
  [
    "url",
    stems("url urls uri link links href permalink canonical source sources reference references citations"),
  ],
  ["question", stems("question questions query prompt ask faq faqs")],
  ["answer", stems("answer response reply verdict conclusion result output")],
  [
    "summary",
    stems("summary summaries abstract overview synopsis tldr gist recap digest explanation analysis"),
  ],
  ["description", stems("description desc snippet blurb teaser subtitle subheading dek lede excerpt")],
  ["text", stems("text content contents body article fulltext transcript markdown")],
  ["keywords", stems("keyword keywords tag tags hashtag hashtags terms labels")],
  ["topic", stems("topic topics category categories theme themes subject subjects genre")],
  [
    "people",
    stems(
      "people person persons speaker speakers character characters participant participants expert experts contributor contributors individual individuals figure figures official officials",
    ),
  ],
  [
    "organizations",
    stems(
      "organization organizations organisation organisations company companies org orgs institution institutions agency agencies",
    ),
  ],
  ["entities", stems("entity entities mention mentions")],
  [
    "sections",
    stems("section sections chapter chapters part parts outline segment segments structure headings"),
  ],
  ["event", stems("event events timeline milestone milestones history")],
  ["title", stems("title headline heading name label caption")],
  ["role", stems("role position job occupation affiliation function office")],
  [
    "point",
    stems(
      "point points quote quotes quotation citation evidence passage sentence sentences statement statements claim claims fact facts finding findings insight insights takeaway takeaways highlight highlights idea ideas argument arguments reason reasons lesson lessons tip tips step steps note notes detail details bullet bullets item items pro pros con cons risk risks benefit benefits feature features recommendation recommendations issue issues problem problems advantage advantages disadvantage disadvantages strength strengths weakness weaknesses",
    ),
  ],
  ["id", stems("id identifier slug uuid key")],
  ["index", stems("index order rank ordinal seq sequence")],
  ["type", stems("type kind format")],
];

const COUNT_WORDS = stems("count counts number num total amount quantity length size");
const COUNT_TARGETS: Array<[CountTarget, Set<string>]> = [
  ["words", stems("word words")],
  ["sentences", stems("sentence sentences")],
  ["paragraphs", stems("paragraph paragraphs")],
  ["characters", stems("character characters char chars length")],
  ["images", stems("image images photo photos picture pictures")],
  ["keywords", stems("keyword keywords tag tags")],
  ["links", stems("link links url urls")],
  ["sections", stems("section sections heading headings")],
  ["people", stems("people person persons author authors")],
];

/** Product fields: checked first, so "priceAmount" is a price and "itemNumber" a product code, not counts. */
const PRICE_WORDS = stems("price prices cost msrp rrp preis prix precio prezzo preço");
const CURRENCY_WORDS = stems("currency");
const AVAILABILITY_WORDS = stems("availability available stock instock inventory");
const CODE_WORDS = stems("sku skus mpn gtin gtin13 gtin12 gtin8 ean upc isbn asin");
const CODE_OWNERS = stems("product item article part model catalog catalogue");
const CODE_TAILS = stems("number code id identifier no ref reference");
const BRAND_WORDS = stems("brand manufacturer maker");

const NAMING = stems("name title");
const SOURCE_WORDS = stems("source site website publisher publication");
const CAPTION_WORDS = stems("alt caption");

// Words that name a field's role rather than its topic ("key", "main", "top", "list", …).
const GENERIC = stems(
  "key main top list all other primary secondary overall page short long brief is has are was the of",
);

export function classifyField(name: string | undefined): FieldName {
  if (!name) return { kind: "other", words: [], topicTerms: [] };
  const words = nameWords(name);
  const wordStems = words.map((word) => stemWord(word));
  const topicTerms = wordStems.filter((stem) => !GENERIC.has(stem) && stem.length > 1);

  const has = (list: Set<string>) => wordStems.some((stem) => list.has(stem));
  const product = productKind(has, wordStems);
  if (product) return { kind: product, words, topicTerms };
  const counting =
    wordStems.some((stem) => COUNT_WORDS.has(stem)) && (words.length > 1 || words[0] === "length");
  if (counting) {
    const target = COUNT_TARGETS.find(([, set]) => wordStems.some((stem) => set.has(stem)))?.[0] ?? "words";
    return { kind: "count", words, topicTerms, countTarget: target };
  }
  if (has(NAMING) && has(SOURCE_WORDS)) return { kind: "site", words, topicTerms };
  if (has(CAPTION_WORDS)) return { kind: "title", words, topicTerms };
  for (const [kind, set] of RULES) {
    if (has(set)) return { kind, words, topicTerms };
  }
  // "publishedAt", "createdOn"
  if (words.length > 1 && (words.at(-1) === "at" || words.at(-1) === "on"))
    return { kind: "date", words, topicTerms };
  if (words[0] === "number" || words[0] === "position") return { kind: "index", words, topicTerms };
  return { kind: "other", words, topicTerms };
}

function productKind(has: (list: Set<string>) => boolean, wordStems: string[]): FieldKind | undefined {
  if (has(CODE_WORDS)) return "productCode";
  // "priceCurrency" (schema.org's name) is the currency of a price, not a price ("price … without
  // currency", a description's words, is still a price).
  const [before = "", last = ""] = wordStems.slice(-2);
  if (CURRENCY_WORDS.has(last) && PRICE_WORDS.has(before)) return "currency";
  if (has(PRICE_WORDS)) return "price";
  if (has(CODE_OWNERS) && has(CODE_TAILS)) return "productCode";
  if (has(CURRENCY_WORDS)) return "currency";
  if (has(AVAILABILITY_WORDS)) return "availability";
  if (has(BRAND_WORDS)) return "brand";
  return undefined;
}
