/**
 * The side panel's library in real Chromium with the built extension: a few hundred analyses cached
 * through the worker (its test seam writes them with cacheRecords), then search and each filter.
 */
import type { AnalysisRecord } from "../../lib/api/contract";
import { seedRecords } from "./extension-data";
import { expect, test } from "./fixtures";
import { libraryCount, openFilters } from "./sidepanel-page";

const COUNT = 300;
const SITES = ["bees.example", "coffee.example", "sea.example"];
const TOPICS = ["beekeeping", "roasting", "lighthouses"];

/** Local noon of 2026-03-(1 + day), as ISO: the date filter works in local days. */
const dayIso = (day: number, minute: number) => new Date(2026, 2, 1 + day, 12, minute).toISOString();

/**
 * Record i: topic i % 3, site of its page % 3, day i % 10, JSON content when i % 4 == 0, metadata project = "p{i % 5}"
 * and reviewed = (i % 2 == 0); every 50th analyzes the same page as the one before it; record 123 alone
 * mentions "heliotrope" (in its page text), record 200 alone "zeppelin" (3,500 characters into its page text).
 */
function records(): AnalysisRecord[] {
  return Array.from({ length: COUNT }, (_, i) => {
    const page = i % 50 === 49 ? i - 1 : i;
    const site = SITES[page % 3] as string;
    return {
      analysisId: `ana_e2e_${String(i).padStart(4, "0")}`,
      createdAt: dayIso(i % 10, Math.floor(i / 10)),
      updatedAt: dayIso(i % 10, Math.floor(i / 10)),
      analysis: {
        title: `Notes on ${TOPICS[i % 3]} number ${i}`,
        url: `https://${site}/articles/${page}`,
        id: `pg_${page}`,
        text: `A page about ${TOPICS[i % 3]}.${i === 123 ? " The heliotrope blooms late." : ""}${i === 200 ? ` ${"filler ".repeat(500)}zeppelin` : ""}`,
        favicon: `https://${site}/favicon.ico`,
      },
      textContent: `Summary ${i} of ${TOPICS[i % 3]}.`,
      ...(i % 4 === 0 && { jsonContent: { topic: TOPICS[i % 3] } }),
      metadata: { project: `p${i % 5}`, reviewed: i % 2 === 0 },
    };
  });
}

/** The count line the panel should show for the seeded analyses that satisfy `predicate`. */
function matching(all: AnalysisRecord[], predicate: (record: AnalysisRecord) => boolean): string {
  const n = all.filter(predicate).length;
  return n === 1 ? "1 analysis matches" : `${n} analyses match`;
}

/** Every word somewhere in title, URL, page text, textContent or a metadata value (case-insensitive). */
const hasWords = (query: string) => (record: AnalysisRecord) => {
  const text = [
    record.analysis.title,
    record.analysis.url,
    record.analysis.text,
    record.textContent,
    ...Object.values(record.metadata ?? {}).map(String),
  ]
    .join("\n")
    .toLowerCase();
  return query
    .toLowerCase()
    .split(" ")
    .every((word) => text.includes(word));
};

test("library: empty state, then search and each filter over a few hundred analyses", async ({
  serviceWorker,
  openExtensionPage,
}) => {
  const all = records();
  const newestFirst = [...all].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const page = await openExtensionPage("sidepanel.html");
  await expect(page.getByText(/No analyses yet/)).toBeVisible();

  await seedRecords(serviceWorker, all);
  // The panel follows the cache live: no reload needed.
  await expect(libraryCount(page)).toHaveText("300 analyses");
  await expect(page.locator(".library-row").first()).toContainText(newestFirst[0]?.analysis.title as string);
  await expect(page.locator(".library-row").first()).toContainText("number 299");

  const search = page.getByRole("searchbox", { name: "Search" });
  // Page text, case-insensitive.
  await search.fill("HELIOTROPE");
  await expect(libraryCount(page)).toHaveText("1 analysis matches");
  await expect(page.locator(".library-row")).toHaveText([/number 123/]);
  // The whole page text, not only its start.
  await search.fill("zeppelin");
  await expect(page.locator(".library-row")).toHaveText([/number 200/]);
  // Title (every word needed), URL, textContent, metadata value.
  for (const query of ["lighthouses number 11", "coffee.example/articles/1", "summary 42 of", "p3"]) {
    await search.fill(query);
    await expect(libraryCount(page), query).toHaveText(matching(all, hasWords(query)));
  }
  await search.fill("p3");
  await expect(libraryCount(page)).toHaveText("60 analyses match");
  // Typed keystroke by keystroke, as a person types.
  await search.fill("");
  await search.pressSequentially("helio");
  await expect(libraryCount(page)).toHaveText("1 analysis matches");
  await search.fill("no such words anywhere");
  await expect(page.getByText("No analysis matches this search and these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expect(libraryCount(page)).toHaveText("300 analyses");

  await openFilters(page);
  const site = page.getByLabel("Site");
  const onSite = (host: string) => (record: AnalysisRecord) =>
    record.analysis.url?.includes(`//${host}/`) === true;
  await site.selectOption("sea.example");
  await expect(libraryCount(page)).toHaveText(matching(all, onSite("sea.example")));
  await site.selectOption("");

  await page.getByLabel("From").fill("2026-03-03");
  await page.getByLabel("To").fill("2026-03-04");
  await expect(libraryCount(page)).toHaveText("60 analyses match"); // days 2 and 3
  await page.getByLabel("From").fill("");
  await page.getByLabel("To").fill("");

  await page.getByLabel("JSON content").selectOption("with");
  await expect(libraryCount(page)).toHaveText("75 analyses match");
  await page.getByLabel("JSON content").selectOption("without");
  await expect(libraryCount(page)).toHaveText("225 analyses match");
  await page.getByLabel("JSON content").selectOption("any");

  await page.getByLabel("Metadata key").fill("reviewed");
  await page.getByLabel("Metadata value").fill("true");
  await expect(libraryCount(page)).toHaveText("150 analyses match");
  await page.getByLabel("Metadata key").fill("project");
  await page.getByLabel("Metadata value").fill("p4");
  await expect(libraryCount(page)).toHaveText("60 analyses match");

  // Filters and search together.
  await site.selectOption("bees.example");
  await search.fill("beekeeping");
  await expect(libraryCount(page)).toHaveText(
    matching(
      all,
      (r) => onSite("bees.example")(r) && hasWords("beekeeping")(r) && r.metadata?.project === "p4",
    ),
  );
  await page.getByRole("button", { name: "Clear filters" }).click();
  await search.fill("");
  await expect(libraryCount(page)).toHaveText("300 analyses");

  // Grouping: records 48 and 49 analyzed the same page.
  await page.getByLabel("Group analyses of the same page").check();
  await search.fill("articles/48");
  await expect(page.locator(".library-page-group")).toHaveText([/2 analyses of this page/]);
  await expect(page.locator(".library-row--grouped")).toHaveCount(2);

  // The list is virtualized: 300 analyses, a few dozen rows in the DOM at most.
  await search.fill("");
  await page.getByLabel("Group analyses of the same page").uncheck();
  await expect(libraryCount(page)).toHaveText("300 analyses");
  expect(await page.locator(".library-row").count()).toBeLessThan(60);

  // Keyboard: arrows move between rows, Enter opens, Escape comes back to the same row.
  await page.locator(".library-row").first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(".library-row").nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  const second = newestFirst[1]?.analysis.title as string;
  await expect(page.getByRole("heading", { level: 2, name: second })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator(".library-row").nth(1)).toBeFocused();
});

test("opened on a job's results (the popup's button, a notification): those analyses, or the one directly", async ({
  serviceWorker,
  openExtensionPage,
}) => {
  const all = records().slice(0, 5);
  await seedRecords(serviceWorker, all);
  const [first, second, third] = all as [AnalysisRecord, AnalysisRecord, AnalysisRecord];
  const focusOn = (analysisIds: string[]) =>
    serviceWorker.evaluate(
      (ids) =>
        (globalThis as any).chrome.storage.session.set({
          sidepanelFocus: { jobId: "job_e2e", analysisIds: ids },
        }),
      analysisIds,
    );

  await focusOn([first.analysisId, third.analysisId]);
  const page = await openExtensionPage("sidepanel.html");
  await expect(page.getByText("Showing the 2 analyses it created.")).toBeVisible();
  const rows = page.locator(".library-row");
  await expect(rows).toHaveCount(2);
  await expect(page.locator(`.library-row[data-analysis-id="${second.analysisId}"]`)).toHaveCount(0);
  await page.getByRole("button", { name: "Show the whole library" }).click();
  await expect(rows).toHaveCount(5);

  // A job with one result, focused while the panel is open (the write may land after it opened).
  await focusOn([second.analysisId]);
  await expect(page.getByRole("heading", { level: 2, name: second.analysis.title as string })).toBeVisible();
});
