/**
 * The side panel's library actions in real Chromium with the built extension: Markdown and CSV exports;
 * selection; delete from this browser with undo, from the library and from the detail. The JSON export
 * imported into a fresh profile, and malformed files, are the shared scenario's (scenarios/export-import.ts),
 * run in Chromium and Firefox.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { AnalysisRecord, Metadata } from "../../lib/api/contract";
import { serverFieldsOf } from "../../lib/db/records";
import type { CachedAnalysis } from "../../lib/db/schema";
import { readRows, seedRecords, sendCommand } from "./extension-data";
import { expect, TEST_API_KEY, test } from "./fixtures";
import { writeSettings } from "./popup-page";
import { libraryCount } from "./sidepanel-page";

const byId = (a: { analysisId: string }, b: { analysisId: string }) =>
  a.analysisId.localeCompare(b.analysisId);

const notice = (page: Page) => page.locator(".action-notice");

/** Opens the toolbar's menu of export and import, when it is there (no row selected) and closed. */
async function openLibraryMenu(page: Page) {
  const menu = page.getByRole("button", { name: "Export and import" });
  if ((await menu.count()) > 0 && (await menu.getAttribute("aria-expanded")) === "false") await menu.click();
}

/** Picks the export format and clicks the export button named `name`; answers the saved file's text. */
async function exportThrough(
  page: Page,
  format: "JSON" | "Markdown" | "CSV",
  name: string | RegExp,
  path: string,
) {
  await openLibraryMenu(page);
  await page.getByRole("toolbar").getByLabel("Export format").first().selectOption({ label: format });
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name }).click();
  const download = await downloading;
  await download.saveAs(path);
  return { text: readFileSync(path, "utf8"), filename: download.suggestedFilename() };
}

const TOPICS = ["Bees in winter", "Roasting coffee", "Lighthouses of the coast", "Tides and moons"];

function seeded(): AnalysisRecord[] {
  return TOPICS.map((title, i) => ({
    analysisId: `ana_actions_${i}`,
    createdAt: new Date(Date.UTC(2026, 2, 1 + i, 12)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 2, 1 + i, 12)).toISOString(),
    analysis: { title, url: `https://site${i}.example/page`, id: `pg_${i}` },
    textContent: `About ${title.toLowerCase()}.`,
    metadata: (i % 2 === 0 ? { project: `p${i}`, reviewed: true } : { owner: "sam" }) as Metadata,
  }));
}

test("selection, Markdown and CSV exports, delete from this browser and undo", async ({
  serviceWorker,
  openExtensionPage,
}, testInfo) => {
  const records = seeded();
  const page = await openExtensionPage("sidepanel.html");
  await seedRecords(serviceWorker, records);
  await expect(libraryCount(page)).toHaveText("4 analyses");
  const checkbox = (title: string) => page.getByRole("checkbox", { name: `Select ${title}` });

  // Two selected by their checkboxes: the export says so and holds only them.
  await checkbox("Bees in winter").check();
  await checkbox("Tides and moons").check();
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Select all shown" })).toHaveJSProperty(
    "indeterminate",
    true,
  );
  const markdown = await exportThrough(
    page,
    "Markdown",
    "Export 2 selected",
    testInfo.outputPath("export.md"),
  );
  expect(markdown.filename).toMatch(/\.md$/);
  expect(markdown.text).toMatch(/^# Linklens export\n\nExported .*, 2 analyses\.\n/);
  const headings = markdown.text.split("\n").filter((line) => line.startsWith("## "));
  expect(headings.sort()).toEqual([
    "## [Bees in winter](<https://site0.example/page>)",
    "## [Tides and moons](<https://site3.example/page>)",
  ]);
  expect(markdown.text).toContain("### Metadata");

  // Escape clears the selection: the export is of everything again.
  await checkbox("Tides and moons").focus();
  await page.keyboard.press("Escape");
  await expect(page.getByText("2 selected", { exact: true })).toHaveCount(0);
  await expect(checkbox("Bees in winter")).not.toBeChecked();
  const csv = await exportThrough(page, "CSV", "Export all", testInfo.outputPath("export.csv"));
  expect(csv.filename).toMatch(/\.csv$/);
  const lines = csv.text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines).toHaveLength(1 + records.length);
  const header = (lines[0] as string).split(",").map((cell) => cell.replaceAll('"', ""));
  expect(header.slice(0, 5)).toEqual(["analysisId", "createdAt", "updatedAt", "title", "url"]);
  expect(header.filter((name) => name.startsWith("metadata."))).toEqual([
    "metadata.owner",
    "metadata.project",
    "metadata.reviewed",
  ]);
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(
    [...records].reverse().map((record) => `"${record.analysisId}"`),
  );

  // "Select all shown" selects what the search shows, then delete: gone from the list and the cache.
  await page.getByRole("searchbox", { name: "Search" }).fill("coffee");
  await expect(libraryCount(page)).toHaveText("1 analysis matches");
  await page.getByRole("searchbox", { name: "Search" }).fill("o");
  // The search applies after a pause: read the rows once its count is shown, not the last search's rows.
  await expect(libraryCount(page)).toHaveText(/^\d+ analyses match$/);
  const shown = Number((await libraryCount(page).textContent())?.split(" ")[0]);
  await expect(page.locator(".library-row")).toHaveCount(shown);
  // "Select all shown" is there once a row is selected.
  await expect(page.getByRole("checkbox", { name: "Select all shown" })).toHaveCount(0);
  await page.locator(".library-row__select").first().check();
  await page.getByRole("checkbox", { name: "Select all shown" }).check();
  await expect(page.getByText(`${shown} selected`, { exact: true })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await checkbox("Bees in winter").uncheck();
  await checkbox("Roasting coffee").check();
  await checkbox("Tides and moons").uncheck();
  await checkbox("Lighthouses of the coast").check();
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
  await expect(page.getByText("the service keeps them (the API has no delete)").first()).toBeVisible();
  await page.getByRole("button", { name: "Delete 2 selected" }).click();
  await expect(notice(page)).toContainText("Deleted 2 analyses from this browser.");
  await expect(notice(page)).toContainText("the service keeps them (the API has no delete)");
  await expect(libraryCount(page)).toHaveText("2 analyses");
  await expect(page.locator(".library-row").filter({ hasText: "Roasting coffee" })).toHaveCount(0);
  expect(
    (await readRows<CachedAnalysis>(serviceWorker, "analyses")).map((row) => row.analysisId).sort(),
  ).toEqual(["ana_actions_0", "ana_actions_3"]);
  const undo = notice(page).getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await undo.click();
  await expect(notice(page)).toContainText("Restored 2 analyses.");
  await expect(libraryCount(page)).toHaveText("4 analyses");
  expect((await readRows<CachedAnalysis>(serviceWorker, "analyses")).sort(byId).map(serverFieldsOf)).toEqual(
    records.map((record) => serverFieldsOf(record as CachedAnalysis)),
  );

  // From the detail: export this one, delete it, back in the library; Undo brings it back.
  await page.locator('.library-row[data-analysis-id="ana_actions_1"]').click();
  await expect(page.getByRole("heading", { level: 2, name: "Roasting coffee" })).toBeVisible();
  const single = await exportThrough(page, "JSON", /^Export$/, testInfo.outputPath("one.json"));
  expect(JSON.parse(single.text).analyses.map((row: CachedAnalysis) => row.analysisId)).toEqual([
    "ana_actions_1",
  ]);
  await page.getByRole("button", { name: "Delete from this browser" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Library" })).toBeVisible();
  await expect(notice(page)).toContainText("Deleted 1 analysis from this browser.");
  await expect(libraryCount(page)).toHaveText("3 analyses");
  expect(
    (await readRows<CachedAnalysis>(serviceWorker, "analyses")).map((row) => row.analysisId),
  ).not.toContain("ana_actions_1");
  await expect(notice(page).getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notice(page)).toContainText("Restored 1 analysis.");
  await expect(page.locator('.library-row[data-analysis-id="ana_actions_1"]')).toBeVisible();
});

test("an analysis with an unsent edit is kept by a delete, and the notice says why", async ({
  serviceWorker,
  openExtensionPage,
}) => {
  const [first, second] = seeded();
  const page = await openExtensionPage("sidepanel.html");
  await seedRecords(serviceWorker, [first as AnalysisRecord, second as AnalysisRecord]);
  // No service answers on this address: the edit waits in the outbox, so the row stays pending.
  await writeSettings(serviceWorker, { baseUrl: "http://127.0.0.1:9", apiKey: TEST_API_KEY });
  const saved = await sendCommand(page, "analysis.save", {
    analysisId: "ana_actions_0",
    patch: { textContent: "An edit that cannot be sent." },
    baseUpdatedAt: first?.updatedAt as string,
  });
  expect(saved.ok).toBe(true);
  await expect(page.locator(".library-row").filter({ hasText: "edit waiting" })).toHaveCount(1);

  await page.locator(".library-row__select").first().check();
  await page.getByRole("checkbox", { name: "Select all shown" }).check();
  await page.getByRole("button", { name: "Delete 2 selected" }).click();
  await expect(notice(page)).toContainText("Deleted 1 analysis from this browser.");
  await expect(notice(page)).toContainText(
    "1 analysis was kept: it has an edit not yet sent to the service.",
  );
  expect((await readRows<CachedAnalysis>(serviceWorker, "analyses")).map((row) => row.analysisId)).toEqual([
    "ana_actions_0",
  ]);
  await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
});
