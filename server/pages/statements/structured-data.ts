/**
 * Every structured statement a page makes, in one shape: JSON-LD blocks (arrays, `@graph`, nested nodes),
 * microdata (`itemscope`/`itemprop`) and RDFa (`typeof`/`property`). Microdata and RDFa come from
 * htmlmetaparser; JSON-LD is read here, because real pages wrap it in ways that library rejects
 * (`/*<![CDATA[*\/`, HTML comments, raw line breaks inside strings) and a block it drops is a product it
 * misses (seen on the product benchmark's tuning pages).
 */
import { Handler, type RdfaNode } from "htmlmetaparser";
import { Parser } from "htmlparser2";

/** A thing the page describes: its schema.org types (local names, "Product") and its properties. */
export interface StatedNode {
  types: string[];
  /** Property local names ("price", not "schema:price") → values in the page's order. */
  properties: Record<string, StatedValue[]>;
  source: "json-ld" | "microdata" | "rdfa";
}

export type StatedValue = string | StatedNode;

type JsonObject = Record<string, unknown>;

/** Nodes deeper than this are not followed (a self-referencing or hostile block ends here). */
const MAX_DEPTH = 8;
/** At most this many nodes are kept from one page. */
const MAX_NODES = 2_000;
/** Attributes that only microdata and RDFa use: without them the second parse is skipped. */
const MARKUP_ATTRIBUTES = /\s(?:itemscope|itemprop|typeof|vocab)\b|\sproperty\s*=\s*["']?(?:schema|s|sdo):/i;

/** Every top-level node the page states, JSON-LD first, then microdata, then RDFa. */
export function readStructuredData(
  html: string,
  jsonLdSources: readonly string[],
  url: string,
): StatedNode[] {
  const nodes: StatedNode[] = [];
  const budget = { left: MAX_NODES };
  for (const source of jsonLdSources) {
    const parsed = parseJsonLd(source);
    for (const item of topLevelItems(parsed)) pushNode(nodes, toNode(item, "json-ld", 0, budget), budget);
  }
  if (MARKUP_ATTRIBUTES.test(html)) {
    const markup = readMarkup(html, url);
    for (const item of markup.microdata ?? []) pushNode(nodes, toNode(item, "microdata", 0, budget), budget);
    // RDFa's page-level node of Open Graph terms (no type) is read from the meta tags instead.
    for (const item of markup.rdfa ?? []) {
      const node = toNode(item, "rdfa", 0, budget);
      if (node && node.types.length > 0) pushNode(nodes, node, budget);
    }
  }
  return nodes;
}

function pushNode(into: StatedNode[], node: StatedNode | undefined, budget: { left: number }): void {
  if (node && budget.left >= 0) into.push(node);
}

/** The text of a JSON-LD block parsed leniently; undefined when it is not JSON even then. */
export function parseJsonLd(source: string): unknown {
  const trimmed = source
    .replace(/^\s*(?:<!--|\/\*\s*<!\[CDATA\[\s*\*\/|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, "")
    .replace(/(?:-->|\/\*\s*\]\]>\s*\*\/|\/\/\s*\]\]>|\]\]>)\s*$/, "")
    .trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    // Raw line breaks and tabs inside strings are common and harmless; trailing commas too.
    try {
      return JSON.parse(trimmed.replace(/[\n\r\t]+/g, " ").replace(/,\s*([}\]])/g, "$1"));
    } catch {
      return undefined;
    }
  }
}

function topLevelItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(topLevelItems);
  if (!value || typeof value !== "object") return [];
  const object = value as JsonObject;
  const graph = object["@graph"];
  const own = Object.keys(object).some((key) => !key.startsWith("@") || key === "@type");
  return [...(own ? [object] : []), ...(graph === undefined ? [] : topLevelItems(graph))];
}

/** "http://schema.org/Product", "schema:Product" and "Product" are the same type. */
export function localName(name: string): string {
  const afterSlash = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("#")) + 1);
  return afterSlash.replace(/^(?:schema|sdo|s):/, "");
}

function typesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((type): type is string => typeof type === "string" && type !== "").map(localName);
}

/**
 * A JSON-LD object as a node. htmlmetaparser gives microdata and RDFa in the same shape (values in arrays,
 * text as `{"@value"}`), so one reader serves the three syntaxes.
 */
function toNode(
  value: unknown,
  source: StatedNode["source"],
  depth: number,
  budget: { left: number },
): StatedNode | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value) || depth > MAX_DEPTH) return undefined;
  if (--budget.left < 0) return undefined;
  const object = value as JsonObject;
  const properties: Record<string, StatedValue[]> = {};
  for (const [key, raw] of Object.entries(object)) {
    if (key.startsWith("@")) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).flatMap((item) =>
      valuesOf(item, source, depth, budget),
    );
    if (values.length > 0) addValues(properties, localName(key), values);
  }
  const id = typeof object["@id"] === "string" ? object["@id"] : undefined;
  if (id && Object.keys(properties).length === 0 && object["@type"] === undefined) return undefined;
  return { types: typesOf(object["@type"]), properties, source };
}

function valuesOf(
  item: unknown,
  source: StatedNode["source"],
  depth: number,
  budget: { left: number },
): StatedValue[] {
  if (typeof item === "string") {
    const text = item.replace(/\s+/g, " ").trim();
    return text ? [text] : [];
  }
  if (typeof item === "number" || typeof item === "boolean") return [String(item)];
  if (!item || typeof item !== "object" || Array.isArray(item)) return [];
  const object = item as JsonObject;
  if ("@value" in object) return valuesOf(object["@value"], source, depth, budget);
  const node = toNode(object, source, depth + 1, budget);
  if (node) return [node];
  // A bare reference ({"@id": "https://…"}) stands for its address.
  return typeof object["@id"] === "string" ? [object["@id"]] : [];
}

function readMarkup(html: string, url: string): { microdata?: RdfaNode[]; rdfa?: RdfaNode[] } {
  let result: { microdata?: RdfaNode[]; rdfa?: RdfaNode[] } = {};
  const handler = new Handler(
    (error, parsed) => {
      if (!error) result = parsed;
    },
    { url },
  );
  const parser = new Parser(handler, { decodeEntities: true });
  // Scripts and styles hold no microdata or RDFa (JSON-LD is read above): half the bytes of a shop page.
  parser.end(html.replace(/<script\b[\s\S]*?<\/script\s*>|<style\b[\s\S]*?<\/style\s*>/gi, ""));
  return result;
}

function addValues(properties: Record<string, StatedValue[]>, key: string, values: StatedValue[]): void {
  const known = properties[key];
  if (known) known.push(...values);
  else properties[key] = values;
}
