/**
 * The tuning half of Zyte's product-extraction-benchmark (../shared/testdata/product-benchmark, see its
 * README.md): 70 product pages, what is true of each (price, SKU, availability…), the published predictions
 * of Zyte, Diffbot and the extruct baseline, and the benchmark's own scorer `evaluate.py`, run on predictions
 * to check that bench/product-benchmark-score.ts gives its figures.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { findPython, runBenchmarkScorer } from "./benchmark-python";
import {
  ATTRIBUTES,
  type Attribute,
  type GroundTruth,
  type PageTruth,
  type Predictions,
} from "./product-benchmark-score";

export interface ProductPage {
  id: string;
  /** Where the benchmark fetched the page from. */
  url: string;
  /** The page as the benchmark stored it (every one of the 70 is UTF-8). */
  html: string;
}

export interface ProductBenchmark {
  dir: string;
  /** Sorted by id. */
  pages: ProductPage[];
  /** The pages' ground truth, in the pages' order. */
  groundTruth: GroundTruth;
  /** The published predictions by system (file name without `.json`). */
  references: Map<string, Predictions>;
}

/** The Python modules the product benchmark's evaluate.py imports beyond the standard library. */
export const EVALUATE_PY_MODULES = ["tabulate"];

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

/** The pages (sorted by id), ground truth and published predictions of the benchmark folder `dir`. */
export function loadProductBenchmark(dir: string): ProductBenchmark {
  const truth = readJson(join(dir, "ground-truth.json")) as Record<string, PageTruth>;
  const ids = readdirSync(join(dir, "html"))
    .filter((file) => file.endsWith(".html.gz"))
    .map((file) => file.slice(0, -".html.gz".length))
    .sort();
  const pages = ids.map((id) => {
    const known = truth[id];
    if (!known) throw new Error(`${id} is not in ${dir}/ground-truth.json`);
    for (const attribute of ATTRIBUTES) {
      const values: unknown = known[attribute];
      if (
        values !== undefined &&
        !(Array.isArray(values) && values.every((value) => typeof value === "string"))
      )
        throw new Error(`${id}: ground-truth ${attribute} is not a list of strings`);
    }
    const html = gunzipSync(readFileSync(join(dir, "html", `${id}.html.gz`))).toString("utf8");
    return { id, url: known.url, html };
  });
  const referencesDir = join(dir, "reference-outputs");
  const references = new Map(
    readdirSync(referencesDir)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => [file.slice(0, -".json".length), readPredictions(join(referencesDir, file))]),
  );
  return {
    dir,
    pages,
    groundTruth: Object.fromEntries(ids.map((id) => [id, truth[id] as PageTruth])),
    references,
  };
}

/** A prediction file, checked to hold what the metric reads: a string or null for each attribute. */
function readPredictions(path: string): Predictions {
  const predictions = readJson(path) as Predictions;
  for (const [id, prediction] of Object.entries(predictions))
    for (const attribute of ATTRIBUTES) {
      const value: unknown = prediction[attribute];
      if (value !== undefined && value !== null && typeof value !== "string")
        throw new Error(`${path}: ${id}'s ${attribute} is not a string`);
    }
  return predictions;
}

/** The benchmark limited to its first `count` pages (by id), references included. */
export function firstPages(benchmark: ProductBenchmark, count: number): ProductBenchmark {
  const pages = benchmark.pages.slice(0, count);
  const keep = <T>(byId: Record<string, T>) =>
    Object.fromEntries(pages.flatMap((page) => (page.id in byId ? [[page.id, byId[page.id] as T]] : [])));
  return {
    dir: benchmark.dir,
    pages,
    groundTruth: keep(benchmark.groundTruth),
    references: new Map([...benchmark.references].map(([name, predicted]) => [name, keep(predicted)])),
  };
}

export interface PythonFigures {
  f1: number;
  precision: number;
  recall: number;
  support: number;
}

/** A python3 that runs the product benchmark's evaluate.py here, or undefined. */
export const productScorerPython = () => findPython(EVALUATE_PY_MODULES);

/**
 * The figures `evaluate.py` (in `dir`) gives each set of predictions (by system name, a file name) over
 * `groundTruth`, per attribute. Throws where evaluate.py fails (a price it cannot read, a page missing).
 */
export function evaluateProductsWithPython(
  dir: string,
  groundTruth: GroundTruth,
  predictions: Map<string, Predictions>,
): Map<string, Map<Attribute, PythonFigures>> {
  const python = productScorerPython();
  if (!python) throw new Error(`evaluate.py needs a python3 that imports ${EVALUATE_PY_MODULES.join(", ")}`);
  const files: Record<string, string> = { "dataset/ground-truth.json": JSON.stringify(groundTruth) };
  for (const [name, predicted] of predictions)
    files[`dataset/output/${name}.json`] = JSON.stringify(predicted);
  const results = runBenchmarkScorer({ python, script: join(dir, "evaluate.py"), files }) as Record<
    string,
    Record<Attribute, PythonFigures>
  >;
  return new Map(
    Object.entries(results).map(([name, byAttribute]) => [
      name,
      new Map(
        ATTRIBUTES.map((attribute) => {
          const { f1, precision, recall, support } = byAttribute[attribute];
          return [attribute, { f1, precision, recall, support }];
        }),
      ),
    ]),
  );
}
