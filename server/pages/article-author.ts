/**
 * An article's author, weighed the way Mozilla Readability does (`_getJSONLD`, `_getArticleMetadata`,
 * `_isValidByline` in @mozilla/readability): the JSON-LD article's authors, then the declared ones (Dublin
 * Core, `<meta name=author>`, Parse.ly, Open Graph `article:author` when it is a name and not a profile
 * URL), and only without any of those the byline found in the page.
 */
import { allMeta, jsonLdTexts, type PageMetadata } from "./page-metadata";
import { truncateText } from "./page-text";

const MAX_AUTHOR_LENGTH = 200;

const DECLARED_AUTHOR_KEYS = [
  ["dc.creator", "dc:creator"],
  ["dcterm.creator", "dcterm:creator", "dcterms.creator", "dcterms:creator"],
  ["author"],
  ["parsely-author"],
  ["article:author"],
  ["sailthru.author"],
];

/** What precedes a name in a byline ("By", "Par", …). */
const BYLINE_WORDS = "by|par|von|por|di|door|av";
const BYLINE_PREFIX = new RegExp(`^(${BYLINE_WORDS})\\b\\s*:?\\s*`, "i");
const BYLINE_LEFTOVER = new RegExp(`^(${BYLINE_WORDS})\\s*:?$`, "i");

/** Whether a paragraph is what Readability leaves of a byline whose author link it took out ("By"). */
export const isBylineLeftover = (text: string) => BYLINE_LEFTOVER.test(text);

const looksLikeUrl = (text: string) => /^(https?:)?\/\//i.test(text) || /^www\./i.test(text);

/** A byline as a name: whitespace collapsed, "By" and stray separators dropped; never a URL. */
export function cleanAuthor(text: string | null | undefined): string | undefined {
  const author = text
    ?.replace(/\s+/g, " ")
    .trim()
    .replace(BYLINE_PREFIX, "")
    .replace(/^[,;|·\-–—\s]+|[,;|·\-–—\s]+$/g, "");
  if (!author || looksLikeUrl(author)) return undefined;
  return truncateText(author, MAX_AUTHOR_LENGTH);
}

/** The first candidate that is a name. */
export function firstAuthor(candidates: Iterable<string | null | undefined>): string | undefined {
  for (const candidate of candidates) {
    const author = cleanAuthor(candidate);
    if (author) return author;
  }
  return undefined;
}

/** The author the page declares: all the JSON-LD article's authors, else the first declared name. */
export function declaredAuthorOf(metadata: PageMetadata): string | undefined {
  const jsonLdAuthors = jsonLdTexts(metadata, "author").flatMap((author) => cleanAuthor(author) ?? []);
  if (jsonLdAuthors.length > 0) return truncateText(jsonLdAuthors.join(", "), MAX_AUTHOR_LENGTH);
  // Readability keeps the last value of a name the page declares twice (two DC.Creator tags).
  return firstAuthor(DECLARED_AUTHOR_KEYS.flatMap((keys) => allMeta(metadata, keys).reverse()));
}
