/**
 * What a page states about the product it sells, from the best source that states each part: its
 * markup (schema.org Product and Offer in JSON-LD, microdata or RDFa), then its Open Graph / product meta
 * tags, then what it shows (visible-offer.ts).
 */
import { type Availability, availabilityOfMarkup, canBeBought } from "./availability";
import { firstText } from "./main-entity";
import { currencyIn, parsePrice, type StatedPrice } from "./stated-price";
import type { StatedNode, StatedValue } from "./structured-data";
import type { VisibleOffer } from "./visible-offer";

export type IdentifierKind = "sku" | "productID" | "mpn" | "gtin" | "labelled" | "url";

export interface ProductStatement {
  name?: string;
  brand?: string;
  price?: StatedPrice & { source: "markup" | "meta" | "page" };
  availability?: Availability;
  /** Where the availability was read; "inferred" when the page offers a price and says nothing against it. */
  availabilitySource?: "markup" | "meta" | "page" | "inferred";
  /** The product's identifiers, the one a shop shows as its own first. */
  identifiers: Array<{ kind: IdentifierKind; value: string }>;
}

const GTIN_PROPERTIES = ["gtin", "gtin13", "gtin12", "gtin14", "gtin8", "isbn"];
/** Properties of an offer: a product that states one of them itself is its own offer. */
const OFFER_PROPERTIES = ["price", "lowPrice", "priceSpecification", "availability"];

/** Meta tags in the order their price is preferred: a sale price over the regular one. */
const PRICE_META = [
  "product:sale_price:amount",
  "og:price:amount",
  "product:price:amount",
  "og:price",
  "product:price",
];
const CURRENCY_META = ["product:sale_price:currency", "og:price:currency", "product:price:currency"];
const AVAILABILITY_META = ["product:availability", "og:availability"];
const ID_META = ["product:retailer_item_id", "product:sku"];
const BRAND_META = ["product:brand", "og:brand"];

export interface ProductSources {
  /** The main entity when it is a product. */
  product?: StatedNode;
  meta: ReadonlyMap<string, readonly string[]>;
  visible: VisibleOffer;
  url: string;
}

export function productStatementOf({
  product,
  meta,
  visible,
  url,
}: ProductSources): ProductStatement | undefined {
  const metaValue = (keys: readonly string[]) => keys.map((key) => meta.get(key)?.[0]).find(Boolean);
  const offers = product ? offersOf(product) : [];

  const price = markupPrice(offers) ?? metaPrice(metaValue(PRICE_META), metaValue(CURRENCY_META));
  const markupAvailability = offerAvailability(offers);
  const metaAvailability = availabilityOf(metaValue(AVAILABILITY_META));
  const identifiers = identifiersOf(product, offers, metaValue(ID_META), visible, url);
  const statesProduct =
    product !== undefined ||
    price !== undefined ||
    metaAvailability !== undefined ||
    visible.price !== undefined;
  if (!statesProduct && !(visible.availability && identifiers.length > 0)) return undefined;

  const availability = markupAvailability ?? metaAvailability ?? visible.availability;
  // A price shown beside "currently unavailable" is another seller's or a last one: not the product's.
  const shownPrice =
    visible.price && !(availability && !canBeBought(availability))
      ? { ...visible.price, source: "page" as const }
      : undefined;
  const availabilitySource = markupAvailability
    ? "markup"
    : metaAvailability
      ? "meta"
      : visible.availability
        ? "page"
        : undefined;
  const finalPrice = price ?? shownPrice;
  const brand = (product && firstText(product, "brand")) ?? metaValue(BRAND_META);
  const name = product && (firstText(product, "name") ?? firstText(product, "headline"));
  return {
    ...(name && { name }),
    ...(brand && { brand }),
    ...(finalPrice && { price: finalPrice }),
    ...(availability
      ? { availability, availabilitySource }
      : finalPrice && { availability: "InStock" as const, availabilitySource: "inferred" as const }),
    identifiers,
  };
}

/** The product's offers: `offers` (Offer, AggregateOffer, their nested offers), a group's variants' offers. */
function offersOf(product: StatedNode): StatedNode[] {
  const nodes = (values: StatedValue[] | undefined) =>
    (values ?? []).filter((value): value is StatedNode => typeof value !== "string");
  const direct = nodes(product.properties.offers);
  const nested = direct.flatMap((offer) => nodes(offer.properties.offers));
  const variants = nodes(product.properties.hasVariant).flatMap((variant) =>
    nodes(variant.properties.offers),
  );
  // An Offer, or a product that states its price or availability itself (microdata often puts
  // `itemprop="price"` and `itemprop="availability"` straight on the Product): its own offer.
  const own =
    product.types.includes("Offer") || OFFER_PROPERTIES.some((key) => key in product.properties)
      ? [product]
      : [];
  return [...own, ...direct, ...nested, ...variants];
}

/** The lowest price among the offers (a sale beside a regular price, sizes at several prices: "from"). */
function markupPrice(offers: StatedNode[]): (StatedPrice & { source: "markup" }) | undefined {
  let best: StatedPrice | undefined;
  for (const offer of offers) {
    const specification = offer.properties.priceSpecification?.find(
      (value): value is StatedNode => typeof value !== "string",
    );
    const written =
      firstText(offer, "price") ??
      firstText(offer, "lowPrice") ??
      (specification && firstText(specification, "price"));
    if (!written) continue;
    const price = parsePrice(written, { markup: true });
    if (!price || price.amount <= 0) continue;
    const currency =
      firstText(offer, "priceCurrency") ?? (specification && firstText(specification, "priceCurrency"));
    const stated = { amount: price.amount, currency: currency?.toUpperCase() ?? price.currency };
    if (!best || stated.amount < best.amount) best = stated;
  }
  return best && { ...withoutEmpty(best), source: "markup" };
}

function metaPrice(
  written: string | undefined,
  currency: string | undefined,
): (StatedPrice & { source: "meta" }) | undefined {
  if (!written) return undefined;
  const price = parsePrice(written, { markup: true });
  if (!price || price.amount <= 0) return undefined;
  const code = currency?.trim() ? (currencyIn(currency) ?? currency.trim().toUpperCase()) : price.currency;
  return { ...withoutEmpty({ amount: price.amount, currency: code }), source: "meta" };
}

function withoutEmpty(price: StatedPrice): StatedPrice {
  return price.currency ? price : { amount: price.amount };
}

function availabilityOf(value: string | undefined): Availability | undefined {
  return value ? availabilityOfMarkup(value) : undefined;
}

/** Any offer that can be bought makes the product available (one size sold out is not the product). */
function offerAvailability(offers: StatedNode[]): Availability | undefined {
  const stated = offers
    .map((offer) => firstText(offer, "availability"))
    .flatMap((value) => availabilityOf(value) ?? []);
  return stated.find(canBeBought) ?? stated[0];
}

function identifiersOf(
  product: StatedNode | undefined,
  offers: StatedNode[],
  metaId: string | undefined,
  visible: VisibleOffer,
  url: string,
): Array<{ kind: IdentifierKind; value: string }> {
  const found: Array<{ kind: IdentifierKind; value: string }> = [];
  const add = (kind: IdentifierKind, value: string | undefined) => {
    const trimmed = value?.trim();
    // An identifier is one token with a digit: "Ca304103-0000 Montre" is a name.
    if (!trimmed || /\s/.test(trimmed) || !/\d/.test(trimmed)) return;
    if (!found.some((known) => known.value === trimmed)) found.push({ kind, value: trimmed });
  };
  const stated: Array<{ kind: IdentifierKind; value: string | undefined }> = [
    ...(product
      ? [
          { kind: "sku" as const, value: firstText(product, "sku") },
          {
            kind: "productID" as const,
            value: stripPrefix(firstText(product, "productID") ?? firstText(product, "productId")),
          },
        ]
      : []),
    ...offers.map((offer) => ({ kind: "sku" as const, value: firstText(offer, "sku") })),
    { kind: "sku", value: metaId },
  ];
  // The stated number the page also shows comes first; then the number the page labels as the product's
  // (what its shoppers and staff use, where the markup states an internal one); then the rest.
  for (const { kind, value } of stated) if (value && visible.shows(value)) add(kind, value);
  for (const id of visible.labelledIds) add("labelled", id);
  for (const { kind, value } of stated) add(kind, value);
  if (product) {
    add("mpn", firstText(product, "mpn"));
    for (const property of GTIN_PROPERTIES) add("gtin", firstText(product, property));
  }
  add("url", identifierInUrl(url));
  return found;
}

/** "sku:2800395267" → "2800395267". */
function stripPrefix(value: string | undefined): string | undefined {
  return value?.replace(/^(?:sku|isbn|gtin\d*|mpn|ean|upc):/i, "");
}

/** The identifier a product address carries: Amazon's `/dp/ASIN`, `/itm/123…`, `?pid=…`, a final number. */
export function identifierInUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const asin = /\/(?:dp|gp\/product)\/([A-Z0-9]{10})(?:[/?]|$)/.exec(parsed.pathname)?.[1];
  if (asin) return asin;
  for (const key of ["pid", "productId", "product_id", "itemId", "item_id", "sku", "id"]) {
    const value = parsed.searchParams.get(key);
    if (value && /^[\p{L}\p{N}-]{3,40}$/u.test(value) && /\d/.test(value)) return value;
  }
  const segments = parsed.pathname.split("/").filter(Boolean);
  const last = decodeURIComponent(segments.at(-1) ?? "").replace(/\.(?:html?|php|aspx?)$/i, "");
  const number = /(?:^|[-_.])(\d{5,20})$/.exec(last)?.[1] ?? (/^\d{5,20}$/.test(last) ? last : undefined);
  return number;
}
