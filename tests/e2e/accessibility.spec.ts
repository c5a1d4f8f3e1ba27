/**
 * axe on every page a user meets, in the states that matter (empty, filled, with a result, with an
 * error), in the light and the dark theme: no serious or critical violation.
 */
import type { AnalysisRecord } from "../../lib/api/contract";
import { expectNoSeriousViolations } from "./axe";
import { seedRecords } from "./extension-data";
import { expect } from "./fixtures";
import { OptionsPage } from "./options-page";
import { test } from "./popup-fixtures";
import { writeSettings } from "./popup-page";
import { libraryCount } from "./sidepanel-page";

/** A few cached analyses for the side panel: one with JSON content and metadata. */
const SIDEPANEL_RECORDS: AnalysisRecord[] = ["Bees in winter", "Roasting coffee", "Tides and moons"].map(
  (title, i) => ({
    analysisId: `ana_axe_${i}`,
    createdAt: new Date(Date.UTC(2026, 2, 1 + i, 12)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 2, 1 + i, 12)).toISOString(),
    analysis: { title, url: `https://site${i}.example/page`, id: `pg_${i}`, text: `A page about ${title}.` },
    textContent: `About ${title.toLowerCase()}.`,
    ...(i === 0 && { jsonContent: { topic: "bees" } }),
    metadata: { project: `p${i}`, reviewed: i % 2 === 0 },
  }),
);

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("options: first run, then a preset open for editing and a connection result", async ({
      openExtensionPage,
      service,
    }) => {
      const options = await OptionsPage.open(openExtensionPage);
      await expect(options.welcome).toBeVisible();
      await expectNoSeriousViolations(options.page, "the options page on first run");

      await options.baseUrl.fill(service.url);
      await options.apiKey.fill("lk_wrong_key");
      await options.testConnection.click();
      await expect(options.connectionResult).toContainText(/key/i);
      await options.addPreset.click();
      await expectNoSeriousViolations(options.page, "the options page with a new preset and a result");
    });

    test("popup: the form with a schema and metadata, a result, and an error", async ({
      service,
      serviceWorker,
      openPopupFor,
      popupOn,
    }) => {
      const { page: article, popup } = await popupOn("/news/article.html");
      await popup.prompt.fill("What does the new line connect?");
      await popup.showOptions();
      await popup.structured.check();
      await popup.schema.fill(
        '{"type":"object","properties":{"stops":{"type":"number"}},"required":["stops"]}',
      );
      await popup.addMetadataRow(1, "project", "string", "trams");
      await expectNoSeriousViolations(popup.page, "the popup's form");

      await popup.analyze.click();
      await expect(popup.card).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolations(popup.page, "the popup with a result");

      await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: "lk_wrong_key" });
      const again = await openPopupFor(article);
      await expect(again.promptSummary).toBeVisible();
      await expectNoSeriousViolations(again.page, "the popup with the result first and the form folded");
      await again.edit.click();
      await again.prompt.fill("Who opened {{title}}?");
      await expect(again.page.getByRole("region", { name: "Prompt as it will be sent" })).toBeVisible();
      await expectNoSeriousViolations(again.page, "the popup with a template's preview");
      await again.prompt.fill("Who opened it?");
      await again.analyze.click();
      await expect(again.job.getByText("The service refused the API key (401).")).toBeVisible({
        timeout: 30_000,
      });
      await expectNoSeriousViolations(again.page, "the popup with an error");
    });

    test("side panel: the library with a selection, an import error, a delete with undo, a detail", async ({
      serviceWorker,
      openExtensionPage,
    }) => {
      const page = await openExtensionPage("sidepanel.html");
      await seedRecords(serviceWorker, SIDEPANEL_RECORDS);
      await expect(libraryCount(page)).toHaveText("3 analyses");
      await page.getByRole("checkbox", { name: "Select Roasting coffee" }).check();
      await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, "the side panel's library with a selection");

      const choosing = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: "Import JSON…" }).click();
      await (await choosing).setFiles({
        name: "wrong.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify({ format: "linklens-export", version: 1, analyses: [{}] })),
      });
      await expect(page.getByText("This file is not a valid Linklens JSON export.")).toBeVisible();
      await expectNoSeriousViolations(page, "the side panel with an import error");

      await page.getByRole("button", { name: "Delete 1 selected" }).click();
      await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
      await expectNoSeriousViolations(page, "the side panel after a delete, with Undo");

      await page.locator(".library-row").first().click();
      await expect(page.getByRole("heading", { level: 2, name: "Tides and moons" })).toBeVisible();
      await expectNoSeriousViolations(page, "an analysis's detail in the side panel");
    });
  });
}
