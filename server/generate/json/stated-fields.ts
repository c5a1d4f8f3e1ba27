/**
 * Schema properties filled from what the page states (pages/statements/): a product's price, currency,
 * availability, identifier and brand, and any property the page's main entity states under the same name
 * ("ratingValue", "recipeYield", "startDate"). These values are taken from the page or not at all: a price
 * is never a number found elsewhere in the text, an identifier never the service's own id.
 */
import { type Availability, availabilityOfMarkup, canBeBought } from "../../pages/statements/availability";
import type { PageStatements } from "../../pages/statements/page-statements";
import type { IdentifierKind } from "../../pages/statements/product-statement";
import { formatAmount } from "../../pages/statements/stated-price";
import type { FieldKind, FieldName } from "./field-kinds";

/** Kinds whose value only the page's statements give. */
const STATED_ONLY = new Set<FieldKind>(["price", "currency", "availability", "productCode", "brand"]);

export function isStatedOnly(kind: FieldKind): boolean {
  return STATED_ONLY.has(kind);
}

/** The stated values for a property, most fitting first; empty when the page states none. */
export function statedStrings(statements: PageStatements, field: FieldName): string[] {
  const product = statements.product;
  switch (field.kind) {
    case "price":
      return product?.price ? [formatAmount(product.price.amount)] : [];
    case "currency":
      return product?.price?.currency ? [product.price.currency] : [];
    case "availability":
      return product?.availability ? [product.availability] : [];
    case "brand":
      return product?.brand ? [product.brand] : [];
    case "productCode":
      return product ? identifiersFor(field, product.identifiers) : [];
    default:
      return sameNamed(statements, field);
  }
}

/** The stated number for a numeric property (a price), if the page states one. */
export function statedNumber(statements: PageStatements, field: FieldName): number | undefined {
  if (field.kind === "price") return statements.product?.price?.amount;
  const [text] = sameNamed(statements, field);
  if (text === undefined) return undefined;
  const number = Number(text.replace(",", "."));
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The enum value that means what the page states about availability ("InStock", "in_stock", "Available",
 * "Sold out", "Out of stock"), or undefined when no value means it or the page states nothing.
 */
export function availabilityEnumValue(values: unknown[], statements: PageStatements): unknown {
  const stated = statements.product?.availability;
  if (!stated) return undefined;
  const meanings = values.map((value) => ({
    value,
    meaning: typeof value === "string" ? availabilityOfMarkup(value) : undefined,
  }));
  const exact = meanings.find(({ meaning }) => meaning === stated);
  if (exact) return exact.value;
  const buyable = canBeBought(stated);
  return meanings.find(({ meaning }) => meaning !== undefined && canBeBought(meaning) === buyable)?.value;
}

/** Whether an enum's values speak of availability ("InStock", "OutOfStock" …): then it is filled by meaning. */
export function isAvailabilityEnum(values: unknown[]): boolean {
  const meanings = values.flatMap((value) =>
    typeof value === "string" ? (availabilityOfMarkup(value) ?? []) : [],
  ) as Availability[];
  return meanings.some(canBeBought) && meanings.some((meaning) => !canBeBought(meaning));
}

const CODE_PREFERENCE: Array<[RegExp, IdentifierKind[]]> = [
  [/^(?:mpn|part|model)$/, ["mpn"]],
  [/^(?:gtin\d*|ean|upc|isbn)$/, ["gtin"]],
];

function identifiersFor(
  field: FieldName,
  identifiers: Array<{ kind: IdentifierKind; value: string }>,
): string[] {
  const preferred = CODE_PREFERENCE.find(([words]) => field.words.some((word) => words.test(word)))?.[1];
  const ordered = preferred
    ? [...identifiers.filter(({ kind }) => preferred.includes(kind)), ...identifiers]
    : identifiers;
  return [...new Set(ordered.map(({ value }) => value))];
}

/** The main entity's property named as the field is ("ratingValue" ↔ "aggregateRating.ratingValue"). */
function sameNamed(statements: PageStatements, field: FieldName): string[] {
  const name = field.words.join("");
  if (!name) return [];
  for (const [path, values] of Object.entries(statements.properties)) {
    const last = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
    if (last === name || path.replace(/\./g, "").toLowerCase() === name) return values;
  }
  return [];
}
