/**
 * Which of the things a page states it is about: the product of a product page (not the ones in its
 * "you may also like" carousel), the article of a news page, the recipe, the event. Its properties are
 * flattened to paths ("offers.price", "brand.name") for matching against a schema's property names.
 */
import type { StatedNode, StatedValue } from "./structured-data";

/** Types that describe the page's frame, never what it is about. */
const FRAME_TYPES = new Set([
  "WebSite",
  "WebPage",
  "ItemPage",
  "CollectionPage",
  "SearchResultsPage",
  "BreadcrumbList",
  "ListItem",
  "ItemList",
  "SiteNavigationElement",
  "WPHeader",
  "WPFooter",
  "WPSideBar",
  "SearchAction",
  "ImageObject",
  "Organization",
  "Corporation",
  "OnlineStore",
  "Store",
  "LocalBusiness",
  "Brand",
  "Offer",
  "AggregateOffer",
  "AggregateRating",
  "Rating",
  "Review",
  "Person",
  "PropertyValue",
  "ReadAction",
  "EntryPoint",
]);
const PRODUCT_TYPES =
  /^(?:Product|ProductGroup|ProductModel|IndividualProduct|SomeProducts|Vehicle|Car|Book|Offer)$/;
const MAX_PATH_DEPTH = 3;
const MAX_VALUES_PER_PATH = 20;

/** The node a page is about, or undefined when it states none. */
export function mainEntityOf(nodes: readonly StatedNode[], title: string): StatedNode | undefined {
  const candidates = nodes.filter((node) => node.types.some((type) => !FRAME_TYPES.has(type)));
  const products = candidates.filter(isProduct);
  const pool = products.length > 0 ? products : candidates;
  let best: { node: StatedNode; score: number } | undefined;
  const titleWords = wordsOf(title);
  for (const node of pool) {
    const name = firstText(node, "name") ?? firstText(node, "headline") ?? "";
    const overlap = overlapOf(wordsOf(name), titleWords);
    const score =
      overlap * 4 + (hasOffer(node) ? 2 : 0) + Math.min(1, Object.keys(node.properties).length / 20);
    if (!best || score > best.score) best = { node, score };
  }
  return best?.node;
}

export function isProduct(node: StatedNode): boolean {
  return node.types.some((type) => PRODUCT_TYPES.test(type)) || hasOffer(node);
}

function hasOffer(node: StatedNode): boolean {
  return (node.properties.offers ?? []).some((offer) => typeof offer !== "string");
}

/** The first text value of a property. */
export function firstText(node: StatedNode, property: string): string | undefined {
  for (const value of node.properties[property] ?? []) {
    const text = textOf(value);
    if (text) return text;
  }
  return undefined;
}

/** A value as text: a string as it is, a node by its name (a brand, an author) or its value. */
export function textOf(value: StatedValue): string | undefined {
  if (typeof value === "string") return value;
  for (const key of ["name", "value", "url", "@id"]) {
    const inner = value.properties[key]?.find((item): item is string => typeof item === "string");
    if (inner) return inner;
  }
  return undefined;
}

/** The node's properties as paths to text values: `name`, `offers.price`, `brand.name`, `brand`. */
export function flattenProperties(node: StatedNode): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  const add = (path: string, text: string) => {
    const values = paths[path] ?? [];
    paths[path] = values;
    if (values.length < MAX_VALUES_PER_PATH && !values.includes(text)) values.push(text);
  };
  const walk = (current: StatedNode, prefix: string, depth: number) => {
    for (const [property, values] of Object.entries(current.properties)) {
      const path = prefix ? `${prefix}.${property}` : property;
      for (const value of values) {
        if (typeof value === "string") add(path, value);
        else {
          const text = textOf(value);
          if (text) add(path, text);
          if (depth < MAX_PATH_DEPTH) walk(value, path, depth + 1);
        }
      }
    }
  };
  walk(node, "", 0);
  return paths;
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** The share of a name's words found in the title. */
function overlapOf(name: Set<string>, title: Set<string>): number {
  if (name.size === 0) return 0;
  let shared = 0;
  for (const word of name) if (title.has(word)) shared++;
  return shared / name.size;
}
