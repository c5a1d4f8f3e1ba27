/**
 * The side panel's library actions in real Chromium with the built extension: analyses made by the real
 * reference service, exported as JSON through the UI and imported through the UI into a second, fresh
 * profile (the same records come back); malformed files give a clear error and change nothing; Markdown
 * and CSV exports; selection; delete from this browser with undo, from the library and from the detail.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page, type Worker } from "@playwright/test";
import type { AnalysisRecord, Metadata } from "../../lib/api/contract";
import type { CachedAnalysis } from "../../lib/db/schema";
import { analyze, readRows, seedRecords, sendCommand } from "./extension-data";
import { CHROMIUM_PATH, EXTENSION_PATH, expect, TEST_API_KEY, test } from "./fixtures";
import { writeSettings } from "./popup-page";

const SERVER_FIELDS = [
  "analysisId",
  "createdAt",
  "updatedAt",
  "analysis",
  "textContent",
  "jsonContent",
  "metadata",
];

/** A record's fields as the service sent them (no local ones), for comparing caches. */
function serverFields(row: CachedAnalysis): Record<string, unknown> {
  return Object.fromEntries(
    SERVER_FIELDS.filter((key) => (row as Record<string, unknown>)[key] !== undefined).map((key) => [
      key,
      (row as Record<string, unknown>)[key],
    ]),
  );
}

const byId = (a: { analysisId: string }, b: { analysisId: string }) =>
  a.analysisId.localeCompare(b.analysisId);

async function serverRows(target: Page | Worker): Promise<Record<string, unknown>[]> {
  return (await readRows<CachedAnalysis>(target, "analyses")).sort(byId).map(serverFields);
}

const notice = (page: Page) => page.locator(".action-notice");
const countOf = (page: Page) => page.locator(".library__count");

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

/** Imports a file through "Import JSON…" (the real file chooser). */
async function importThrough(page: Page, file: { name: string; text: string }) {
  await openLibraryMenu(page);
  const choosing = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Import JSON…" }).click();
  const chooser = await choosing;
  await chooser.setFiles({ name: file.name, mimeType: "application/json", buffer: Buffer.from(file.text) });
}

/** A second browser with its own new profile and the extension, as the `context` fixture makes one. */
async function launchFreshProfile(): Promise<{
  context: BrowserContext;
  worker: Worker;
  open: (path: string) => Promise<Page>;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), "linklens-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      `--disable-extensions-except=${EXTENSION_PATH}`,
      `--load-extension=${EXTENSION_PATH}`,
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  // The options tab the extension opens on install; a page opened before it may be navigated away.
  await expect.poll(() => context.pages().some((page) => page.url().endsWith("/options.html"))).toBe(true);
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    open: async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

test("export JSON, import it into a fresh profile: the same records; malformed files change nothing", async ({
  serviceWorker,
  service,
  fixtureSite,
  openExtensionPage,
}, testInfo) => {
  test.setTimeout(150_000);
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
  const page = await openExtensionPage("sidepanel.html");
  const many = (n: number) => fixtureSite.url(`/many/${n}.html`);
  await analyze(page, {
    links: [many(1), many(2)],
    prompt: "What is this page about?",
    metadata: { batch: "one", n: 1 },
  });
  await analyze(page, {
    links: [many(3)],
    prompt: "Summarize it.",
    metadata: { batch: "two", reviewed: true },
    responseFormat: {
      type: "json_schema",
      json_schema: {
        name: "gist",
        schema: { type: "object", properties: { gist: { type: "string" } }, required: ["gist"] },
      },
    },
  });
  await expect(countOf(page)).toHaveText("3 analyses");
  const originals = await serverRows(serviceWorker);
  expect(originals).toHaveLength(3);

  // Export everything as JSON through the UI.
  const exported = await exportThrough(page, "JSON", "Export all", testInfo.outputPath("export.json"));
  expect(exported.filename).toMatch(/^linklens-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(exported.text);
  expect(document).toMatchObject({ format: "linklens-export", version: 1 });
  expect(document.analyses.map((row: CachedAnalysis) => row.analysisId).sort()).toEqual(
    originals.map((row) => row.analysisId),
  );
  expect(document.usage).toHaveLength(2);
  await expect(notice(page)).toContainText("Exported 3 analyses to linklens-");

  // A malformed file, in a profile that has analyses: a clear error, and the cache is as it was.
  await importThrough(page, { name: "broken.json", text: '{"format": "linklens-export", "analyses": [' });
  await expect(notice(page)).toContainText("This file is not JSON");
  await expect(notice(page)).toContainText("line 1, column");
  await expect(notice(page)).toContainText("Nothing was imported; the library is unchanged.");
  expect(await serverRows(serviceWorker)).toEqual(originals);

  // The second profile: empty, then the same file imported through its side panel.
  const fresh = await launchFreshProfile();
  try {
    const other = await fresh.open("sidepanel.html");
    await expect(other.getByText(/No analyses yet/)).toBeVisible();

    await importThrough(other, { name: "notes.json", text: "this is not JSON at all" });
    await expect(notice(other)).toContainText("This file is not JSON, so it cannot be a Linklens export.");
    await expect(notice(other)).toContainText("not a JSON file: a value was expected (line 1, column 1)");

    // Valid JSON of the wrong shape: the problems are named by their place in the file.
    const wrongShape = {
      format: "linklens-export",
      version: 1,
      exportedAt: "yesterday",
      analyses: [{ analysisId: 42, createdAt: "2026-01-01T00:00:00Z" }],
    };
    await importThrough(other, { name: "wrong.json", text: JSON.stringify(wrongShape) });
    await expect(notice(other)).toContainText("This file is not a valid Linklens JSON export.");
    await expect(notice(other).getByRole("listitem").filter({ hasText: "exportedAt" })).toContainText(
      "must be an ISO 8601 timestamp",
    );
    await expect(
      notice(other).getByRole("listitem").filter({ hasText: "analyses.0.analysisId" }),
    ).toBeVisible();
    await expect(notice(other)).toContainText("Nothing was imported");
    const notAnExport = { analyses: [] };
    await importThrough(other, { name: "other.json", text: JSON.stringify(notAnExport) });
    await expect(notice(other)).toContainText('"format" must be "linklens-export"');
    expect(await readRows(fresh.worker, "analyses")).toEqual([]);
    expect(await readRows(fresh.worker, "usage")).toEqual([]);

    await importThrough(other, { name: exported.filename, text: exported.text });
    await expect(notice(other)).toContainText(`${exported.filename}: 3 added, 0 updated, 0 skipped.`);
    await expect(countOf(other)).toHaveText("3 analyses");
    expect(await serverRows(fresh.worker)).toEqual(originals);
    expect(await readRows(fresh.worker, "usage")).toHaveLength(2);

    // Importing it again adds nothing: every record is already there, as new.
    await importThrough(other, { name: exported.filename, text: exported.text });
    await expect(notice(other)).toContainText("0 added, 0 updated, 3 skipped.");
    expect(await serverRows(fresh.worker)).toEqual(originals);
  } finally {
    await fresh.close();
  }
});

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
  await expect(countOf(page)).toHaveText("4 analyses");
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
  await expect(countOf(page)).toHaveText("1 analysis matches");
  await page.getByRole("searchbox", { name: "Search" }).fill("o");
  const shown = await page.locator(".library-row").count();
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
  await expect(countOf(page)).toHaveText("2 analyses");
  await expect(page.locator(".library-row").filter({ hasText: "Roasting coffee" })).toHaveCount(0);
  expect(
    (await readRows<CachedAnalysis>(serviceWorker, "analyses")).map((row) => row.analysisId).sort(),
  ).toEqual(["ana_actions_0", "ana_actions_3"]);
  const undo = notice(page).getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await undo.click();
  await expect(notice(page)).toContainText("Restored 2 analyses.");
  await expect(countOf(page)).toHaveText("4 analyses");
  expect((await readRows<CachedAnalysis>(serviceWorker, "analyses")).sort(byId).map(serverFields)).toEqual(
    records.map((record) => serverFields(record as CachedAnalysis)),
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
  await expect(countOf(page)).toHaveText("3 analyses");
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
