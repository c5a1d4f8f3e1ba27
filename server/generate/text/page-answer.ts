/**
 * Questions about the page itself ("Who wrote it and when?", "What is its title?", "How long is it?") and
 * about the product it sells ("How much does it cost?", "Is it in stock?"): answered from the page's
 * metadata and statements first, as the JSON path does, then from its text.
 */
import { canBeBought } from "../../pages/statements/availability";
import type { IdentifierKind, ProductStatement } from "../../pages/statements/product-statement";
import { formatAmount } from "../../pages/statements/stated-price";
import { dateIn } from "./dates";
import type { PageFacts } from "./page-facts";
import type { PageField } from "./prompt";

/** "By Jane Doe", "Written by Jane Doe and John Roe" near the top of the text. */
const BYLINE =
  /(?:^|\n)\s*(?:(?:written|posted|published|reported)\s+)?by\s+(\p{Lu}[\p{L}'’.-]+(?:\s+(?:(?:and|&|van|von|de|da)\s+)?\p{Lu}[\p{L}'’.-]+){0,4})/iu;
const BYLINE_CHARS = 1_500;

/** "2025-03-14T08:30:00+01:00" → "14 March 2025 (2025-03-14)"; a year or a month as precise as given. */
function readableDate(date: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (day) {
    const [, year, month, dayOfMonth] = day;
    const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(dayOfMonth)));
    if (!Number.isNaN(parsed.getTime())) {
      const long = parsed.toLocaleDateString("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      return `${long} (${year}-${month}-${dayOfMonth})`;
    }
  }
  const month = /^(\d{4})-(\d{2})$/.exec(date);
  if (month) {
    const parsed = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
    return parsed.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  }
  return date;
}

/** What the page states about its product's price, availability or code, as one sentence. */
function productLine(product: ProductStatement, field: PageField): string {
  const name = product.name ? `“${product.name}”` : "The product";
  switch (field) {
    case "price":
      return product.price
        ? `${name} costs **${priceText(product.price)}**.`
        : "The page does not state the product's price.";
    case "availability":
      if (!product.availability) return "The page does not say whether the product is available.";
      return canBeBought(product.availability)
        ? `${name} is **available**${product.availabilitySource === "inferred" ? " (the page offers it at a price and says nothing against it)" : ""}.`
        : `${name} is **not available** (${product.availability === "Discontinued" ? "discontinued" : "out of stock"}).`;
    default: {
      const [code] = product.identifiers;
      return code
        ? `Its ${CODE_NAMES[code.kind]} is **${code.value}**.`
        : "The page does not state a product code.";
    }
  }
}

const CODE_NAMES: Record<IdentifierKind, string> = {
  sku: "SKU",
  productID: "product ID",
  mpn: "manufacturer part number",
  gtin: "GTIN",
  labelled: "product code",
  url: "product code (in its address)",
};

function priceText({ amount, currency }: { amount: number; currency?: string }): string {
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat("en", { style: "currency", currency }).format(amount);
    } catch {
      // an unknown code: the number and the code as the page wrote them
    }
  }
  return currency ? `${formatAmount(amount)} ${currency}` : formatAmount(amount);
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const PRODUCT_FIELDS = new Set<PageField>(["price", "availability", "productCode"]);

/**
 * One sentence for each field asked about; undefined when `fields` is empty, or when they are only a
 * product's and the page states no product (a news page's "how much does it cost?" is a question for
 * its text).
 */
export function composePageAnswer(facts: PageFacts, fields: PageField[]): string | undefined {
  const product = facts.page.statements.product;
  const asked = product ? fields : fields.filter((field) => !PRODUCT_FIELDS.has(field));
  if (asked.length === 0) return undefined;
  const { page, model } = facts;
  const text = page.analysis.text;
  const lines: string[] = [];
  for (const field of asked) {
    if (product && PRODUCT_FIELDS.has(field)) {
      lines.push(productLine(product, field));
      continue;
    }
    switch (field) {
      case "author": {
        const author = facts.author ?? BYLINE.exec(text.slice(0, BYLINE_CHARS))?.[1];
        lines.push(author ? `It was written by **${author}**.` : "The page does not name its author.");
        break;
      }
      case "date": {
        const published = facts.publishedDate;
        const fromText = published ? undefined : dateIn(text.slice(0, BYLINE_CHARS));
        const date = published ?? fromText;
        lines.push(
          date
            ? `It was published on **${readableDate(date)}**${fromText ? " (the first date in its text)" : ""}.`
            : "The page does not say when it was published.",
        );
        break;
      }
      case "title":
        lines.push(facts.title ? `Its title is “**${facts.title}**”.` : "The page has no title.");
        break;
      case "site": {
        const { host } = facts;
        lines.push(
          page.siteName && page.siteName !== host
            ? `It is published by **${page.siteName}** (${host}).`
            : `It is on **${host}**.`,
        );
        break;
      }
      case "length": {
        lines.push(
          `It is **${model.wordCount.toLocaleString("en-US")} words** long, about ${facts.readingMinutes} min to read.`,
        );
        break;
      }
      case "language": {
        const code = page.language ?? (model.language !== "none" ? model.language : undefined);
        lines.push(
          code ? `It is written in **${languageName(code)}**.` : "The page does not say its language.",
        );
        break;
      }
    }
  }
  return lines.join(" ");
}
