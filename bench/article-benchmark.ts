/**
 * The tuning half of Zyte's article-extraction-benchmark (../shared/testdata/article-benchmark, see
 * SOURCE.txt there): its pages, the article a person marked on each, the published predictions of other
 * extractors, and the benchmark's own scorer `evaluate.py`, run on predictions of ours to check that
 * bench/article-benchmark-score.ts gives its figures.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type BenchmarkPage, readBenchmarkPage } from "../tests/fixtures/article-benchmark";
import type { BenchmarkFigures } from "./article-benchmark-score";
import { findPython, runBenchmarkScorer } from "./benchmark-python";

/** Page id → the article an extractor predicted (the benchmark's file format). */
export type Predictions = Record<string, { articleBody: string }>;

export interface ArticleBenchmark {
  dir: string;
  pages: BenchmarkPage[];
  /** The published predictions by extractor (file name without `.json`). */
  references: Map<string, Predictions>;
}

/** The pages (sorted by id) and the published predictions of the benchmark folder `dir`. */
export function loadArticleBenchmark(dir: string): ArticleBenchmark {
  const ids = readdirSync(join(dir, "html"))
    .filter((file) => file.endsWith(".html.gz"))
    .map((file) => file.slice(0, -".html.gz".length))
    .sort();
  const referencesDir = join(dir, "reference-outputs");
  const references = new Map(
    readdirSync(referencesDir)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => [
        file.slice(0, -".json".length),
        JSON.parse(readFileSync(join(referencesDir, file), "utf8")) as Predictions,
      ]),
  );
  return { dir, pages: ids.map((id) => readBenchmarkPage(dir, id)), references };
}

/** Whether a `python3` runs here (CI's Debian has one; a plain machine may not). */
export function hasPython(): boolean {
  return findPython() !== undefined;
}

/**
 * The figures `evaluate.py` gives each set of predictions, run as the benchmark expects (its ground truth
 * and an `output/` folder of `<name>.json` in the working directory).
 */
export function evaluateWithPython(
  dir: string,
  predictions: Map<string, Predictions>,
): Map<string, BenchmarkFigures> {
  const python = findPython();
  if (!python) throw new Error("evaluate.py needs python3, and none runs here");
  const files: Record<string, string | Uint8Array> = {
    "ground-truth.json": readFileSync(join(dir, "ground-truth.json")),
  };
  for (const [name, predicted] of predictions) files[`output/${name}.json`] = JSON.stringify(predicted);
  const results = runBenchmarkScorer({ python, script: join(dir, "evaluate.py"), files }) as Record<
    string,
    BenchmarkFigures
  >;
  return new Map(
    Object.entries(results).map(([name, { f1, precision, recall }]) => [name, { f1, precision, recall }]),
  );
}
