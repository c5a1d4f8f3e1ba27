/**
 * A page's declared metadata, read once from the original document: `<meta>` tags by name/property,
 * the JSON-LD article node, `<link>` icons and the `<base>` URL. Readers return candidates; the
 * extractor picks the first good one.
 */

import { parseJsonLd } from "./statements/structured-data";

type JsonObject = Record<string, unknown>;

export interface PageMetadata {
  /** URL that relative references resolve against (`<base href>` when present). */
  baseUrl: URL;
  /**
   * `<meta>` contents keyed by lower-case `name`, `itemprop`, `http-equiv` and each of the space-separated
   * terms of `property` (RDFa allows `property="og:title dc:title"`).
   */
  meta: Map<string, string[]>;
  /** The JSON-LD node describing the page (an Article-like node first), if any. */
  jsonLd?: JsonObject;
  /** Whether that node is of an article type (its `name` is then the article's title). */
  jsonLdIsArticle: boolean;
}

const ARTICLE_TYPE = /(Article|BlogPosting|Posting|Report|Review|Recipe|Story|APIReference)$/;
const PAGE_TYPE = /(WebPage|Page)$/;

export function readMetadata(document: Document, pageUrl: string): PageMetadata {
  const jsonLd = jsonLdNode(document);
  return {
    baseUrl: baseUrlOf(document, pageUrl),
    meta: metaTags(document),
    jsonLd,
    jsonLdIsArticle: jsonLd !== undefined && typesOf(jsonLd).some((type) => ARTICLE_TYPE.test(type)),
  };
}

function baseUrlOf(document: Document, pageUrl: string): URL {
  const page = new URL(pageUrl);
  const href = document.querySelector("base[href]")?.getAttribute("href");
  if (!href) return page;
  try {
    return new URL(href.trim(), page);
  } catch {
    return page;
  }
}

function metaTags(document: Document): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const element of document.querySelectorAll("meta[content]")) {
    const content = element.getAttribute("content")?.trim();
    if (!content) continue;
    const keys = [
      ...(element.getAttribute("property")?.split(/\s+/) ?? []),
      ...["name", "itemprop", "http-equiv"].map((attribute) => element.getAttribute(attribute)?.trim()),
    ];
    for (const key of new Set(keys.flatMap((key) => key?.toLowerCase() || []))) {
      const values = tags.get(key);
      if (values) values.push(content);
      else tags.set(key, [content]);
    }
  }
  return tags;
}

function typesOf(node: JsonObject): string[] {
  const type = node["@type"];
  return (Array.isArray(type) ? type : [type]).filter((value): value is string => typeof value === "string");
}

function flattenJsonLd(value: unknown, into: JsonObject[]): void {
  if (Array.isArray(value)) {
    for (const item of value) flattenJsonLd(item, into);
    return;
  }
  if (!value || typeof value !== "object") return;
  const node = value as JsonObject;
  into.push(node);
  if (node["@graph"]) flattenJsonLd(node["@graph"], into);
}

/** The text of each JSON-LD block of the page. */
export function jsonLdSourcesOf(document: Document): string[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => script.textContent ?? "",
  );
}

function jsonLdNode(document: Document): JsonObject | undefined {
  const nodes: JsonObject[] = [];
  // A block that is not JSON even when read leniently is ignored, as a browser would.
  for (const source of jsonLdSourcesOf(document)) flattenJsonLd(parseJsonLd(source), nodes);
  const ofType = (pattern: RegExp) => nodes.find((node) => typesOf(node).some((type) => pattern.test(type)));
  return ofType(ARTICLE_TYPE) ?? nodes.find((node) => typeof node.headline === "string") ?? ofType(PAGE_TYPE);
}

/** First non-empty value among the given meta keys, in the order given. */
export function firstMeta(metadata: PageMetadata, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = metadata.meta.get(key)?.[0];
    if (value) return value;
  }
  return undefined;
}

/** Every value of the given meta keys. */
export function allMeta(metadata: PageMetadata, keys: readonly string[]): string[] {
  return keys.flatMap((key) => metadata.meta.get(key) ?? []);
}

/** A JSON-LD value as text: strings as they are, `{name}` / `{url}` / `{@value}` objects by that field. */
function jsonLdText(value: unknown, field: "name" | "url"): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const object = value as JsonObject;
    return jsonLdText(object[field] ?? object["@value"], field);
  }
  return undefined;
}

/** All text values of a JSON-LD field (a single value or an array). */
export function jsonLdTexts(metadata: PageMetadata, key: string, field: "name" | "url" = "name"): string[] {
  const value = metadata.jsonLd?.[key];
  const values = Array.isArray(value) ? value : [value];
  return values.map((item) => jsonLdText(item, field)).filter((text): text is string => text !== undefined);
}

/** Resolves a reference against the page's base URL; only http(s) results are kept. */
export function resolveUrl(metadata: PageMetadata, reference: string | null | undefined): string | undefined {
  const trimmed = reference?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed, metadata.baseUrl);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The largest declared `<link rel~=icon>` (the first one when none declares a size). */
export function declaredIcon(document: Document, metadata: PageMetadata): string | undefined {
  let best: { href: string; size: number } | undefined;
  for (const link of document.querySelectorAll("link[rel][href]")) {
    const rel = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("icon")) continue;
    const href = resolveUrl(metadata, link.getAttribute("href"));
    if (!href) continue;
    const size = iconSize(link.getAttribute("sizes"));
    if (!best || size > best.size) best = { href, size };
  }
  return best?.href;
}

function iconSize(sizes: string | null): number {
  if (!sizes) return 0;
  if (/\bany\b/i.test(sizes)) return Number.POSITIVE_INFINITY;
  let largest = 0;
  for (const [, width] of sizes.matchAll(/(\d+)\s*x\s*\d+/gi)) largest = Math.max(largest, Number(width));
  return largest;
}
