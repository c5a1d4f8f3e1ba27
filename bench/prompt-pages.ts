/**
 * The tuning half of the article benchmark (../shared/testdata/article-benchmark) as `npm run
 * bench:prompts` serves it: each page without its publisher's description (meta description,
 * og:description, twitter:description, JSON-LD "description"), which is kept apart as the page's reference
 * summary, so that no answer can copy it.
 */
import { parseHTML } from "linkedom";
import { loadArticleBenchmark } from "./article-benchmark";

export interface PromptPage {
  id: string;
  url: string;
  /** The page's HTML with its descriptions removed. */
  html: string;
  /** The publisher's description, the reference a summary is scored against; "" when the page has none. */
  reference: string;
}

const META_TAG = /<meta\b[^>]*>/giu;
const DESCRIPTION_META =
  /\b(?:name|property|itemprop)\s*=\s*["']?(?:description|og:description|twitter:description)["'\s/>]/iu;
const DESCRIPTION_NAMES = new Set(["description", "og:description", "twitter:description"]);
const JSON_LD = /(<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>)([\s\S]*?)(<\/script>)/giu;
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
// The key with the comma after it, else with the comma before it (the last key of an object).
const JSON_DESCRIPTION = new RegExp(
  String.raw`"description"\s*:\s*${JSON_STRING}\s*,|,?\s*"description"\s*:\s*${JSON_STRING}`,
  "gu",
);

/** The tuning pages of the benchmark folder `dir`, sorted by id. */
export function loadPromptPages(dir: string): PromptPage[] {
  return loadArticleBenchmark(dir).pages.map(({ id, url, html }) => {
    const { html: stripped, reference } = withoutDescriptions(html);
    return { id, url, html: stripped, reference };
  });
}

/** `html` without its descriptions; the longest one read (meta or JSON-LD) is the reference. */
export function withoutDescriptions(html: string): { html: string; reference: string } {
  const { document } = parseHTML(html);
  const found: string[] = [];
  for (const meta of document.querySelectorAll("meta")) {
    const name = meta.getAttribute("name") ?? meta.getAttribute("property") ?? meta.getAttribute("itemprop");
    if (name && DESCRIPTION_NAMES.has(name.toLowerCase())) found.push(meta.getAttribute("content") ?? "");
  }
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      collectDescriptions(JSON.parse(script.textContent ?? ""), found);
    } catch {
      // Not JSON: its descriptions are removed below all the same.
    }
  }
  const stripped = html
    .replace(META_TAG, (tag) => (DESCRIPTION_META.test(tag) ? "" : tag))
    .replace(
      JSON_LD,
      (_, open: string, body: string, close: string) =>
        `${open}${body.replace(JSON_DESCRIPTION, "")}${close}`,
    );
  const reference =
    found
      .map((text) => text.replace(/\s+/g, " ").trim())
      .sort((a, b) => b.length - a.length)
      .find((text) => text.split(" ").length >= 5) ?? "";
  return { html: stripped, reference };
}

/** Every "description" string in a JSON-LD value. */
function collectDescriptions(value: unknown, found: string[]): void {
  if (Array.isArray(value)) for (const item of value) collectDescriptions(item, found);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key === "description" && typeof item === "string") found.push(item);
      else collectDescriptions(item, found);
    }
}
