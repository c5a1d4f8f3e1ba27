/**
 * An article's title, weighed the way Mozilla Readability does (`_getJSONLD`, `_getArticleMetadata`,
 * `_getArticleTitle` in @mozilla/readability; the title cut as on its main branch, which also splits at
 * en and em dashes): the JSON-LD article's `name` or `headline`, then the declared
 * titles (Dublin Core, Open Graph, Weibo, `<meta name=title>`, Twitter, Parse.ly), then the document's
 * `<title>` without its site name.
 */
import { firstMeta, jsonLdTexts, type PageMetadata } from "./page-metadata";

const DECLARED_TITLE_KEYS = [
  "dc.title",
  "dc:title",
  "dcterm.title",
  "dcterm:title",
  "dcterms.title",
  "dcterms:title",
  "og:title",
  "weibo:article:title",
  "weibo:webpage:title",
  "title",
  "twitter:title",
  "parsely-title",
];

/** Separators between a title's parts: "Article | Site", "Article – Site", "Site » Section » Article", … */
const SEPARATORS = "|\\-–—\\\\/>»";
const SEPARATOR = new RegExp(`\\s[${SEPARATORS}]\\s`, "g");
const HIERARCHICAL_SEPARATOR = /\s[\\/>»]\s/;
const UP_TO_FIRST_SEPARATOR = new RegExp(`^[^${SEPARATORS}]*[${SEPARATORS}]`);

const collapse = (text: string | null | undefined) => text?.replace(/\s+/g, " ").trim() ?? "";
const wordCount = (text: string) => text.split(/\s+/).length;

export function articleTitleOf(document: Document, metadata: PageMetadata): string {
  return (
    collapse(jsonLdTitle(document, metadata)) ||
    collapse(firstMeta(metadata, DECLARED_TITLE_KEYS)) ||
    documentTitle(document)
  );
}

/**
 * The article's `name`, unless it has a different `headline` and only the headline resembles the document
 * title (some sites put their own name in `name`). A node that is not an article only gives its headline.
 */
function jsonLdTitle(document: Document, metadata: PageMetadata): string | undefined {
  const name = metadata.jsonLdIsArticle ? jsonLdTexts(metadata, "name")[0] : undefined;
  const headline = jsonLdTexts(metadata, "headline")[0];
  if (name && headline && name !== headline) {
    const title = documentTitle(document);
    return textSimilarity(headline, title) > 0.75 && textSimilarity(name, title) <= 0.75 ? headline : name;
  }
  return name ?? headline;
}

/** Share of `b`'s text (by length) made of words that `a` has too; Readability's `_textSimilarity`. */
function textSimilarity(a: string, b: string): number {
  const tokensA = a.toLowerCase().split(/\W+/).filter(Boolean);
  const tokensB = b.toLowerCase().split(/\W+/).filter(Boolean);
  if (tokensA.length === 0 || tokensB.length === 0) return 0;
  const onlyInB = tokensB.filter((token) => !tokensA.includes(token));
  return 1 - onlyInB.join(" ").length / tokensB.join(" ").length;
}

/**
 * The `<title>` without the site's part, as Readability's `_getArticleTitle` cuts it: before the last
 * separator ("Article | Site"), or after the first when that leaves too few words ("Site | Article"); after
 * a colon unless a heading repeats the whole title; the only `<h1>` when the title is very short or long;
 * and the whole title again when the cut leaves four words or fewer. Unlike Readability, a page without a
 * `<title>` gets no title (its heading stays part of the text).
 */
function documentTitle(document: Document): string {
  const original = collapse(document.querySelector("title")?.textContent);
  if (!original) return "";
  let title = original;
  let hierarchical = false;
  const separators = [...original.matchAll(SEPARATOR)];
  if (separators.length > 0) {
    hierarchical = HIERARCHICAL_SEPARATOR.test(title);
    title = original.slice(0, separators.at(-1)?.index);
    if (wordCount(title) < 3) title = original.replace(UP_TO_FIRST_SEPARATOR, "");
  } else if (title.includes(": ")) {
    const headingRepeatsTitle = [...document.querySelectorAll("h1, h2")].some(
      (heading) => heading.textContent?.trim() === title,
    );
    if (!headingRepeatsTitle) {
      title = original.slice(original.lastIndexOf(":") + 1);
      if (wordCount(title) < 3) title = original.slice(original.indexOf(":") + 1);
      else if (wordCount(original.slice(0, original.indexOf(":"))) > 5) title = original;
    }
  } else if (title.length > 150 || title.length < 15) {
    const headings = document.querySelectorAll("h1");
    if (headings.length === 1) title = collapse(headings[0]?.textContent);
  }
  title = collapse(title);
  const words = wordCount(title);
  const tooShort = words <= 4 && (!hierarchical || words !== wordCount(original.replace(SEPARATOR, "")) - 1);
  return tooShort ? original : title;
}
