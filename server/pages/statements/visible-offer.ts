/**
 * What a product page shows without stating it in markup: the main product's price (the price element
 * nearest after the product's heading, not a carousel's or a crossed-out one), whether it is in stock
 * (its stock line, its buy button) and the identifier it labels ("SKU: 1049084", "Product code: 64981901",
 * "ASIN : B07FW264WL", "Šifra: 0638", "商品編號：M14876706").
 */
import { type Availability, availabilityOfText } from "./availability";
import { namesCurrency, parsePrice, type StatedPrice } from "./stated-price";

export interface VisibleOffer {
  price?: StatedPrice;
  availability?: Availability;
  /** Identifiers the page labels as the product's, first the one nearest after its heading. */
  labelledIds: string[];
  /** Whether the page's visible text shows a value (an identifier the markup states). */
  shows(value: string): boolean;
}

const PRICE_NAME =
  /price|prix|preis|prezzo|precio|preço|preco|cena|cijena|hinta|pris\b|fiyat|цена|価格|价格|價格/i;
/** Names of prices that are not what the product costs now. */
const NOT_CURRENT =
  /old|was|strike|list-?price|regular|original|before|crossed|rrp|uvp|compare|saving|save|discount|unit|per-|shipping|delivery|install|monthly|range|min|max|total|sum|cart|basket|filter|slider-min/i;
const STOCK_NAME = /availab|stock|inventory|verf[uü]g|dispon|lager|skladem|nalich|delivery-?status/i;
const BUY_NAME =
  /add-?to-?(?:cart|basket|bag|trolley)|addto(?:cart|basket|bag)|buy-?now|buy-?button|buybutton/i;
const BUY_LABEL =
  /^(?:add to (?:cart|basket|bag|trolley)|buy (?:it )?now|in den (?:warenkorb|einkaufswagen)|jetzt kaufen|ajouter au panier|acheter|aggiungi al carrello|compra ora|añadir al carrito|comprar|adicionar ao carrinho|dodaj do koszyka|do košíka|do košíku|v košarico|u košaricu|kosárba|adaugă în coș|в корзину|купить|sepete ekle|in winkelwagen|lägg i varukorg|læg i kurv|legg i handlekurv|lisää ostoskoriin|カートに入れる|今すぐ買う|加入购物车|立即购买|加入購物車|立即購買|장바구니|바로구매|הוסף לסל|أضف إلى السلة)\b/iu;
const STRUCK = new Set(["DEL", "S", "STRIKE"]);
const MAX_PRICE_TEXT = 40;
const MAX_STOCK_TEXT = 200;
/** A line without a stock name that says the product cannot be bought: this short, this near after the heading. */
const MAX_LINE_TEXT = 60;
const NEAR_LINE = 30;
/** Elements after the heading farther than this count less and less. */
const NEAR_ELEMENTS = 400;

const ID_LABEL =
  /(?<![\p{L}\p{N}])(?:sku|item (?:number|no\.?|#|id)|item#|article (?:number|no\.?)|art(?:ikel)?\.?[ -]?nr\.?|artikelnummer|bestell(?:nummer|-?nr\.?)|product (?:code|number|id|no\.?)|product#|asin|réf(?:érence)?\.?|ref(?:erence)?\.?(?= ?[:#])|code produit|cod(?:ice)? prod(?:us|otto)|código(?: (?:de )?(?:producto|produto|artículo))?|kod produktu|numer katalogowy|šifra|kód(?: produktu)?|katalógové číslo|tuotenumero|varenummer|artikelnr\.?|商品編號|商品番号|商品コード|品番|딜번호|상품번호|קוד מוצר|מק"ט|ad id|post id|listing id|id produto|ebay item number)\s*[:：#.]?\s*([\p{L}\p{N}][\p{L}\p{N}./_-]{1,40})/giu;

interface PriceCandidate {
  price: StatedPrice;
  position: number;
  named: boolean;
  struck: boolean;
  notCurrent: boolean;
}

/**
 * The offer the page shows for the product named `productName` (its stated name, else the page's title).
 * `text` is the page's visible text with a space between elements.
 */
export function readVisibleOffer(document: Document, text: string, productName: string): VisibleOffer {
  const elements = [...document.querySelectorAll("body *")];
  const anchor = anchorIndex(elements, productName);
  const prices: PriceCandidate[] = [];
  const stockTexts: Array<{ text: string; position: number }> = [];
  const plainLines: Array<{ text: string; position: number }> = [];
  elements.forEach((element, position) => {
    const names = `${element.getAttribute("class") ?? ""} ${element.id ?? ""} ${element.getAttribute("itemprop") ?? ""}`;
    const named = PRICE_NAME.test(names);
    // Text is read only where a price or a stock line can be: a named element, or a leaf.
    if (STOCK_NAME.test(names)) {
      const text = squeeze(element.textContent ?? "");
      if (text.length <= MAX_STOCK_TEXT) stockTexts.push({ text, position });
    } else if (element.children.length === 0 && position > anchor && position - anchor <= NEAR_LINE) {
      const text = squeeze(element.textContent ?? "");
      if (text.length <= MAX_LINE_TEXT) plainLines.push({ text, position });
    }
    if (!named && element.children.length > 0) return;
    if (named && element.children.length > 3) return;
    const own = squeeze(element.textContent ?? "");
    if (!own || own.length > MAX_PRICE_TEXT || !/\d/.test(own)) return;
    if (element.children.length > 0 && element.querySelector("del, s, strike")) return;
    const text = withCurrencyBeside(element, own);
    if (!named && !namesCurrency(text)) return;
    // A price element's text is mostly its price: not a sentence that holds a number.
    if ((text.match(/\p{L}/gu)?.length ?? 0) > 12) return;
    const price = parsePrice(text);
    if (!price || price.amount <= 0) return;
    prices.push({
      price,
      position,
      named,
      struck: isStruck(element),
      notCurrent: NOT_CURRENT.test(names.replace(PRICE_NAME, " ")),
    });
  });
  return {
    price: bestPrice(prices, anchor),
    availability: stockOf(stockTexts, anchor, document) ?? unavailableLine(plainLines),
    labelledIds: labelledIds(text, productName),
    shows: (value) => text.includes(value),
  };
}

/** A bare number whose currency stands in the next or previous element ("<span>2320</span> 元"). */
function withCurrencyBeside(element: Element, text: string): string {
  if (!/^[\d.,\s]+$/.test(text)) return text;
  const after = squeeze(element.nextSibling?.textContent ?? "");
  if (after.length <= 4 && namesCurrency(after)) return `${text} ${after}`;
  const before = squeeze(element.previousSibling?.textContent ?? "");
  if (before.length <= 4 && namesCurrency(before)) return `${before} ${text}`;
  return text;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The position of the product's heading: the `<h1>` that shares most words with its name (or the page's
 * title: a shop's first `<h1>` can be a banner's); without one that shares enough, another heading or a
 * title-like element; else the top.
 */
function anchorIndex(elements: Element[], productName: string): number {
  const nameWords = wordsOf(productName);
  const overlapOf = (element: Element) => {
    const text = element.textContent ?? "";
    if (text.length > 300) return 0;
    const words = wordsOf(text);
    let shared = 0;
    for (const word of words) if (nameWords.has(word)) shared++;
    return words.size === 0 ? 0 : shared / words.size;
  };
  const best = (accept: (element: Element) => boolean) => {
    let found = { index: -1, overlap: 0 };
    elements.forEach((element, index) => {
      if (!accept(element)) return;
      const overlap = overlapOf(element);
      if (overlap > found.overlap) found = { index, overlap };
    });
    return found;
  };
  const heading = best((element) => element.tagName === "H1");
  if (heading.overlap >= 0.3) return heading.index;
  // Nothing names the product (a title that is the shop's slogan): the first heading that is not the site's.
  const first = elements.findIndex(
    (element) =>
      element.tagName === "H1" &&
      !/nav|menu|categor|logo|header|brand/i.test(`${element.getAttribute("class") ?? ""} ${element.id}`),
  );
  if (first >= 0) return first;
  // No heading of its own: a smaller heading or a title-like element that names it.
  const other = best(
    (element) =>
      /^H[23]$/.test(element.tagName) ||
      /title|name|heading/i.test(`${element.getAttribute("class") ?? ""} ${element.id}`),
  );
  return Math.max(0, other.overlap > heading.overlap ? other.index : heading.index);
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function isStruck(element: Element): boolean {
  for (let current: Element | null = element; current; current = current.parentElement) {
    if (STRUCK.has(current.tagName)) return true;
    const style = current.getAttribute("style") ?? "";
    if (/line-through/i.test(style)) return true;
  }
  return false;
}

/** Near the heading counts most; after it a little more than before it (a buy box may come first). */
function nearness(position: number, anchor: number): number {
  const distance = position - anchor;
  return 1 / (1 + Math.abs(distance) / (distance < 0 ? NEAR_ELEMENTS / 2 : NEAR_ELEMENTS));
}

function bestPrice(candidates: PriceCandidate[], anchor: number): StatedPrice | undefined {
  let best: { price: StatedPrice; score: number } | undefined;
  for (const candidate of candidates) {
    const score =
      nearness(candidate.position, anchor) * 4 +
      (candidate.named ? 2 : 0) +
      (candidate.price.currency ? 1 : 0) -
      (candidate.struck ? 5 : 0) -
      (candidate.notCurrent ? 2 : 0);
    if (!best || score > best.score) best = { price: candidate.price, score };
  }
  return best?.price;
}

/**
 * A working buy button says the product can be bought (stock lines also speak of stores, sizes and
 * colours); without one, the stock line nearest the heading that says something.
 */
function stockOf(
  texts: Array<{ text: string; position: number }>,
  anchor: number,
  document: Document,
): Availability | undefined {
  for (const control of document.querySelectorAll(
    "button, input[type=submit], input[type=button], a[class*=cart], a[id*=cart], a[class*=buy], a[class*=basket], a[role=button]",
  )) {
    if (control.hasAttribute("disabled") || /disabled/i.test(control.getAttribute("class") ?? "")) continue;
    const names = `${control.id} ${control.getAttribute("name") ?? ""} ${control.getAttribute("class") ?? ""}`;
    const label = squeeze(control.textContent || control.getAttribute("value") || "");
    if (BUY_NAME.test(names) || (label.length <= 40 && BUY_LABEL.test(label))) return "InStock";
  }
  const ordered = [...texts].sort((a, b) => nearness(b.position, anchor) - nearness(a.position, anchor));
  for (const { text } of ordered) {
    const said = availabilityOfText(text);
    if (said) return said;
  }
  return undefined;
}

/**
 * A short line soon after the heading that says the product cannot be bought ("Derzeit nicht verfügbar"
 * in a plain paragraph): read only where no stock line or buy button said anything, so that a price
 * is not taken to mean the product is in stock when the page says it is not.
 */
function unavailableLine(lines: Array<{ text: string; position: number }>): Availability | undefined {
  return lines.some(({ text }) => availabilityOfText(text) === "OutOfStock") ? "OutOfStock" : undefined;
}

function labelledIds(text: string, productName: string): string[] {
  const start = Math.max(0, text.indexOf(productName.slice(0, 40)));
  const found: Array<{ id: string; at: number }> = [];
  for (const match of text.matchAll(ID_LABEL)) {
    const id = (match[1] ?? "").replace(/[.]+$/, "");
    if (!/\d/.test(id) || id.length < 3) continue;
    found.push({ id, at: match.index ?? 0 });
  }
  // Nearest after the product's name first, then the ones before it.
  found.sort((a, b) => Number(a.at < start) - Number(b.at < start) || a.at - b.at);
  return [...new Set(found.map(({ id }) => id))];
}
