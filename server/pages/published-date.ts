/**
 * An article's publication date. First the sources Mozilla Readability reads (`_getJSONLD`,
 * `_getArticleMetadata`): the JSON-LD article's `datePublished`, Open Graph `article:published_time`,
 * Parse.ly `parsely-pub-date`; then the other declarations (a `<time>` marked as the publication date,
 * Dublin Core and the common `<meta>` names), the JSON-LD `dateCreated`, and last the page's first
 * `<time datetime>`.
 */
import { allMeta, jsonLdTexts, type PageMetadata } from "./page-metadata";

const PUBLISHED_TIME_KEYS = [
  "article:published_time",
  "og:published_time",
  "og:article:published_time",
  "parsely-pub-date",
];

const OTHER_DATE_KEYS = [
  "dc.date.issued",
  "dcterms.issued",
  "dc.date",
  "dcterms.date",
  "dcterms.created",
  "citation_publication_date",
  "datepublished",
  "article.published",
  "publish-date",
  "publishdate",
  "pubdate",
  "sailthru.date",
  "date",
];

/** ISO 8601 of a date (or a date string), or `undefined` when it is not a plausible date. */
export function isoDate(value: Date | string | null | undefined): string | undefined {
  const text = typeof value === "string" ? value.trim() : value;
  if (!text) return undefined;
  const date = new Date(text);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1900 || year > 2200) return undefined;
  return date.toISOString();
}

export function publishedDateOf(document: Document, metadata: PageMetadata): string | undefined {
  const candidates = [
    ...jsonLdTexts(metadata, "datePublished"),
    ...allMeta(metadata, PUBLISHED_TIME_KEYS),
    markedTimeElement(document),
    ...allMeta(metadata, OTHER_DATE_KEYS),
    ...jsonLdTexts(metadata, "dateCreated"),
    document.querySelector("time[datetime]")?.getAttribute("datetime"),
  ];
  for (const candidate of candidates) {
    const iso = isoDate(candidate);
    if (iso) return iso;
  }
  return undefined;
}

/** The `<time datetime>` marked as the publication date (microdata `datePublished`, or `pubdate`). */
function markedTimeElement(document: Document): string | null | undefined {
  return document
    .querySelector("time[datetime][itemprop~=datePublished], time[datetime][pubdate]")
    ?.getAttribute("datetime");
}
