/**
 * The article-benchmark section of `npm run bench:extraction`: our extraction beside jsdom + Readability
 * (this run) and the published predictions of other extractors, scored with the benchmark's metric; the
 * same figures from `evaluate.py` itself where python3 runs, as a check of the TypeScript metric; and the
 * pages ours loses most on, with what we kept that the person did not mark.
 */
import { type ArticleBenchmark, evaluateWithPython, hasPython, type Predictions } from "./article-benchmark";
import {
  type BenchmarkFigures,
  benchmarkFigures,
  pagePrecision,
  pageRecall,
  type ShingleCounts,
  shingleCounts,
  unmatchedStretches,
} from "./article-benchmark-score";
import { printTable } from "./print-table";

/** How many of the pages ours scores lowest on are listed (all below 0.95 with `BENCH_VERBOSE=1`). */
const WORST_PAGES = 8;
const EXCERPT = 200;

const OURS = "ours";

const figureCells = ({ f1, precision, recall }: BenchmarkFigures) => [
  f1.toFixed(3),
  precision.toFixed(3),
  recall.toFixed(3),
];

const pageF1 = (counts: ShingleCounts) => {
  const precision = pagePrecision(counts);
  const recall = pageRecall(counts);
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
};

const excerpt = (stretches: string[]) => {
  const text = stretches.join(" … ");
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text || "(nothing)";
};

export function printArticleBenchmark(
  benchmark: ArticleBenchmark,
  oursTexts: string[],
  readabilityTexts: string[],
  verbose: boolean,
): void {
  const { pages } = benchmark;
  const predictionsOf = (texts: string[]): Predictions =>
    Object.fromEntries(pages.map((page, at) => [page.id, { articleBody: texts[at] ?? "" }]));
  const predictions = new Map<string, Predictions>([
    [OURS, predictionsOf(oursTexts)],
    ["jsdom + Readability (this run)", predictionsOf(readabilityTexts)],
    ...benchmark.references,
  ]);
  const counts = new Map(
    [...predictions].map(([name, predicted]) => [
      name,
      pages.map((page) => shingleCounts(page.articleBody, predicted[page.id]?.articleBody ?? "")),
    ]),
  );

  console.log(`\nArticle benchmark, tuning half: ${pages.length} pages, the benchmark's metric\n`);
  printTable([
    ["", "F1", "precision", "recall"],
    ...[...counts].map(([name, perPage]) => [name, ...figureCells(benchmarkFigures(perPage))]),
  ]);
  checkWithPython(benchmark, predictions.get(OURS) ?? {}, benchmarkFigures(counts.get(OURS) ?? []));

  const ours = (counts.get(OURS) ?? []).map((count, at) => ({ page: pages[at], count, f1: pageF1(count) }));
  const worst = ours
    .sort((a, b) => a.f1 - b.f1)
    .filter((entry, rank) => (verbose ? entry.f1 < 0.95 : rank < WORST_PAGES));
  console.log(`\nPages ours loses most on (page F1, P, R; what we kept that the person did not mark)\n`);
  for (const { page, count, f1 } of worst) {
    if (!page) continue;
    const text = oursTexts[pages.indexOf(page)] ?? "";
    console.log(
      `  ${page.id.slice(0, 12)} ${new URL(page.url).host}  F1 ${f1.toFixed(3)} P ${pagePrecision(count).toFixed(3)} R ${pageRecall(count).toFixed(3)}`,
    );
    console.log(`    kept: ${excerpt(unmatchedStretches(text, page.articleBody))}`);
    if (verbose) console.log(`    missed: ${excerpt(unmatchedStretches(page.articleBody, text))}`);
  }
}

/** Prints whether `evaluate.py` gives ours the same figures to the third decimal. */
function checkWithPython(benchmark: ArticleBenchmark, ours: Predictions, figures: BenchmarkFigures): void {
  if (!hasPython()) {
    console.log("\nevaluate.py not run: python3 is not on this machine.");
    return;
  }
  const byPython = evaluateWithPython(benchmark.dir, new Map([[OURS, ours]])).get(OURS);
  const same =
    byPython &&
    (["f1", "precision", "recall"] as const).every(
      (figure) => byPython[figure].toFixed(3) === figures[figure].toFixed(3),
    );
  const theirs = byPython ? figureCells(byPython).join(" / ") : "no figures";
  console.log(
    `\nevaluate.py on ours: F1 / P / R ${theirs}: ${same ? "the same to the third decimal" : "DIFFERENT from the metric above"}`,
  );
}
