/**
 * bench/article-benchmark-score.ts gives the figures of the benchmark's own scorer (`evaluate.py`): on the
 * published predictions of five extractors over the tuning half, and on small texts whose figures are
 * worked out by hand here.
 */
import { describe, expect, it } from "vitest";
import { evaluateWithPython, hasPython, loadArticleBenchmark } from "../../bench/article-benchmark";
import { benchmarkFigures, shingleCounts } from "../../bench/article-benchmark-score";
import { sharedTestdata } from "../helpers/shared-testdata";

describe("the article benchmark's metric", () => {
  it("counts 4-token shingles, case kept, as shares of the page's shingles", () => {
    // Truth: "a b c d", "b c d e"; predicted: "a b c d", "b c d E". One of each kind out of three.
    const counts = shingleCounts("a b c d e", "a b, c d E");
    expect(counts.tp).toBeCloseTo(1 / 3, 12);
    expect(counts.fp).toBeCloseTo(1 / 3, 12);
    expect(counts.fn).toBeCloseTo(1 / 3, 12);
  });

  it("reads a text of fewer than four tokens as one shingle, and a combining mark as a break", () => {
    expect(shingleCounts("two words", "two words")).toEqual({ tp: 1, fp: 0, fn: 0 });
    // Python's \w holds no combining mark: "ne\u0301e" is the tokens "ne" and "e".
    expect(shingleCounts("ne\u0301e", "ne e")).toEqual({ tp: 1, fp: 0, fn: 0 });
  });

  it("averages precision over pages that predicted something, recall over pages with an article", () => {
    const figures = benchmarkFigures([
      shingleCounts("one two three four five", ""),
      shingleCounts("one two three four five", "one two three four five six"),
    ]);
    // The empty prediction weighs on recall only: precision is the second page's 2/3, not a mean with 0.
    expect(figures.precision).toBeCloseTo(2 / 3, 12);
    expect(figures.recall).toBeCloseTo(0.5, 12);
    expect(figures.f1).toBeCloseTo(4 / 7, 12);
  });
});

const dir = sharedTestdata("article-benchmark");
const python = hasPython();
if (dir && !python) console.warn("Skipped: python3 is not on this machine, evaluate.py cannot be run.");

describe.skipIf(!dir || !python)("the metric beside evaluate.py", () => {
  it("gives evaluate.py's F1, precision and recall for every published extractor", () => {
    const benchmark = loadArticleBenchmark(dir ?? "");
    expect(benchmark.references.size).toBeGreaterThanOrEqual(5);
    const byPython = evaluateWithPython(benchmark.dir, benchmark.references);
    for (const [name, predictions] of benchmark.references) {
      const ours = benchmarkFigures(
        benchmark.pages.map((page) =>
          shingleCounts(page.articleBody, predictions[page.id]?.articleBody ?? ""),
        ),
      );
      const theirs = byPython.get(name);
      for (const figure of ["f1", "precision", "recall"] as const)
        expect(ours[figure], `${name} ${figure}`).toBeCloseTo(theirs?.[figure] ?? Number.NaN, 6);
    }
  }, 60_000);
});
