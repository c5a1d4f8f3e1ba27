/**
 * `npm run bench:sidepanel`: seeds 10,000 analyses into the built extension's cache (through the worker's
 * test seam, as records from the service would be cached), then measures in Chromium:
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

const RECORDS = 10_000;
const BATCH = 1_000;
const OPENS = 6;

function seedRecords(): AnalysisRecord[] {
  return syntheticAnalyses("bench", RECORDS).map(
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

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

async function openPanel(
  context: BrowserContext,
  id: string,
): Promise<{ page: Page; readyMs: number; completeMs: number }> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${id}/sidepanel.html`);
  await page.waitForSelector("html[data-ready]", { timeout: 60_000 });
  await page.waitForSelector(".library-row");
  await page.waitForSelector("html[data-complete]", { timeout: 60_000 });
  const [readyMs, completeMs] = await page.evaluate(() => [
    Number(document.documentElement.dataset.ready),
    Number(document.documentElement.dataset.complete),
  ]);
  return { page, readyMs: readyMs as number, completeMs: completeMs as number };
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
    const records = seedRecords();
    const seedStart = performance.now();
    await seed(worker, records);
    console.log(
      `seeded ${RECORDS.toLocaleString("en")} analyses in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const renders: number[] = [];
    const completes: number[] = [];
    let last: Page | undefined;
    for (let open = 0; open < OPENS; open++) {
      await last?.close();
      const { page, readyMs, completeMs } = await openPanel(context, id);
      // The first open also compiles the code.
      if (open > 0) {
        renders.push(readyMs);
        completes.push(completeMs);
      }
      last = page;
    }
    const page = last as Page;
    const rows = await page.locator(".library-row").count();
    console.log(
      `first render with ${RECORDS.toLocaleString("en")} analyses: median ${median(renders).toFixed(0)} ms over ${renders.length} opens (min ${Math.min(...renders)}, max ${Math.max(...renders)}); ${rows} rows in the DOM`,
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
  } finally {
    await close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
