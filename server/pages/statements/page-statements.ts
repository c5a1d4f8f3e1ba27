/**
 * What a page states about what it is about, in one typed model that the metadata, the text generator and
 * the schema filler all read: its main entity (the product, article, recipe, event …) with its properties
 * as paths, and for a product page the offer (price, availability, identifiers) from the best source.
 */
import { flattenProperties, isProduct, mainEntityOf } from "./main-entity";
import { type ProductStatement, productStatementOf } from "./product-statement";
import { readStructuredData } from "./structured-data";
import { readVisibleOffer } from "./visible-offer";
import { visibleText } from "./visible-text";

export interface PageStatements {
  /** The main entity's schema.org types ("Product", "NewsArticle"); empty when the page states none. */
  types: string[];
  /** The main entity's properties as paths to text ("name", "offers.price", "brand.name"). */
  properties: Record<string, string[]>;
  /** What the page states about the product it sells, when it sells one. */
  product?: ProductStatement;
}

export interface StatementSources {
  /** The page's HTML as fetched (microdata and RDFa are read from it). */
  html: string;
  /** The page's parsed document, before anything is taken out of it. */
  document: Document;
  /** The text of each `<script type="application/ld+json">`. */
  jsonLdSources: readonly string[];
  /** `<meta>` contents by lower-case name or property (page-metadata.ts). */
  meta: ReadonlyMap<string, readonly string[]>;
  url: string;
  title: string;
}

export function readPageStatements(sources: StatementSources): PageStatements {
  const nodes = readStructuredData(sources.html, sources.jsonLdSources, sources.url);
  const main = mainEntityOf(nodes, sources.title);
  const product = main && isProduct(main) ? main : undefined;
  const name = product ? nameOf(product.properties.name) : undefined;
  const visible = readVisibleOffer(sources.document, visibleText(sources.html), name ?? sources.title);
  const statement = productStatementOf({ product, meta: sources.meta, visible, url: sources.url });
  return {
    types: main?.types ?? [],
    properties: main ? flattenProperties(main) : {},
    ...(statement && { product: statement }),
  };
}

function nameOf(values: unknown[] | undefined): string | undefined {
  const name = values?.find((value): value is string => typeof value === "string");
  return name;
}

/** A page that states nothing (plain text, PDF). */
export const NO_STATEMENTS: PageStatements = { types: [], properties: {} };
