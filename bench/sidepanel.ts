/**
 * `npm run bench:sidepanel`: seeds 10,000 analyses into the built extension's cache (through the worker's
 * test seam, as records from the service would be cached), measures, then seeds 90,000 more and measures
 * again at 100,000 (`BENCH_SIZES=10000` runs one size), in Chromium:
 * - the side panel's first render: from navigation start to the library's first render with data
 *   (`data-ready` on <html>), median of several opens; and when the whole library is loaded (`data-complete`);
 * - search latency: a query typed keystroke by keystroke (then erased), each from the keystroke's event
 *   to the commit of its results (`data-search-ms`), median and p95;
 * - the page's JavaScript heap after a garbage collection.
 * Aims: first render under 300 ms, search under 50 ms per keystroke.
 */
import type { BrowserContext, Page, Worker } from "@playwright/test";
import type {} from "../entrypoints/background/test-seam";
import type { AnalysisRecord } from "../lib/api/contract";
import { launchExtensionBrowser } from "./extension-browser";
import { syntheticAnalyses } from "./synthetic-analyses";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const BATCH = 1_000;
const OPENS = 6;

function seedRecords(count: number): AnalysisRecord[] {
  return syntheticAnalyses("bench", count).map(
    ({ tenantId: _tenant, responseSchema: _schema, ...record }, index) => ({
      ...record,
      // Some with JSON content and images, as real analyses have.
      ...(index % 3 === 0 && {
        jsonContent: { topic: record.metadata?.topic ?? 0, summary: record.textContent },
      }),
      analysis: {
        ...record.analysis,
        extras: { imageLinks: index % 5 === 0 ? [`https://site${index % 12}.example/img/${index}.png`] : [] },
      },
    }),
  );
}

async function seed(worker: Worker, records: AnalysisRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    await worker.evaluate((rows) => globalThis.linklensTest?.cacheRecords(rows), batch);
  }
}

/**
 * One analysis written again (as an edit or a refresh writes one), a few times, median: each write also
 * rewrites its block of the search index.
 */
async function singleWriteMs(worker: Worker, records: AnalysisRecord[], count: number): Promise<number> {
  const times: number[] = [];
  for (let attempt = 1; attempt <= 5; attempt++) {
    const base = records[count - attempt * 7] as AnalysisRecord;
    const again = {
      ...base,
      updatedAt: new Date(Date.parse(base.updatedAt) + attempt * 1000).toISOString(),
      textContent: `${base.textContent ?? ""} written again ${attempt}`,
    };
    times.push(
      await worker.evaluate(async (row) => {
        const start = performance.now();
        await globalThis.linklensTest?.cacheRecords([row]);
        return performance.now() - start;
      }, again),
    );
  }
  return median(times);
}

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

async function openPanel(
  context: BrowserContext,
  id: string,
): Promise<{ page: Page; readyMs: number; completeMs?: number; failure?: string }> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${id}/sidepanel.html`);
  await page.waitForSelector("html[data-ready]", { timeout: 300_000 });
  await page.waitForSelector(".library-row");
  const readyMs = await page.evaluate(() => Number(document.documentElement.dataset.ready));
  try {
    await page.waitForSelector("html[data-complete]", { timeout: 300_000 });
  } catch (error) {
    // The panel ran out of memory (a crashed tab) or never finished loading: say so, measure no search.
    return { page, readyMs, failure: String((error as Error).message).split("\n")[0] };
  }
  const completeMs = await page.evaluate(() => Number(document.documentElement.dataset.complete));
  return { page, readyMs, completeMs };
}

/** Types `query` one key at a time, then erases it; answers each keystroke's latency in ms. */
async function typeAndMeasure(page: Page, query: string): Promise<{ typing: number[]; erasing: number[] }> {
  const search = page.locator("#library-search");
  await search.focus();
  const measure = async (expected: string) => {
    await page.waitForFunction((q) => document.documentElement.dataset.searchQuery === q, expected, {
      timeout: 10_000,
    });
    return page.evaluate(() => Number(document.documentElement.dataset.searchMs));
  };
  const typing: number[] = [];
  for (let length = 1; length <= query.length; length++) {
    await page.keyboard.type(query[length - 1] as string);
    typing.push(await measure(query.slice(0, length)));
  }
  const erasing: number[] = [];
  for (let length = query.length - 1; length >= 0; length--) {
    await page.keyboard.press("Backspace");
    erasing.push(await measure(query.slice(0, length)));
  }
  return { typing, erasing };
}

async function heapMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send("HeapProfiler.collectGarbage");
  const { usedSize } = (await session.send("Runtime.getHeapUsage")) as { usedSize: number };
  await session.detach();
  return usedSize / 1024 / 1024;
}

/** Two words of one record's text, so the query matches a few records, not none and not all. */
function queryFrom(records: AnalysisRecord[]): string {
  const words = (records[1234]?.analysis.text ?? "").split(" ").filter((word) => word.length >= 6);
  return `${words[3]} ${words[11]}`;
}

/** Opens the panel a few times (the first open also compiles the code), then searches in the last one. */
async function measure(context: BrowserContext, id: string, records: AnalysisRecord[], count: number) {
  const renders: number[] = [];
  const completes: number[] = [];
  let last: Page | undefined;
  for (let open = 0; open < OPENS; open++) {
    await last?.close();
    const { page, readyMs, completeMs, failure } = await openPanel(context, id);
    if (failure !== undefined) {
      console.log(
        `first render with ${count.toLocaleString("en")} analyses: ${readyMs} ms (open ${open + 1})`,
      );
      console.log(`whole library never loaded: ${failure}`);
      await page.close().catch(() => {});
      return { render: readyMs, failure };
    }
    // The first open also compiles the code.
    if (open > 0) {
      renders.push(readyMs);
      completes.push(completeMs as number);
    }
    last = page;
  }
  const page = last as Page;
  const rows = await page.locator(".library-row").count();
  const size = count.toLocaleString("en");
  console.log(
    `first render with ${size} analyses: median ${median(renders).toFixed(0)} ms over ${renders.length} opens (min ${Math.min(...renders)}, max ${Math.max(...renders)}); ${rows} rows in the DOM`,
  );
  console.log(`whole library loaded (search over all of it): median ${median(completes).toFixed(0)} ms`);
  const query = queryFrom(records);
  const { typing, erasing } = await typeAndMeasure(page, query);
  const all = [...typing, ...erasing];
  console.log(`search "${query}" (${query.length} keystrokes typed, then erased):`);
  console.log(
    `  typing:  median ${median(typing).toFixed(1)} ms, p95 ${percentile(typing, 95).toFixed(1)} ms`,
  );
  console.log(
    `  erasing: median ${median(erasing).toFixed(1)} ms, p95 ${percentile(erasing, 95).toFixed(1)} ms`,
  );
  console.log(
    `  all:     median ${median(all).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms`,
  );
  console.log(`JS heap of the side panel after GC: ${(await heapMb(page)).toFixed(1)} MB`);
  await page.close();
  return { render: median(renders), searchP50: median(all), searchP95: percentile(all, 95) };
}

async function main() {
  const {
    context,
    worker,
    extensionId: id,
    close,
  } = await launchExtensionBrowser({
    viewport: { width: 420, height: 900 },
  });
  try {
    const sizes = [...SIZES].sort((a, b) => a - b);
    // The records of a smaller size are the first ones of a larger size: each size seeds only the rest.
    const records = seedRecords(sizes.at(-1) as number);
    const summary: string[] = [];
    let seeded = 0;
    for (const count of sizes) {
      const seedStart = performance.now();
      await seed(worker, records.slice(seeded, count));
      seeded = count;
      console.log(
        `\nseeded ${count.toLocaleString("en")} analyses (${((performance.now() - seedStart) / 1000).toFixed(1)} s for this step)`,
      );
      console.log(
        `one analysis written again: median ${(await singleWriteMs(worker, records, count)).toFixed(0)} ms`,
      );
      const result = await measure(context, id, records, count);
      const search =
        "failure" in result
          ? `no search: ${result.failure}`
          : `search p50 ${result.searchP50.toFixed(1)} ms, p95 ${result.searchP95.toFixed(1)} ms (aim ≤ 50)`;
      summary.push(
        `${count.toLocaleString("en").padStart(7)} analyses: first render ${result.render.toFixed(0)} ms (aim ≤ 300), ${search}`,
      );
    }
    console.log(`\n${summary.join("\n")}`);
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
