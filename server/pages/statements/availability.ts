/**
 * Whether a product can be bought, as markup states it (schema.org `ItemAvailability`, Open Graph's
 * `product:availability`) or as the page says it in words, in the languages shops write in.
 */

/** schema.org's ItemAvailability values, by local name. */
export type Availability =
  | "InStock"
  | "OutOfStock"
  | "SoldOut"
  | "Discontinued"
  | "PreOrder"
  | "PreSale"
  | "BackOrder"
  | "LimitedAvailability"
  | "InStoreOnly"
  | "OnlineOnly"
  | "MadeToOrder";

const SCHEMA_VALUES: readonly Availability[] = [
  "InStock",
  "OutOfStock",
  "SoldOut",
  "Discontinued",
  "PreOrder",
  "PreSale",
  "BackOrder",
  "LimitedAvailability",
  "InStoreOnly",
  "OnlineOnly",
  "MadeToOrder",
];

/** Whether the product can be had now (or ordered for later) rather than not at all. */
export function canBeBought(availability: Availability): boolean {
  return availability !== "OutOfStock" && availability !== "SoldOut" && availability !== "Discontinued";
}

// Words that say a product cannot be bought: checked before the ones that say it can, since
// "not available" contains "available".
const OUT_OF_STOCK = new RegExp(
  [
    "out[ _-]?of[ _-]?stock",
    "\\boos\\b",
    "sold[ _-]?out",
    "currently unavailable",
    "\\bunavailable",
    "not (?:currently )?(?:available|in stock)",
    "no longer available",
    "discontinued",
    "nicht (?:mehr )?(?:verfügbar|lieferbar|auf lager|vorrätig)",
    "ausverkauft",
    "vergriffen",
    "épuisé",
    "rupture de stock",
    "indisponible",
    "non disponible",
    "non disponibile",
    "esaurit[oa]",
    "agotado",
    "sin (?:stock|existencias)",
    "no disponible",
    "esgotado",
    "indisponível",
    "niedostępn[yae]",
    "brak (?:w magazynie|towaru)",
    "wyprzedan[ey]",
    "nedostupn[éý]",
    "vypredan[éý]",
    "vyprodán[oa]?",
    "nincs készleten",
    "nu este (?:în stoc|disponibil)",
    "stoc epuizat",
    "нет в наличии",
    "не в наличии",
    "отсутствует",
    "распродан",
    "stokta yok",
    "tükendi",
    "uitverkocht",
    "niet (?:op voorraad|leverbaar|beschikbaar)",
    "slutsåld",
    "udsolgt",
    "utsolgt",
    "loppuunmyyty",
    "ei saatavilla",
    "在庫切れ",
    "売り切れ",
    "品切れ",
    "缺货",
    "缺貨",
    "售罄",
    "已售完",
    "품절",
    "일시품절",
    "אזל במלאי",
    "غير متوفر",
    "نفدت الكمية",
  ].join("|"),
  "iu",
);

const IN_STOCK = new RegExp(
  [
    "in[ _-]?stock",
    "available",
    "add to (?:cart|basket|bag|trolley)",
    "buy (?:it )?now",
    "auf lager",
    "lieferbar",
    "verfügbar",
    "in den warenkorb",
    "en stock",
    "disponible",
    "ajouter au panier",
    "disponibile",
    "aggiungi al carrello",
    "añadir al carrito",
    "en existencia",
    "em estoque",
    "dostępn[yae]",
    "dodaj do koszyka",
    "skladem",
    "na sklade",
    "raktáron",
    "în stoc",
    "в наличии",
    "есть в наличии",
    "stokta",
    "op voorraad",
    "i lager",
    "på lager",
    "varastossa",
    "在庫あり",
    "有货",
    "有貨",
    "現貨",
    "재고있음",
    "במלאי",
    "متوفر",
  ].join("|"),
  "iu",
);

/** A markup value ("http://schema.org/InStock", "instock", "oos", "in stock") as a schema.org value. */
export function availabilityOfMarkup(value: string): Availability | undefined {
  const local = value.slice(Math.max(value.lastIndexOf("/"), value.lastIndexOf("#")) + 1).trim();
  const known = SCHEMA_VALUES.find(
    (name) => name.toLowerCase() === local.toLowerCase().replace(/[ _-]/g, ""),
  );
  if (known) return known;
  if (/^(?:pending|preorder|available for order)$/i.test(local)) return "PreOrder";
  return availabilityOfText(local);
}

/** What a short text (a stock line, a button, an enum value) says of availability, if anything. */
export function availabilityOfText(text: string): "InStock" | "OutOfStock" | undefined {
  if (OUT_OF_STOCK.test(text)) return "OutOfStock";
  if (IN_STOCK.test(text)) return "InStock";
  return undefined;
}
