/**
 * Page → analysis object: main text through Readability, metadata (title, date, author, images, icon,
 * language, keywords) from the page's own declarations, every URL made absolute through `<base href>`.
 */
import { createHash } from "node:crypto";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { normalizeLink, siteOf } from "../../lib/links/link-check";
import { declaredAuthorOf, firstAuthor, isBylineLeftover } from "./article-author";
import { articleTitleOf } from "./article-title";
import { type ArticlePage, withoutBoilerplate } from "./boilerplate";
import { removeArticleFurniture, removeFurniture } from "./boilerplate-elements";
import {
  allMeta,
  declaredIcon,
  firstMeta,
  jsonLdSourcesOf,
  jsonLdTexts,
  type PageMetadata,
  readMetadata,
  resolveUrl,
} from "./page-metadata";
import { joinParagraphs, normalizePlainText, paragraphsOf, textBlocksOf, truncateText } from "./page-text";
import { publishedDateOf } from "./published-date";
import { NO_STATEMENTS, readPageStatements } from "./statements/page-statements";
import type { ExtractedPage, FetchedTextPage } from "./types";

const MAX_IMAGE_LINKS = 50;
const MAX_TITLE_LENGTH = 500;
const MAX_PLAIN_TITLE_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 500;
const MAX_KEYWORDS = 50;

/** Elements left out of the fallback text (when Readability finds no article). */
const BOILERPLATE_SELECTOR =
  "nav, header, footer, aside, form, script, style, noscript, template, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true]";

/** Stable page id: the same normalized URL (host case, fragment, default port aside) gives the same id. */
export function pageIdOf(url: string): string {
  const normalized = normalizeLink(url) ?? url;
  return `pg_${createHash("sha256").update(normalized).digest("hex").slice(0, 24)}`;
}

export function extractPage(page: FetchedTextPage): ExtractedPage {
  return page.contentType === "text/plain" ? extractPlainText(page.url, page.body) : extractHtml(page);
}

function extractHtml(page: FetchedTextPage): ExtractedPage {
  const document = parseDocument(page.body);
  const metadata = readMetadata(document, page.url);

  // Everything Readability would disturb (it removes scripts and moves nodes) is read first.
  const title = truncateText(articleTitleOf(document, metadata), MAX_TITLE_LENGTH);
  const publishedDate = publishedDateOf(document, metadata);
  const declaredAuthor = declaredAuthorOf(metadata);
  // For a page where Readability finds no byline; read now, as Readability takes bylines out.
  const authorLink = document.querySelector("a[rel~=author]")?.textContent;
  const image = leadImageOf(metadata);
  const favicon = declaredIcon(document, metadata) ?? new URL("/favicon.ico", page.url).href;
  const language = languageOf(document, metadata);
  const keywords = keywordsOf(metadata);
  const siteName = firstMeta(metadata, ["og:site_name"]) ?? siteOf(page.url);
  const declaredDescription = firstMeta(metadata, ["description", "og:description", "twitter:description"]);
  const statements = readPageStatements({
    html: page.body,
    document,
    jsonLdSources: jsonLdSourcesOf(document),
    meta: metadata.meta,
    url: page.url,
    title,
  });

  setAbsoluteBase(document, metadata.baseUrl);
  const content = mainContentOf(document, page.body, {
    url: page.url,
    title,
    authorDeclared: declaredAuthor !== undefined,
  });
  // Readability drops the heading it takes for the title; without a declared title, keep it as text.
  const heading = title ? undefined : content.heading;
  const paragraphs =
    heading && heading !== content.paragraphs[0] ? [heading, ...content.paragraphs] : content.paragraphs;

  // As in Readability, a byline found in the page counts only where the page declares no author.
  const author = declaredAuthor ?? firstAuthor([content.byline, authorLink]);
  const description =
    clean(declaredDescription ?? jsonLdTexts(metadata, "description")[0]) ?? content.paragraphs[0] ?? "";
  return {
    analysis: {
      url: page.url,
      id: pageIdOf(page.url),
      title,
      text: joinParagraphs(paragraphs),
      ...(publishedDate && { publishedDate }),
      ...(author && { author }),
      ...(image && { image }),
      favicon,
      extras: { imageLinks: content.imageRoot ? imageLinksOf(content.imageRoot, metadata) : [] },
    },
    description: truncateText(description, MAX_DESCRIPTION_LENGTH),
    ...(language && { language }),
    keywords,
    siteName,
    statements,
  };
}

/** Plain text (a text page's, or a PDF's text layer): the first line as title, the next paragraph as description. */
export function extractPlainText(url: string, body: string): ExtractedPage {
  const text = normalizePlainText(body);
  const [firstLine = ""] = text.split("\n", 1);
  const title = truncateText(firstLine.trim(), MAX_PLAIN_TITLE_LENGTH);
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s+/g, " ").trim());
  const description = paragraphs.find((paragraph) => paragraph && paragraph !== title) ?? paragraphs[0] ?? "";
  return {
    analysis: {
      url,
      id: pageIdOf(url),
      title,
      text,
      favicon: new URL("/favicon.ico", url).href,
      extras: { imageLinks: [] },
    },
    description: truncateText(description, MAX_DESCRIPTION_LENGTH),
    keywords: [],
    siteName: siteOf(url),
    statements: NO_STATEMENTS,
  };
}

/**
 * Scripts (JSON-LD aside), styles and comments never hold page text; dropping them before parsing
 * saves most of the DOM work on real pages, where they are often half of the bytes. A JSON-LD block is
 * matched whole and kept, so that the `<!-- … -->` some pages wrap its JSON in is not taken for a comment.
 */
const NON_CONTENT_MARKUP =
  /(<script\b[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script\s*>)|<script\b[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<!--[\s\S]*?-->/gi;

/** C0 controls (tab, line feeds aside) are parse errors in HTML and never text; a database refuses NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g;

/**
 * linkedom builds no implicit `<html>`/`<body>` (a browser does): markup without an `<html>` root parses to
 * no document element, or to its first element alone. Such markup is parsed again inside one.
 */
function parseDocument(html: string): Document {
  const markup = html
    .replace(NON_CONTENT_MARKUP, (_, jsonLd: string | undefined) => jsonLd ?? "")
    .replace(CONTROL_CHARACTERS, "");
  const { document } = parseHTML(markup);
  if (document.documentElement?.localName === "html") return withLowerCaseCreate(document);
  const inner = markup.replace(/^\s*(\uFEFF\s*)?(<!doctype[^>]*>)?/i, "");
  const wrapped = /<head[\s>]/i.test(inner)
    ? `<html>${/<body[\s>]/i.test(inner) ? inner : inner.replace(/<\/head\s*>/i, "$&<body>")}</html>`
    : `<html><head></head><body>${inner}</body></html>`;
  return withLowerCaseCreate(parseHTML(wrapped).document);
}

/**
 * Readability renames elements (DIV to P) through `createElement("P")`; a browser's HTML document
 * lower-cases the name, linkedom keeps it, and every `localName` check (its tag lookups, our block
 * elements) then misses the renamed element. Lower-casing here makes linkedom answer as a browser does.
 */
function withLowerCaseCreate(document: ReturnType<typeof parseHTML>["document"]): Document {
  const create = document.createElement.bind(document);
  document.createElement = ((name: string, options?: ElementCreationOptions) =>
    create(name.toLowerCase(), options)) as typeof document.createElement;
  return document as unknown as Document;
}

/** Gives the document an absolute `<base>` so Readability resolves links like a browser would. */
function setAbsoluteBase(document: Document, baseUrl: URL): void {
  const existing = document.querySelector("base[href]");
  if (existing) {
    existing.setAttribute("href", baseUrl.href);
    return;
  }
  const base = document.createElement("base");
  base.setAttribute("href", baseUrl.href);
  document.head?.prepend(base);
}

interface Article {
  content: Element;
  title?: string;
  byline?: string;
}

/**
 * Readability looks up tags with `querySelectorAll`, which linkedom answers by compiling a CSS selector
 * on every call. A plain walk over the elements gives the same list (document order, static) and cuts
 * about a third of the extraction time of a long page.
 */
function fastTagLookup(reader: Readability<Element>): void {
  const lookup = reader as unknown as {
    _getAllNodesWithTag(node: Element, tagNames: string[]): ArrayLike<Element>;
  };
  if (typeof lookup._getAllNodesWithTag !== "function") return;
  lookup._getAllNodesWithTag = (root, tagNames) => {
    const wanted = new Set(tagNames.map((name) => name.toLowerCase()));
    const found: Element[] = [];
    let element: Element | null = root.firstElementChild;
    while (element) {
      if (wanted.has(element.localName)) found.push(element);
      if (element.firstElementChild) {
        element = element.firstElementChild;
        continue;
      }
      while (element && element !== root && !element.nextElementSibling) element = element.parentElement;
      element = element && element !== root ? element.nextElementSibling : null;
    }
    return found;
  };
}

/**
 * Readability reads the text of every candidate's subtree, so its time grows with the sum of the
 * elements' depths, not just their number. Past these bounds (far beyond real articles: a long news page
 * sums to some 50,000) the page is read by the linear fallback instead, so that a hostile page cannot hold
 * the event loop for seconds.
 */
const READABILITY_MAX_ELEMENTS = 50_000;
const READABILITY_MAX_DEPTH_SUM = 1_000_000;

/** Whether the sum of the elements' depths under `root` passes `limit`. */
function nestingExceeds(root: Element, limit: number): boolean {
  let depth = 0;
  let sum = 0;
  let element: Element | null = root.firstElementChild;
  while (element) {
    sum += depth;
    if (sum > limit) return true;
    if (element.firstElementChild) {
      element = element.firstElementChild;
      depth++;
      continue;
    }
    while (element && element !== root && !element.nextElementSibling) {
      element = element.parentElement;
      depth--;
    }
    element = element && element !== root ? element.nextElementSibling : null;
  }
  return false;
}

function readArticle(document: Document): Article | undefined {
  if (nestingExceeds(document.documentElement, READABILITY_MAX_DEPTH_SUM)) return undefined;
  try {
    const reader = new Readability<Element>(document, {
      serializer: (node) => node as Element,
      maxElemsToParse: READABILITY_MAX_ELEMENTS,
    });
    fastTagLookup(reader);
    const result = reader.parse();
    if (!result?.content) return undefined;
    return { content: result.content, title: result.title ?? undefined, byline: result.byline ?? undefined };
  } catch {
    // Readability gives up on odd documents; the body fallback covers them.
    return undefined;
  }
}

interface MainContent {
  paragraphs: string[];
  /** Where the content's images are. */
  imageRoot?: ParentNode;
  /** The heading Readability took for the title (and removed from the content). */
  heading?: string;
  byline?: string;
}

/** What the boilerplate pass knows of the page besides its content. */
interface ContentContext extends ArticlePage {
  /** The page declares its author, so Readability takes no byline out of the page (the furniture pass does). */
  authorDeclared: boolean;
}

/** The page's main content: Readability's article, else the body without its chrome. */
function mainContentOf(document: Document, html: string, context: ContentContext): MainContent {
  // Before Readability: it merges a box of inline text into a bare paragraph, losing the box's class.
  if (document.body) removeFurniture(document.body, context.authorDeclared);
  const article = readArticle(document);
  if (article) removeArticleFurniture(article.content);
  const paragraphs = article
    ? withoutBoilerplate(
        textBlocksOf(article.content, context.url).filter((block) => !isBylineLeftover(block.text)),
        context,
      )
    : [];
  if (article && paragraphs.length > 0) {
    return { paragraphs, imageRoot: article.content, heading: clean(article.title), byline: article.byline };
  }
  const body = boilerplateFreeBody(html);
  return { paragraphs: body ? paragraphsOf(body) : [], imageRoot: body, byline: article?.byline };
}

/** The body of a fresh parse with navigation, header, footer and similar chrome removed. */
function boilerplateFreeBody(html: string): Element | undefined {
  const body = parseDocument(html).body;
  if (!body) return undefined;
  for (const element of body.querySelectorAll(BOILERPLATE_SELECTOR)) element.remove();
  return body;
}

/** Whitespace collapsed and trimmed; `undefined` for empty text. */
function clean(text: string | null | undefined): string | undefined {
  const cleaned = text?.replace(/\s+/g, " ").trim();
  return cleaned || undefined;
}

function leadImageOf(metadata: PageMetadata): string | undefined {
  const candidates = [
    ...allMeta(metadata, [
      "og:image",
      "og:image:url",
      "og:image:secure_url",
      "twitter:image",
      "twitter:image:src",
    ]),
    ...jsonLdTexts(metadata, "image", "url"),
    ...jsonLdTexts(metadata, "thumbnailUrl", "url"),
  ];
  for (const candidate of candidates) {
    const url = resolveUrl(metadata, candidate);
    if (url) return url;
  }
  return undefined;
}

/** The primary subtag of a language tag, lower-case ("en" of "en-GB"); undefined when it is not one. */
export function primaryLanguage(tag: string | null | undefined): string | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}

function languageOf(document: Document, metadata: PageMetadata): string | undefined {
  return (
    primaryLanguage(document.documentElement?.getAttribute("lang")) ??
    primaryLanguage(document.documentElement?.getAttribute("xml:lang")) ??
    primaryLanguage(firstMeta(metadata, ["og:locale", "content-language", "language", "dc.language"])) ??
    primaryLanguage(jsonLdTexts(metadata, "inLanguage")[0])
  );
}

function keywordsOf(metadata: PageMetadata): string[] {
  return uniqueKeywords([
    ...allMeta(metadata, ["keywords", "news_keywords"]).flatMap((value) => value.split(/[,;]/)),
    ...allMeta(metadata, ["article:tag"]),
    ...jsonLdTexts(metadata, "keywords").flatMap((value) => value.split(",")),
  ]);
}

/** Keywords cleaned, without case-insensitive duplicates or overlong ones, at most `MAX_KEYWORDS`. */
export function uniqueKeywords(candidates: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const candidate of candidates) {
    const keyword = clean(candidate);
    if (!keyword || keyword.length > 100) continue;
    const key = keyword.toLowerCase();
    if (!seen.has(key)) seen.set(key, keyword);
    if (seen.size >= MAX_KEYWORDS) break;
  }
  return [...seen.values()];
}

/** The best URL of a `srcset`: the widest (or densest) candidate, else the first. */
function largestOfSrcset(srcset: string | null): string | undefined {
  if (!srcset) return undefined;
  let best: { url: string; size: number } | undefined;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor = ""] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const size = Number.parseFloat(descriptor) || 0;
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url;
}

const LAZY_SOURCE_ATTRIBUTES = ["data-src", "data-lazy-src", "data-original", "data-url"];

function imageSourceOf(image: Element): string | undefined {
  const sources = [
    image.getAttribute("src"),
    ...LAZY_SOURCE_ATTRIBUTES.map((name) => image.getAttribute(name)),
    largestOfSrcset(image.getAttribute("srcset")),
    largestOfSrcset(image.getAttribute("data-srcset")),
  ];
  return sources.find((source) => source?.trim() && !/^\s*data:/i.test(source)) ?? undefined;
}

function imageLinksOf(root: ParentNode, metadata: PageMetadata): string[] {
  const links = new Set<string>();
  for (const image of root.querySelectorAll("img")) {
    const url = resolveUrl(metadata, imageSourceOf(image));
    if (url) links.add(url);
    if (links.size >= MAX_IMAGE_LINKS) break;
  }
  return [...links];
}
