/**
 * bench/product-benchmark-score.ts gives the figures of the product benchmark's own scorer (`evaluate.py`):
 * on the published predictions of Zyte, Diffbot and extruct over the tuning half, on predictions of our
 * making (prices spelled otherwise, missing and wrong values), and on cases worked out by hand here; and it
 * reads prices as Python's `Decimal` does.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { findPython } from "../../bench/benchmark-python";
import {
  EVALUATE_PY_MODULES,
  evaluateProductsWithPython,
  loadProductBenchmark,
  productScorerPython,
} from "../../bench/product-benchmark";
import {
  ATTRIBUTES,
  decimalMatching,
  decimalsEqual,
  type GroundTruth,
  hardMatching,
  type Prediction,
  type Predictions,
  parseDecimal,
  scoreAll,
  scoreAttribute,
} from "../../bench/product-benchmark-score";
import { sharedTestdata } from "../helpers/shared-testdata";

const truthOf = (pages: Record<string, Omit<GroundTruth[string], "url">>): GroundTruth =>
  Object.fromEntries(
    Object.entries(pages).map(([id, truth]) => [id, { ...truth, url: `https://${id}.test/` }]),
  );

describe("the product benchmark's metric", () => {
  it("compares prices by decimal value and the other attributes as strings", () => {
    expect(decimalMatching(["119.01"], "119.010")).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(decimalMatching(["229.99 "], "22999e-2")).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(decimalMatching(["9.49", "12.49"], "12.49")).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(hardMatching(["002.937.72"], "002.937.72")).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(hardMatching(["B07FW264WL"], "b07fw264wl")).toEqual({ tp: 0, fp: 1, fn: 1 });
  });

  it("counts a missing value as a false negative, a wrong one as both, a value where none is true as a false positive", () => {
    expect(decimalMatching(["450"], null)).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(decimalMatching(["450"], "45")).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(decimalMatching([], "45")).toEqual({ tp: 0, fp: 1, fn: 0 });
    expect(hardMatching([], undefined)).toEqual({ tp: 0, fp: 0, fn: 0 });
  });

  it("sums the pages' counts, and calls an attribute with no error at all perfect", () => {
    const groundTruth = truthOf({
      a: { price: ["10"], InStock: ["InStock"] },
      b: { price: ["20"], InStock: ["InStock"] },
      c: { price: ["30"], InStock: ["InStock"] },
      d: { InStock: ["InStock"] },
    });
    const scores = scoreAll(groundTruth, {
      a: { price: "10.0", InStock: "InStock" },
      b: { price: "21", InStock: "InStock" },
      c: { InStock: "InStock" },
      d: { price: "5", InStock: "InStock" },
    });
    // price: tp 1, fp 2 (b, d), fn 2 (b, c).
    expect(scores.get("price")).toMatchObject({ precision: 1 / 3, recall: 1 / 3, f1: 1 / 3, support: 3 });
    expect(scores.get("InStock")).toMatchObject({ precision: 1, recall: 1, f1: 1, support: 4 });
    // No page has it and none predicts it: fp == fn == 0, so 1, not 0.
    expect(scores.get("OutOfStock")).toMatchObject({ precision: 1, recall: 1, f1: 1, support: 0 });
    // Nothing predicted where something is true: 0, and an F1 of 0 rather than NaN.
    expect(scoreAttribute(groundTruth, { a: {}, b: {}, c: {}, d: {} }, "price")).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
    });
  });

  it("throws where evaluate.py raises: a price Decimal() cannot read, a signaling NaN, other pages", () => {
    const groundTruth = truthOf({ a: { price: ["10"] } });
    expect(() => scoreAttribute(groundTruth, { a: { price: "10,00" } }, "price")).toThrow(/10,00/);
    expect(() => scoreAttribute(groundTruth, { a: { price: "sNaN" } }, "price")).toThrow(/sNaN/);
    expect(() => scoreAttribute(groundTruth, { b: {} }, "sku")).toThrow(/keys do not match/);
    // The same wrong spelling is only an error for the price.
    expect(scoreAttribute(groundTruth, { a: { sku: "10,00" } }, "sku").precision).toBe(0);
  });
});

/** Strings Python's Decimal reads or refuses, for the comparison below. */
const DECIMAL_TEXTS = [
  "12",
  "12.00",
  " 12 ",
  "\t12\n",
  "\u00a012\u00a0",
  "\u300012",
  "\u200b12",
  "\ufeff12",
  "\u008512",
  "1 2",
  "1_2",
  "_12",
  "12_",
  "1__2",
  "1_.5",
  "_ 12",
  " _12",
  "\u0661\u0662",
  "\u0661.\u0665",
  "\uff11\uff12",
  "\u{1d7cf}\u{1d7d0}",
  "\u00bd",
  "\u00b2",
  "1e",
  "e1",
  ".5",
  "5.",
  "0.50",
  ".",
  "+.5e+3",
  "500",
  "5E2",
  "-0",
  "0",
  "0e-5",
  "0.000",
  "NaN",
  "nan",
  "-NaN",
  "NaN12",
  "N_aN",
  "sNaN",
  "+sNaN",
  "Inf",
  "infinity",
  "-INFINITY",
  "-inf",
  "Infinite",
  "1,5",
  "$12",
  "12 €",
  "",
  "  ",
  "0x10",
  "1.5E-3",
  "0.0015",
  "+-1",
  "1e999999999999999999",
  "10e999999999999999999",
  "0.1e1000000000000000000",
  "0e999999999999999999",
  "0e1000000000000000000",
  "1e-1999999999999999997",
  "1e-1999999999999999998",
  "10e-1999999999999999998",
  "0e-1999999999999999998",
  "1e0000000000000000000000005",
  "100000",
  "\u0000",
];

const python = findPython();
if (!python) console.warn("Skipped: python3 is not on this machine, Decimal() cannot be compared.");

describe.skipIf(!python)("prices beside Python's Decimal", () => {
  it("reads, refuses and compares the same strings as Decimal() does", () => {
    const script = [
      "import json, sys",
      "from decimal import Decimal",
      "def read(text):",
      "    try:",
      "        value = Decimal(text)",
      "        hash(value)",
      "        return value",
      "    except Exception:",
      "        return None",
      "values = [read(text) for text in json.load(sys.stdin)]",
      "print(json.dumps({'read': [value is not None for value in values],",
      "    'equal': [[a is not None and b is not None and a == b for b in values] for a in values]}))",
    ].join("\n");
    const byPython = JSON.parse(
      execFileSync(python ?? "", ["-c", script], { input: JSON.stringify(DECIMAL_TEXTS), encoding: "utf8" }),
    ) as { read: boolean[]; equal: boolean[][] };
    const values = DECIMAL_TEXTS.map(parseDecimal);
    const described = (at: number) => JSON.stringify(DECIMAL_TEXTS[at]);
    values.forEach((value, at) => {
      expect(value !== undefined, `reads ${described(at)}`).toBe(byPython.read[at]);
    });
    values.forEach((a, at) => {
      values.forEach((b, other) => {
        if (a && b)
          expect(decimalsEqual(a, b), `${described(at)} == ${described(other)}`).toBe(
            byPython.equal[at]?.[other],
          );
      });
    });
  });
});

/**
 * Predictions made from the ground truth, right, missing and wrong in turns that differ per attribute (so
 * that each page mixes them): prices also spelled otherwise ("119.010", "11901e-2", with spaces) and "NaN"
 * (what the bench writes for a price it cannot read), a SKU with a space before it, another page's SKU,
 * availability flipped or as a schema.org address.
 */
function variedPredictions(groundTruth: GroundTruth): Predictions {
  const ids = Object.keys(groundTruth);
  return Object.fromEntries(
    ids.map((id, at) => {
      const truth = groundTruth[id] ?? { url: "" };
      const prediction: Prediction = {};
      const price = truth.price?.[0]?.trim();
      if (price === undefined) {
        if (at % 2 === 0) prediction.price = "12.50";
      } else {
        const [whole = "", fraction = ""] = price.split(".");
        const spellings = [
          price,
          price.includes(".") ? `${price}0` : `${price}.00`,
          null,
          undefined,
          String(Number(price) + 1),
          `${whole}${fraction}e-${fraction.length}`,
          ` ${price} `,
          "NaN",
        ];
        const spelling = spellings[at % spellings.length];
        if (spelling !== undefined) prediction.price = spelling;
      }
      const skus = truth.sku ?? [];
      const otherSku = groundTruth[ids[(at + 1) % ids.length] ?? ""]?.sku?.[0] ?? "none";
      const sku =
        skus.length === 0
          ? ["SKU-1", undefined][at % 2]
          : [skus.at(-1), ` ${skus[0]}`, null, otherSku, undefined][at % 5];
      if (sku !== undefined) prediction.sku = sku;
      const availability = truth.availability?.[0];
      const flipped = availability === "InStock" ? "OutOfStock" : "InStock";
      const said = [availability, flipped, availability, `https://schema.org/${availability}`][at % 4];
      if (said !== undefined) prediction.availability = said;
      if (at % 4 < 2 && (said === "InStock" || said === "OutOfStock")) prediction[said] = said;
      if (at % 4 === 3) prediction.InStock = null;
      return [id, prediction];
    }),
  );
}

/** Every attribute's first true value: right everywhere. */
const perfectPredictions = (groundTruth: GroundTruth): Predictions =>
  Object.fromEntries(
    Object.entries(groundTruth).map(([id, truth]) => [
      id,
      Object.fromEntries(
        ATTRIBUTES.flatMap(
          (attribute) => truth[attribute]?.slice(0, 1).map((value) => [attribute, value]) ?? [],
        ),
      ),
    ]),
  );

const silentPredictions = (groundTruth: GroundTruth): Predictions =>
  Object.fromEntries(Object.keys(groundTruth).map((id) => [id, {}]));

const dir = sharedTestdata("product-benchmark");
const scorerPython = productScorerPython();
if (dir && !scorerPython)
  console.warn(
    `Skipped: no python3 here imports ${EVALUATE_PY_MODULES.join(", ")}, which the product benchmark's evaluate.py needs (Debian: apt-get install python3-tabulate).`,
  );

describe.skipIf(!dir || !scorerPython)("the metric beside evaluate.py", () => {
  let loaded: ReturnType<typeof loadProductBenchmark> | undefined;
  const benchmark = () => {
    loaded ??= loadProductBenchmark(dir ?? "");
    return loaded;
  };

  /** Our figures and evaluate.py's, for every system and attribute, equal to the last bit. */
  function expectSameFigures(groundTruth: GroundTruth, predictions: Map<string, Predictions>): void {
    const byPython = evaluateProductsWithPython(dir ?? "", groundTruth, predictions);
    expect([...byPython.keys()].sort()).toEqual([...predictions.keys()].sort());
    for (const [name, predicted] of predictions) {
      const ours = scoreAll(groundTruth, predicted);
      for (const attribute of ATTRIBUTES) {
        const { f1, precision, recall, support } = ours.get(attribute) ?? {};
        expect({ f1, precision, recall, support }, `${name} ${attribute}`).toEqual(
          byPython.get(name)?.get(attribute),
        );
      }
    }
  }

  it("gives evaluate.py's figures for the published predictions and for ours, right, wrong and missing", () => {
    const { groundTruth, references } = benchmark();
    expect(Object.keys(groundTruth)).toHaveLength(70);
    expect([...references.keys()]).toEqual(["Diffbot", "Zyte", "extruct"]);
    const varied = variedPredictions(groundTruth);
    // The varied set is not trivially right or wrong on any attribute.
    for (const score of scoreAll(groundTruth, varied).values()) expect(score.f1).toBeGreaterThan(0);
    expectSameFigures(
      groundTruth,
      new Map([
        ...references,
        ["varied", varied],
        ["perfect", perfectPredictions(groundTruth)],
        ["silent", silentPredictions(groundTruth)],
      ]),
    );
  }, 60_000);

  it("gives its figures on pages where an attribute is never true, and fails where it fails", () => {
    const groundTruth = Object.fromEntries(
      Object.entries(benchmark().groundTruth)
        .filter(([, truth]) => !truth.OutOfStock)
        .slice(0, 12),
    );
    expect(Object.keys(groundTruth)).toHaveLength(12);
    const silent = silentPredictions(groundTruth);
    expect(scoreAttribute(groundTruth, silent, "OutOfStock")).toMatchObject({ f1: 1, support: 0 });
    expectSameFigures(
      groundTruth,
      new Map([
        ["varied", variedPredictions(groundTruth)],
        ["perfect", perfectPredictions(groundTruth)],
        ["silent", silent],
      ]),
    );
    const [first = ""] = Object.keys(groundTruth);
    const unreadable = { ...silent, [first]: { price: "19,99 €" } };
    expect(() => scoreAll(groundTruth, unreadable)).toThrow(/19,99/);
    expect(() =>
      evaluateProductsWithPython(dir ?? "", groundTruth, new Map([["unreadable", unreadable]])),
    ).toThrow(/InvalidOperation/);
  }, 60_000);
});
