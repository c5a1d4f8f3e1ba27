/**
 * `npx tsx bench/compare-table.ts`: a comparison of 500 pages (six schema columns) rendered and sorted by
 * a number column in Chromium, by the side panel's ComparisonTable (React) and, in the same run, by a plain
 * HTML table of the same cells built with the DOM: each step timed to the layout after it, median of 9.
 * Aim: ComparisonTable renders and sorts 500 rows each within 3x the plain table's time in the same run
 * (the plain table is the floor: no table does less than build and move the same cells; a ratio, since a
 * shared machine moves every millisecond figure).
 */
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { CHROMIUM_PATH } from "../tests/e2e/fixtures";
import type {} from "./compare-table/page";

const ROWS = 500;
const RUNS = 9;
const AIM_RATIO = 3;

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, "compare-table/page.tsx")],
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    minify: true,
    plugins: [
      {
        name: "i18n-stub",
        setup(builder) {
          builder.onResolve({ filter: /^#i18n$/ }, () => ({
            path: join(import.meta.dirname, "compare-table/i18n-stub.ts"),
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]?.text ?? "";
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function main() {
  const script = await bundle();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    await page.setContent('<!doctype html><html><body><div id="host"></div></body></html>');
    await page.addScriptTag({ content: script });
    const runs: ReturnType<Window["runBench"]>[] = [];
    for (let run = 0; run < RUNS; run++)
      runs.push(await page.evaluate((count) => window.runBench(count), ROWS));
    const figure = (pick: (run: (typeof runs)[number]) => number) => median(runs.map(pick)).toFixed(1);
    console.log(`${ROWS} rows, median of ${RUNS} runs (ms)        render    sort`);
    console.log(
      `  ComparisonTable (React)             ${figure((r) => r.react.renderMs).padStart(7)} ${figure((r) => r.react.sortMs).padStart(7)}`,
    );
    console.log(
      `  plain HTML table (DOM)              ${figure((r) => r.plain.renderMs).padStart(7)} ${figure((r) => r.plain.sortMs).padStart(7)}`,
    );
    const ratio = (step: "renderMs" | "sortMs") =>
      median(runs.map((r) => r.react[step])) / median(runs.map((r) => r.plain[step]));
    const worst = Math.max(ratio("renderMs"), ratio("sortMs"));
    console.log(
      `Ratio to the plain table: render ${ratio("renderMs").toFixed(2)}x, sort ${ratio("sortMs").toFixed(2)}x; aim under ${AIM_RATIO}x: ${worst < AIM_RATIO ? "met" : "not met"}`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
