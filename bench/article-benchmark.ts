/**
 * The tuning half of Zyte's article-extraction-benchmark (../shared/testdata/article-benchmark, see
 * SOURCE.txt there): its pages, the article a person marked on each, the published predictions of other
 * extractors, and the benchmark's own scorer `evaluate.py`, run on predictions of ours to check that
 * bench/article-benchmark-score.ts gives its figures.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BenchmarkPage, readBenchmarkPage } from "../tests/fixtures/article-benchmark";
import type { BenchmarkFigures } from "./article-benchmark-score";

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

/** Whether `python3` runs here (CI's Debian has it; a plain machine may not). */
export function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * The figures `evaluate.py` gives each set of predictions, run as the benchmark expects (its ground truth
 * and an `output/` folder of `<name>.json` in the working directory), in a temporary folder.
 */
export function evaluateWithPython(
  dir: string,
  predictions: Map<string, Predictions>,
): Map<string, BenchmarkFigures> {
  const work = mkdtempSync(join(tmpdir(), "article-benchmark-"));
  try {
    mkdirSync(join(work, "output"));
    writeFileSync(join(work, "ground-truth.json"), readFileSync(join(dir, "ground-truth.json")));
    for (const [name, predicted] of predictions)
      writeFileSync(join(work, "output", `${name}.json`), JSON.stringify(predicted));
    // Two bootstrap rounds: the deviations are not compared, and the script needs two to compute them.
    execFileSync(
      "python3",
      [join(dir, "evaluate.py"), "--n-bootstrap", "2", "--output", join(work, "results.json")],
      { cwd: work, stdio: "ignore" },
    );
    const results = JSON.parse(readFileSync(join(work, "results.json"), "utf8")) as Record<
      string,
      BenchmarkFigures
    >;
    return new Map(
      Object.entries(results).map(([name, { f1, precision, recall }]) => [name, { f1, precision, recall }]),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
