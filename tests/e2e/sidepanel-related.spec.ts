/**
 * The side panel's detail and related list in real Chromium with the built extension, against the real
 * reference service: analyses created through the worker (analyze.start over the fixture site's /many
 * pages, with metadata and, for one job, a JSON schema), then paging, page size, both filters, field
 * selection and opening a partial record.
 */
import type { Page } from "@playwright/test";
import { createApiClient } from "../../lib/api/client";
import type { CachedAnalysis } from "../../lib/db/schema";
import { analyze, readRow, seedRecords } from "./extension-data";
import { expect, TEST_API_KEY, test } from "./fixtures";
import { writeSettings } from "./popup-page";
import { libraryCount, libraryRow } from "./sidepanel-page";

const GUIDE_SCHEMA = {
  type: "object",
  properties: { kind: { const: "guide" }, summary: { type: "string" } },
  required: ["kind", "summary"],
};

const items = (page: Page) => page.locator(".related-item");

/** Page size, filters and fields fold under "Refine" (closed as an analysis opens). */
async function openRefine(page: Page) {
  const refine = page.locator("details.related__refine");
  if (!(await refine.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await refine.locator("summary").click();
  }
}

async function listRelated(page: Page) {
  await openRefine(page);
  await page.getByRole("button", { name: "List related" }).click();
  await expect(page.getByText("Listing related analyses…")).toHaveCount(0);
}

test("related: paging, page size, both filters, field selection, opening a partial record", async ({
  tenantKey,
  serviceWorker,
  service,
  fixtureSite,
  sidePanelOnService,
}) => {
  test.setTimeout(180_000);
  const page = await sidePanelOnService();
  // Articles of one topic (many/N with N ≡ 1 mod 13 share their subject and facts), two of them analyzed
  // twice: every analysis is related to the first by its text, whatever the ranking's cut-offs.

  const first = await analyze(page, {
    links: [fixtureSite.manyPageUrl(1), fixtureSite.manyPageUrl(14)],
    prompt: "What is this page about?",
    metadata: { batch: "one" },
  });
  await analyze(page, {
    links: [fixtureSite.manyPageUrl(27), fixtureSite.manyPageUrl(40), fixtureSite.manyPageUrl(53)],
    prompt: "What is this page about?",
    metadata: { batch: "two" },
    responseFormat: { type: "json_schema", json_schema: { name: "guide", schema: GUIDE_SCHEMA } },
  });
  await analyze(page, {
    links: [fixtureSite.manyPageUrl(14), fixtureSite.manyPageUrl(27)],
    prompt: "What is this page about?",
    metadata: { batch: "three" },
  });
  const openId = first.analysisIds[0] as string;
  const opened = (await readRow<CachedAnalysis>(serviceWorker, "analyses", openId)) as CachedAnalysis;

  // Open the first analysis from the library.
  await expect(libraryCount(page)).toHaveText("7 analyses");
  await libraryRow(page, openId).click();
  await expect(page.getByRole("heading", { level: 2, name: opened.analysis?.title as string })).toBeVisible();
  await expect(page.getByRole("link", { name: opened.analysis?.title as string })).toHaveAttribute(
    "href",
    opened.analysis?.url as string,
  );

  // Page size and paging: 6 others, 2 per page.
  await openRefine(page);
  await page.getByLabel("Per page").fill("2");
  await listRelated(page);
  await expect(items(page)).toHaveCount(2);
  const pageOne = await items(page).evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute("data-analysis-id")),
  );
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByLabel("Page", { exact: true })).toHaveValue("2");
  await expect(items(page)).toHaveCount(2);
  const pageTwo = await items(page).evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute("data-analysis-id")),
  );
  expect(pageTwo.filter((id) => pageOne.includes(id))).toEqual([]);
  await page.getByLabel("Page", { exact: true }).fill("4");
  await listRelated(page);
  await expect(page.getByText("No related analyses on this page.")).toBeVisible();
  await page.getByLabel("Page", { exact: true }).fill("1");
  await page.getByLabel("Per page").fill("101");
  await listRelated(page);
  await expect(page.getByText("Enter a page size from 1 to 100.")).toBeVisible();
  await page.getByLabel("Per page").fill("100");
  await listRelated(page);
  await expect(items(page)).toHaveCount(6);

  // Metadata filter: batch = "two" (typed text).
  await page.getByRole("group", { name: "Metadata filter" }).getByRole("button", { name: "Add row" }).click();
  await page.getByLabel("Metadata filter: key 1").fill("batch");
  await page.getByLabel("Metadata filter: value 1").fill("two");
  await listRelated(page);
  await expect(items(page)).toHaveCount(3);
  for (const text of await items(page).locator(".related-item__data").first().allTextContents()) {
    expect(text).toContain('"batch":"two"');
  }

  // jsonContent filter too: kind = "guide" matches those three; with batch "three" none.
  await page
    .getByRole("group", { name: "jsonContent filter" })
    .getByRole("button", { name: "Add row" })
    .click();
  await page.getByLabel("jsonContent filter: key 1").fill("kind");
  await page.getByLabel("jsonContent filter: value 1").fill("guide");
  await listRelated(page);
  await expect(items(page)).toHaveCount(3);
  await page.getByLabel("Metadata filter: value 1").fill("three");
  await listRelated(page);
  await expect(page.getByText("No related analyses on this page.")).toBeVisible();
  // A typed filter value that is not a number is refused before sending.
  await page.getByLabel("Metadata filter: type 1").selectOption("number");
  await page.getByLabel("Metadata filter: value 1").fill("many");
  await listRelated(page);
  await expect(page.getByText("Enter a number, like 42 or -1.5.")).toBeVisible();
  await page.getByRole("button", { name: "Remove Metadata filter row 1" }).click();
  await page.getByRole("button", { name: "Remove jsonContent filter row 1" }).click();

  // An analysis made elsewhere with the same key (another device): on the service, not in this cache.
  const elsewhere = await createApiClient({ baseUrl: service.url, apiKey: tenantKey }).analyzeLinks({
    link: [fixtureSite.manyPageUrl(40)],
    prompt: "What is this page about?",
    metadata: { batch: "elsewhere" },
  });
  const partialId = elsewhere.results[0]?.analysisId as string;
  expect(await readRow(serviceWorker, "analyses", partialId)).toBeUndefined();

  // Field selection: only metadata. Records show what they carry; the cache holds them as partial.
  const fields = page.getByRole("group", { name: "Fields to fetch" });
  for (const label of [
    "Created",
    "Updated",
    "Page (title, address, text…)",
    "Analysis text",
    "JSON content",
  ]) {
    await fields.getByLabel(label, { exact: true }).uncheck();
  }
  await listRelated(page);
  await expect(items(page)).toHaveCount(7);
  const partialItem = page.locator(`.related-item[data-analysis-id="${partialId}"]`);
  await expect(partialItem).toContainText("Fields: Metadata");
  await expect(partialItem).toContainText('"batch":"elsewhere"');
  await expect(page.locator(".related-item__url")).toHaveCount(0);
  expect(await readRow<CachedAnalysis>(serviceWorker, "analyses", partialId)).toMatchObject({
    partial: true,
    metadata: { batch: "elsewhere" },
  });

  // Opening it reads it whole (analysis.refresh), shows it, and caches it whole.
  await partialItem.getByRole("button", { name: /^Open/ }).click();
  await expect
    .poll(
      async () => (await readRow<CachedAnalysis>(serviceWorker, "analyses", partialId))?.partial ?? "whole",
    )
    .toBe("whole");
  const row = (await readRow<CachedAnalysis>(serviceWorker, "analyses", partialId)) as CachedAnalysis;
  expect(row.analysis?.url).toBe(fixtureSite.manyPageUrl(40));
  await expect(page.getByRole("heading", { level: 2, name: row.analysis?.title as string })).toBeVisible();
  await expect(page.getByText("Up to date with the service.")).toBeVisible();

  // Back returns to the analysis it was opened from, and says so.
  await page.getByRole("button", { name: "Back to the previous analysis" }).click();
  await expect(page.getByRole("heading", { level: 2, name: opened.analysis?.title as string })).toBeVisible();
});

test("related: an analysis the service does not know gives a readable 404", async ({
  serviceWorker,
  service,
  openExtensionPage,
}) => {
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
  await seedRecords(serviceWorker, [
    {
      analysisId: "ana_not_on_service",
      createdAt: "2026-03-01T10:00:00.000Z",
      updatedAt: "2026-03-01T10:00:00.000Z",
      analysis: { title: "Only in the cache", url: "https://gone.example/page" },
      textContent: "Cached **locally** <b>only</b>.",
    },
  ]);
  const page = await openExtensionPage("sidepanel.html");
  await page.locator(".library-row").first().click();
  // textContent is Markdown shown safely: emphasis rendered, raw HTML kept as text.
  await expect(page.locator(".markdown strong")).toHaveText("locally");
  await expect(page.locator(".markdown")).toContainText("<b>only</b>");
  await listRelated(page);
  await expect(page.getByRole("alert")).toContainText("(HTTP 404)");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText(/Could not read it from the service: .*\(HTTP 404\)/)).toBeVisible();
});
