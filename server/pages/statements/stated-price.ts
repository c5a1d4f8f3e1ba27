/**
 * A price as a page writes it, read as a number: the locale's separators (`1.234,56 €` → 1234.56,
 * `CHF 19.50` → 19.5, `2,900원` → 2900, `1 299,00 zł` → 1299) and its currency, when one is written.
 */

export interface StatedPrice {
  amount: number;
  /** ISO 4217 code when the text or the markup names one ("EUR"), else the symbol as written ("€"). */
  currency?: string;
}

const SYMBOLS: Record<string, string> = {
  "€": "EUR",
  $: "USD",
  "£": "GBP",
  "¥": "JPY",
  "₩": "KRW",
  원: "KRW",
  "₹": "INR",
  "₽": "RUB",
  руб: "RUB",
  "₺": "TRY",
  "₪": "ILS",
  "₴": "UAH",
  zł: "PLN",
  kč: "CZK",
  kr: "SEK",
  r$: "BRL",
  us$: "USD",
  a$: "AUD",
  c$: "CAD",
  nt$: "TWD",
  元: "CNY",
  円: "JPY",
  lei: "RON",
  ft: "HUF",
  "₫": "VND",
  "฿": "THB",
  "₱": "PHP",
  rs: "INR",
};

/** A number as prices write it: digits with thousands separators and at most one decimal part. */
const AMOUNT = /\d{1,3}(?:[ \u00a0\u202f.,'’]\d{3})+(?:[.,]\d{1,2})?(?![\d])|\d+(?:[.,]\d{1,2})?(?![\d])|\d+/;
const ISO_CODE =
  /\b(?:EUR|USD|GBP|CHF|JPY|CNY|KRW|INR|RUB|PLN|CZK|SEK|NOK|DKK|HUF|RON|BGN|HRK|TRY|ILS|UAH|BRL|ARS|CLP|COP|MXN|PEN|AUD|CAD|NZD|TWD|HKD|SGD|ZAR|PKR|BYN|SAR|AED|THB|VND|PHP|IDR|MYR|RUR)\b/;
const SYMBOL = /r\$|us\$|a\$|c\$|nt\$|[€$£¥₩₹₽₺₪₴₫฿₱元円원]|\b(?:zł|kč|kr|lei|ft|руб|rs)(?![\p{L}])/iu;

/**
 * The first price in `text`, or undefined when it holds none. Plain numbers count ("119.01"), so
 * this is for text that is a price (a price element, a markup value), not for running prose. A `markup`
 * value (schema.org `price`, `og:price:amount`) follows schema.org: a lone dot is the decimal point.
 */
export function parsePrice(text: string, { markup = false } = {}): StatedPrice | undefined {
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const amount = amountOf(match[0], markup);
  if (amount === undefined) return undefined;
  const currency = currencyIn(text);
  return currency ? { amount, currency } : { amount };
}

/** The ISO code or symbol a text names, as an ISO code where one is known. */
export function currencyIn(text: string): string | undefined {
  const code = ISO_CODE.exec(text)?.[0];
  if (code) return code === "RUR" ? "RUB" : code;
  const symbol = SYMBOL.exec(text)?.[0];
  return symbol ? (SYMBOLS[symbol.toLowerCase()] ?? symbol) : undefined;
}

/** Whether a text states a currency (a code or a symbol): what tells a price from another number. */
export function namesCurrency(text: string): boolean {
  return currencyIn(text) !== undefined;
}

function amountOf(written: string, markup: boolean): number | undefined {
  const digits = written.replace(/[ \u00a0\u202f'’]/g, "");
  const lastDot = digits.lastIndexOf(".");
  const lastComma = digits.lastIndexOf(",");
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the later one is the decimal separator.
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    normalized = digits.split(thousands).join("").replace(decimal, ".");
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? "." : ",";
    const parts = digits.split(separator);
    const tail = parts.at(-1) ?? "";
    // One separator before exactly three digits groups thousands ("2,900", "23.450"); before one or two
    // it marks the decimals ("19,50").
    const decimals = parts.length === 2 && (tail.length !== 3 || (markup && separator === "."));
    normalized = decimals ? parts.join(".") : parts.join("");
  } else normalized = digits;
  const amount = Number(normalized);
  return Number.isFinite(amount) ? amount : undefined;
}

/** An amount as JSON-friendly decimal text: "450", "19.5", "1234.56". */
export function formatAmount(amount: number): string {
  return String(Math.round(amount * 100) / 100);
}
