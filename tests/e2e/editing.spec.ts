/**
 * Editing in the side panel's detail view, in real Chromium with the built extension, against the real
 * reference service: the JSON content and metadata edited and saved through the UI and read back from the
 * service; an edit made while the service is down that survives the panel closing and the worker stopping
 * and lands once; a conflict settled by "Take theirs" and by "Merge by hand"; the JSON editor's syntax and
 * schema errors. The text edited and saved, and a conflict settled by "Keep mine", are the shared
 * scenario's (scenarios/library-editing.ts), run in Chromium and Firefox.
 */
import type { Page } from "@playwright/test";
import { createApiClient } from "../../lib/api/client";
import type { AnalysisRecord } from "../../lib/api/contract";
import type { CachedAnalysis, OutboxEntry } from "../../lib/db/schema";
import { type ServiceProcess, startServiceProcess } from "../helpers/service-process";
import { closedPortUrl } from "../unit/helpers/closed-port";
import { expectNoSeriousViolations } from "./axe";
import { analyze, readRow, readRows } from "./extension-data";
import { test as base, expect, TEST_API_KEY } from "./fixtures";
import { writeSettings } from "./popup-page";
import { libraryRow } from "./sidepanel-page";
import { stopExtensionWorker } from "./worker-control";

const SCHEMA = {
  type: "object",
  properties: { summary: { type: "string" }, rating: { type: "integer", minimum: 1, maximum: 5 } },
  required: ["summary"],
};

const clientOf = (service: { url: string }) =>
  createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY });

/** Finds the analysis in the library by its title and opens it, as a user does. */
async function openDetail(page: Page, analysisId: string): Promise<void> {
  const row = (await readRow<CachedAnalysis>(page, "analyses", analysisId)) as CachedAnalysis;
  const title = row.analysis?.title as string;
  await page.getByRole("searchbox", { name: "Search" }).fill(title);
  await libraryRow(page, analysisId).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(title);
}

async function startEditing(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Edit this analysis" }).click();
  await expect(page.getByRole("textbox", { name: "Text" })).toBeFocused();
}

/** The read-only section of the detail view headed `heading` ("Analysis", "JSON content", "Metadata"). */
const detailSection = (page: Page, heading: string) =>
  page
    .locator("section.detail-section")
    .filter({ has: page.getByRole("heading", { level: 3, name: heading }) });

async function settled(page: Page, analysisId: string): Promise<void> {
  await expect
    .poll(async () => (await readRow<CachedAnalysis>(page, "analyses", analysisId))?.pending ?? false)
    .toBe(false);
  expect(await readRows<OutboxEntry>(page, "outbox")).toEqual([]);
}

const test = base.extend<{
  /**
   * The set-up every test here shares: the extension pointed at `service` (the test service by default),
   * the fixture site's /many/`pageNumber`.html analyzed in the side panel (with SCHEMA and metadata), and
   * its analysis opened for editing, as a user does.
   */
  analysisInEditor: (pageNumber: number, service?: { url: string }) => Promise<{ page: Page; id: string }>;
}>({
  analysisInEditor: async ({ serviceWorker, service: testService, fixtureSite, openExtensionPage }, use) => {
    await use(async (pageNumber, service = testService) => {
      await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
      const page = await openExtensionPage("sidepanel.html");
      // As wide as a side panel usually is.
      await page.setViewportSize({ width: 400, height: 800 });
      const job = await analyze(page, {
        links: [fixtureSite.url(`/many/${pageNumber}.html`)],
        prompt: "Summarize this page.",
        metadata: { batch: "one" },
        responseFormat: { type: "json_schema", json_schema: { name: "review", schema: SCHEMA } },
      });
      expect(job.analysisIds).toHaveLength(1);
      const id = job.analysisIds[0] as string;
      await openDetail(page, id);
      await startEditing(page);
      return { page, id };
    });
  },
});

test("JSON content: edited and saved through the detail view lands on the service", async ({
  service,
  analysisInEditor,
}) => {
  const { page, id } = await analysisInEditor(11);
  await page
    .getByRole("textbox", { name: "JSON content" })
    .fill('{ "summary": "Edited summary", "rating": 4 }');
  await page.keyboard.press("Control+s");

  await expect
    .poll(async () => (await clientOf(service).getAnalysis(id)).jsonContent)
    .toEqual({ summary: "Edited summary", rating: 4 });
  await settled(page, id);
  await expect(detailSection(page, "JSON content")).toContainText('"summary": "Edited summary"');
});

test("metadata: a changed value and a new number field, saved through the detail view, land on the service", async ({
  service,
  analysisInEditor,
}) => {
  const { page, id } = await analysisInEditor(12);
  await expect(page.getByRole("textbox", { name: "Key 1" })).toHaveValue("batch");
  await page.getByRole("textbox", { name: "Value 1" }).fill("two");
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByRole("textbox", { name: "Key 2" }).fill("rating");
  await page.getByRole("combobox", { name: "Type 2" }).selectOption({ label: "Number" });
  await page.getByRole("textbox", { name: "Value 2" }).fill("7");

  // Closing the panel mid-edit loses nothing: opening the analysis again brings the draft back (once the
  // draft saver has stored the last change).
  await expect
    .poll(() =>
      page.evaluate(async (key) => {
        const { chrome } = globalThis as any;
        return (await chrome.storage.local.get(key))[key]?.metadataRows?.map(
          (row: { value: unknown }) => row.value,
        );
      }, `editDraft:${id}`),
    )
    .toEqual(["two", "7"]);
  await page.reload();
  await openDetail(page, id);
  await expect(page.getByText("Your unsaved edit was restored.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Value 2" })).toHaveValue("7");
  await page.getByRole("button", { name: "Save" }).click();

  await expect
    .poll(async () => (await clientOf(service).getAnalysis(id)).metadata)
    .toEqual({ batch: "two", rating: 7 });
  await settled(page, id);
  await expect(detailSection(page, "Metadata")).toContainText("two");
});

test("the service down: the edit waits, survives the panel closing and the worker stopping, and lands exactly once", async ({
  fixtureSite,
  openExtensionPage,
  context,
  extensionId,
  analysisInEditor,
}) => {
  // Two starts of the service (~6 s each here) and a retry backoff of 5 s then 10 s: ~35 s, more on a busy machine.
  test.setTimeout(90_000);
  const serviceOptions = {
    apiKeys: `${TEST_API_KEY}:1000`,
    args: ["--allow-private-networks", "--ca", fixtureSite.caFile],
  };
  let service: ServiceProcess = await startServiceProcess(serviceOptions);
  const first = service;
  try {
    const { page, id } = await analysisInEditor(13, service);
    const before = await clientOf(service).getAnalysis(id);

    await service.stop();
    await page.getByRole("textbox", { name: "Text" }).fill("Written while the service was down.");
    await page.getByRole("button", { name: "Save" }).click();
    // Pending, and shown as such: in the detail and in the library's row.
    await expect(page.getByRole("region", { name: "Edit status" })).toContainText(
      /Waiting to send \(retry at \d\d:\d\d:\d\d\)/,
    );
    await expect(
      page.getByText("An edit of this analysis is waiting to be sent; the fields shown are the edited ones."),
    ).toBeVisible();
    await expect(detailSection(page, "Analysis")).toContainText("Written while the service was down.");
    await page.getByRole("button", { name: "Back to the library" }).click();
    await expect(libraryRow(page, id)).toContainText("edit waiting");

    // The panel closes, the worker stops; the service comes back on the same address with the same data.
    await page.close();
    const optionsTab = context.pages().find((open) => open.url().endsWith("/options.html")) as Page;
    await stopExtensionWorker(optionsTab, extensionId);
    service = await startServiceProcess({ ...serviceOptions, dataDir: first.dataDir, port: first.port });
    expect(service.url).toBe(first.url);
    expect((await clientOf(service).getAnalysis(id)).updatedAt).toBe(before.updatedAt);

    // Opening the panel again wakes the worker if nothing else has (its load sends a command): the worker's
    // start sends the edit if its retry is due, or its outbox alarm (which may also have woken it) sends it then.
    const reopened = await openExtensionPage("sidepanel.html");
    await expect
      .poll(async () => (await clientOf(service).getAnalysis(id)).textContent, { timeout: 50_000 })
      .toBe("Written while the service was down.");
    await settled(reopened, id);
    const landed = await clientOf(service).getAnalysis(id);
    expect(landed.updatedAt > before.updatedAt).toBe(true);
    expect((await readRow<CachedAnalysis>(reopened, "analyses", id))?.updatedAt).toBe(landed.updatedAt);
    // The cached row holds the service's latest version (a second write would have moved updatedAt past
    // it), nothing is left to send and no retry is due: updatedAt moved this once and stays.
    const alarm = await reopened.evaluate(() =>
      (
        globalThis as unknown as { chrome: { alarms: { get(name: string): Promise<unknown> } } }
      ).chrome.alarms.get("linklens-outbox"),
    );
    expect(alarm ?? null).toBeNull();
    expect((await clientOf(service).getAnalysis(id)).updatedAt).toBe(landed.updatedAt);
    await openDetail(reopened, id);
    await expect(reopened.getByRole("region", { name: "Edit status" })).toHaveCount(0);
  } finally {
    await first.close();
    await service.close();
  }
});

test("a waiting edit discarded: the service's version is shown again and nothing is ever sent", async ({
  serviceWorker,
  service,
  analysisInEditor,
}) => {
  const { page, id } = await analysisInEditor(14);
  const before = await clientOf(service).getAnalysis(id);
  // The service can't be reached: the edit waits.
  await writeSettings(serviceWorker, { baseUrl: await closedPortUrl(), apiKey: TEST_API_KEY });
  await page.getByRole("textbox", { name: "Text" }).fill("An edit I will think better of.");
  await page.getByRole("button", { name: "Save" }).click();
  const status = page.getByRole("region", { name: "Edit status" });
  await expect(status).toContainText(/Waiting to send/);

  await status.getByRole("button", { name: "Discard edit" }).click();
  await page.getByRole("button", { name: "Discard", exact: true }).click();
  await settled(page, id);
  await expect(status).toHaveCount(0);
  await expect(detailSection(page, "Analysis")).toContainText((before.textContent ?? "").slice(0, 40));
  expect((await readRow<CachedAnalysis>(page, "analyses", id))?.textContent).toBe(before.textContent);

  // With the service back, nothing is sent: the record on it is as it was.
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Up to date with the service.")).toBeVisible();
  expect(await clientOf(service).getAnalysis(id)).toEqual(before);
});

type Choice = "Take theirs" | "Merge by hand";
// "Keep mine" is the shared scenario's (scenarios/library-editing.ts), in both browsers.
const CHOICES: { choice: Choice; page: number }[] = [
  { choice: "Take theirs", page: 15 },
  { choice: "Merge by hand", page: 16 },
];

for (const { choice, page: pageNumber } of CHOICES) {
  test(`a conflict shows both versions; "${choice}" does what it says`, async ({
    service,
    analysisInEditor,
  }) => {
    const { page, id } = await analysisInEditor(pageNumber);
    const client = clientOf(service);

    // Meanwhile the analysis changes on the service; the edit then saved is based on the older version.
    const current = await client.getAnalysis(id);
    const theirs: AnalysisRecord = await client.updateAnalysis(
      { analysisId: id, textContent: "Changed on the service." },
      { ifMatch: current.updatedAt },
    );
    await page.getByRole("textbox", { name: "Text" }).fill("My version.");
    await page.getByRole("button", { name: "Save" }).click();

    const conflict = page.getByRole("region", { name: "Changed on the service too" });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole("figure", { name: "Your version" })).toContainText("My version.");
    await expect(conflict.getByRole("figure", { name: "Service's version" })).toContainText(
      "Changed on the service.",
    );
    if (choice === "Take theirs") {
      await expectNoSeriousViolations(page, "conflict (light)");
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoSeriousViolations(page, "conflict (dark)");
      await page.emulateMedia({ colorScheme: "light" });
    }

    let expected: string;
    if (choice === "Merge by hand") {
      await conflict.getByRole("button", { name: "Merge by hand" }).click();
      await expect(
        page.getByRole("heading", { name: "Merging your edit with the service's version" }),
      ).toBeVisible();
      await page.getByText("The service's version of this field").first().click();
      await expect(page.locator(".editing-reference pre").first()).toHaveText("Changed on the service.");
      expected = "My version. Changed on the service.";
      await page.getByRole("textbox", { name: "Text" }).fill(expected);
      await page.getByRole("button", { name: "Save" }).click();
    } else {
      await conflict.getByRole("button", { name: choice }).click();
      expected = "Changed on the service.";
    }

    await expect(conflict).toHaveCount(0);
    await expect.poll(async () => (await client.getAnalysis(id)).textContent).toBe(expected);
    await settled(page, id);
    const row = (await readRow<CachedAnalysis>(page, "analyses", id)) as CachedAnalysis;
    expect(row.textContent).toBe(expected);
    if (choice === "Take theirs") expect((await client.getAnalysis(id)).updatedAt).toBe(theirs.updatedAt);
    await expect(detailSection(page, "Analysis")).toContainText(expected);
  });
}

test("JSON editor: a syntax error gives line and column; a schema violation is refused before anything is sent", async ({
  service,
  analysisInEditor,
}) => {
  const { page, id } = await analysisInEditor(17);
  const before = await clientOf(service).getAnalysis(id);
  const form = page.getByRole("form", { name: "Edit analysis" });
  const json = page.getByRole("textbox", { name: "JSON content" });

  await json.fill('{\n  "summary": "ok"\n  "rating": 3\n}');
  await expect(form.getByText("Not valid JSON at line 3, column 3")).toBeVisible();

  await json.fill('{ "summary": "ok", "rating": 9 }');
  await expect(form.getByText("at /rating, must be at most 5")).toBeVisible();
  await expect(json).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Not saved: fix the marked fields first.")).toBeVisible();
  await expect(json).toBeFocused();
  await expectNoSeriousViolations(page, "edit form (light)");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousViolations(page, "edit form (dark)");
  await page.emulateMedia({ colorScheme: "light" });

  // Nothing was sent or queued: no outbox entry, the row not pending, the service's record as it was.
  expect(await readRows<OutboxEntry>(page, "outbox")).toEqual([]);
  expect((await readRow<CachedAnalysis>(page, "analyses", id))?.pending ?? false).toBe(false);
  expect((await clientOf(service).getAnalysis(id)).updatedAt).toBe(before.updatedAt);

  // Escape does not leave the detail while editing; Cancel asks before throwing the edit away.
  await json.press("Escape");
  await expect(json).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Throw away" }).click();
  await expect(page.getByRole("button", { name: "Edit this analysis" })).toBeFocused();
  expect((await clientOf(service).getAnalysis(id)).updatedAt).toBe(before.updatedAt);
});
