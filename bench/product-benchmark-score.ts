/**
 * The metric of Zyte's product-extraction-benchmark (its `evaluate.py`), in TypeScript so that the bench
 * needs no Python. Per attribute and page, one predicted value against the set of true values: `price` by
 * decimal value (Python's `Decimal`: "119.01" is "119.010" and "11901e-2"), `sku`, `availability`,
 * `InStock` and `OutOfStock` by exact string. Each page gives a true positive, a false positive, a false
 * negative or nothing (a wrong value where there is a true one is both a false positive and a false
 * negative); precision and recall are of the sums over the pages, with evaluate.py's rules for empty sums,
 * and F1 of those two. Bootstrap deviations are left out: the bench prints the three figures and the
 * support only.
 *
 * Where evaluate.py raises (a price `Decimal()` does not read, a signaling NaN, predictions whose page ids
 * are not the ground truth's), these functions throw: the caller decides what such a value means.
 */

export const ATTRIBUTES = ["price", "sku", "availability", "InStock", "OutOfStock"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** One page of ground-truth.json: each attribute's true values (any of them is right), and more. */
export type PageTruth = Partial<Record<Attribute, string[]>> & { url: string };
export type GroundTruth = Record<string, PageTruth>;

/** One page of a prediction file: each attribute's one value; absent or `null` predicts nothing. */
export type Prediction = Partial<Record<Attribute, string | null>>;
export type Predictions = Record<string, Prediction>;

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Figures {
  f1: number;
  precision: number;
  recall: number;
}

export interface AttributeScore extends Figures {
  /** Pages with at least one true value. */
  support: number;
  /** Each page's counts, in the ground truth's order. */
  pages: { id: string; counts: Counts }[];
}

// ---------------------------------------------------------------------------------------------------
// Python's Decimal(str)

/**
 * What `str.isspace()` holds (Py_UNICODE_ISSPACE), which `Decimal()` strips from both ends. JavaScript's
 * `\s` differs: it has U+FEFF, and lacks U+001C–U+001F and U+0085.
 */
const PY_SPACE =
  "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const PY_SPACE_ENDS = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");
const UNICODE_DIGIT = /\p{Nd}/u;

/** libmpdec's bounds on 64-bit machines (MPD_MAX_EMAX, MPD_MIN_ETINY), within which `Decimal()` is exact. */
const EMAX = 999_999_999_999_999_999n;
const ETINY = -1_999_999_999_999_999_997n;

const FINITE = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:e([+-]?\d+))?$/i;
const INFINITY = /^([+-])?inf(?:inity)?$/i;
const NAN = /^[+-]?(s)?nan\d*$/i;

export type DecimalValue =
  | { kind: "nan" }
  | { kind: "infinity"; negative: boolean }
  /** coefficient × 10^exponent, the coefficient without leading or trailing zeros ("" for zero). */
  | { kind: "finite"; negative: boolean; coefficient: string; exponent: bigint };

/**
 * The value of a decimal digit of any script (Unicode `Nd`, which Python reads as a digit), or undefined.
 * `Nd` characters come in runs of whole 0–9 sequences, so a digit's value is its offset in its run, mod 10.
 */
function digitValue(codePoint: number): number | undefined {
  if (!UNICODE_DIGIT.test(String.fromCodePoint(codePoint))) return undefined;
  let start = codePoint;
  while (start > 0 && UNICODE_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}

/**
 * `text` as CPython's `Decimal()` hands it to libmpdec: white space stripped from both ends, every `_`
 * dropped, digits of other scripts as ASCII digits; undefined for any other character outside ASCII.
 */
function asciiOf(text: string): string | undefined {
  let ascii = "";
  for (const char of text.replace(PY_SPACE_ENDS, "")) {
    if (char === "_") continue;
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint > 0 && codePoint <= 127) {
      ascii += char;
      continue;
    }
    const digit = digitValue(codePoint);
    if (digit === undefined) return undefined;
    ascii += String(digit);
  }
  return ascii;
}

/**
 * The value Python's `Decimal(text)` makes, or undefined where evaluate.py would raise: text it does not
 * read (InvalidOperation), a value beyond its exponent range, or a signaling NaN (which a set cannot hash).
 */
export function parseDecimal(text: string): DecimalValue | undefined {
  const ascii = asciiOf(text);
  if (ascii === undefined) return undefined;
  const nan = NAN.exec(ascii);
  if (nan) return nan[1] ? undefined : { kind: "nan" };
  const infinity = INFINITY.exec(ascii);
  if (infinity) return { kind: "infinity", negative: infinity[1] === "-" };
  const finite = FINITE.exec(ascii);
  if (!finite) return undefined;
  const [, sign, whole = "", fraction = "", onlyFraction = "", exponentText = "0"] = finite;
  const digits = whole + fraction + onlyFraction;
  const exponent = BigInt(exponentText) - BigInt(fraction.length + onlyFraction.length);
  const significant = digits.replace(/^0+/, "");
  if (significant === "") return exponent < ETINY || exponent > EMAX ? undefined : zero(sign === "-");
  if (exponent < ETINY || exponent + BigInt(significant.length) - 1n > EMAX) return undefined;
  const coefficient = significant.replace(/0+$/, "");
  return {
    kind: "finite",
    negative: sign === "-",
    coefficient,
    exponent: exponent + BigInt(significant.length - coefficient.length),
  };
}

const zero = (negative: boolean): DecimalValue => ({
  kind: "finite",
  negative,
  coefficient: "",
  exponent: 0n,
});

/** Whether evaluate.py reads `text` as a price (`Decimal(text)` neither raises nor is a signaling NaN). */
export function isDecimal(text: string): boolean {
  return parseDecimal(text) !== undefined;
}

/** Python's `==` on two decimals: by value (-0 is 0, "1.50" is "1.5"), a NaN equal to nothing. */
export function decimalsEqual(a: DecimalValue, b: DecimalValue): boolean {
  if (a.kind === "nan" || b.kind === "nan") return false;
  if (a.kind === "infinity" || b.kind === "infinity")
    return a.kind === "infinity" && b.kind === "infinity" && a.negative === b.negative;
  if (a.coefficient === "" || b.coefficient === "") return a.coefficient === b.coefficient;
  return a.negative === b.negative && a.coefficient === b.coefficient && a.exponent === b.exponent;
}

function decimalOrThrow(text: string): DecimalValue {
  const value = parseDecimal(text);
  if (value === undefined) throw new Error(`evaluate.py cannot read ${JSON.stringify(text)} as a decimal`);
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Matching and figures

/** `hard_matching`: the prediction is right when it is one of the true values, as a string. */
export function hardMatching(truth: readonly string[], predicted: string | null | undefined): Counts {
  return matching(truth.length > 0, predicted, (value) => truth.includes(value));
}

/** `decimal_matching`: as `hardMatching`, comparing the values as decimals. */
export function decimalMatching(truth: readonly string[], predicted: string | null | undefined): Counts {
  const values = truth.map(decimalOrThrow);
  return matching(values.length > 0, predicted, (text) => {
    const value = decimalOrThrow(text);
    return values.some((known) => decimalsEqual(known, value));
  });
}

function matching(
  hasTruth: boolean,
  predicted: string | null | undefined,
  isTrue: (value: string) => boolean,
): Counts {
  if (predicted === null || predicted === undefined) return { tp: 0, fp: 0, fn: hasTruth ? 1 : 0 };
  if (isTrue(predicted)) return { tp: 1, fp: 0, fn: 0 };
  return { tp: 0, fp: 1, fn: hasTruth ? 1 : 0 };
}

const MATCHING: Record<Attribute, typeof hardMatching> = {
  price: decimalMatching,
  sku: hardMatching,
  availability: hardMatching,
  InStock: hardMatching,
  OutOfStock: hardMatching,
};

export function precisionScore({ tp, fp, fn }: Counts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

export function recallScore({ tp, fp, fn }: Counts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

/** `metrics_from_tp_fp_fns`: the figures of the summed counts. */
export function figuresOf(pages: readonly Counts[]): Figures {
  const sum = pages.reduce(
    (total, page) => ({
      tp: total.tp + page.tp,
      fp: total.fp + page.fp,
      fn: total.fn + page.fn,
    }),
    { tp: 0, fp: 0, fn: 0 },
  );
  const precision = precisionScore(sum);
  const recall = recallScore(sum);
  return {
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    precision,
    recall,
  };
}

/** `evaluate` for one attribute: every page of the ground truth, which must be exactly the predictions' pages. */
export function scoreAttribute(
  groundTruth: GroundTruth,
  predictions: Predictions,
  attribute: Attribute,
): AttributeScore {
  const ids = Object.keys(groundTruth);
  const predictedIds = new Set(Object.keys(predictions));
  if (ids.length !== predictedIds.size || ids.some((id) => !predictedIds.has(id)))
    throw new Error("prediction keys do not match ground truth");
  const pages = ids.map((id) => {
    const truth = [...new Set(groundTruth[id]?.[attribute] ?? [])];
    return { id, counts: MATCHING[attribute](truth, predictions[id]?.[attribute]) };
  });
  return {
    ...figuresOf(pages.map((page) => page.counts)),
    support: pages.filter((page) => (groundTruth[page.id]?.[attribute] ?? []).length > 0).length,
    pages,
  };
}

/** Every attribute's score, in evaluate.py's order. */
export function scoreAll(groundTruth: GroundTruth, predictions: Predictions): Map<Attribute, AttributeScore> {
  return new Map(
    ATTRIBUTES.map((attribute) => [attribute, scoreAttribute(groundTruth, predictions, attribute)]),
  );
}
