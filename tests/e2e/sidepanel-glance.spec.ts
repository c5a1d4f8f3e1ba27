/**
 * The library at a glance and the detail as a document, in real Chromium with the built extension
 * against the real reference service: each row's favicon, prompt, first result line, cost and edit
 * state; filtering by preset and by site; removal that stays removed (reload, refresh, related listing)
 * until undone; related analyses listed as the detail opens, "Refine" folded, Edit the primary action.
 */
import type { AnalysisRecord } from "../../lib/api/contract";
import type { CachedAnalysis } from "../../lib/db/schema";
import { closedPortUrl } from "../unit/helpers/closed-port";
import { analyze, readRow, seedRecords, sendCommand } from "./extension-data";
import { expect, test } from "./fixtures";
import { writeSettings } from "./popup-page";
import { libraryCount, libraryRow, openFilters } from "./sidepanel-page";

const BRIEF = { id: "p_brief", name: "Brief", prompt: "Brief: what is this page about?", temperature: 0 };
const GUIDE_SCHEMA = {
  type: "object",
  properties: { kind: { const: "guide" }, summary: { type: "string" } },
  required: ["kind", "summary"],
};

/** Analyses made elsewhere (not by a job of this browser): their cost is not known here. */
const SEEDED: AnalysisRecord[] = ["bees.example", "bees.example", "sea.example"].map((site, i) => ({
  analysisId: `ana_glance_${i}`,
  createdAt: `2026-03-0${i + 1}T10:00:00.000Z`,
  updatedAt: `2026-03-0${i + 1}T10:00:00.000Z`,
  analysis: {
    title: `Seeded ${site} ${i}`,
    url: `https://${site}/notes/${i}`,
    favicon: `https://${site}/favicon.ico`,
  },
  textContent: `## Notes ${i}\n\nThe **first** line of note ${i}.\nA second line that the row does not show.`,
}));

test("library rows tell each analysis at a glance; filters by preset and site; removal stays until undone", async ({
  tenantKey,
  serviceWorker,
  service,
  fixtureSite,
  sidePanelOnService,
}) => {
  test.setTimeout(150_000);
  const page = await sidePanelOnService({ presets: [BRIEF], defaultPresetId: BRIEF.id });
  // The preset mirror copies the presets into the database; a job finds its preset there by its prompt.
  await expect
    .poll(async () => (await readRow<{ name: string }>(serviceWorker, "presets", BRIEF.id))?.name)
    .toBe("Brief");
  const briefJob = await analyze(page, {
    links: [fixtureSite.manyPageUrl(1), fixtureSite.manyPageUrl(14)],
    prompt: BRIEF.prompt,
  });
  const customJob = await analyze(page, {
    links: [fixtureSite.manyPageUrl(27)],
    prompt: "A prompt of my own, typed in the popup.",
    responseFormat: { type: "json_schema", json_schema: { name: "guide", schema: GUIDE_SCHEMA } },
  });
  await seedRecords(serviceWorker, SEEDED);
  await expect(libraryCount(page)).toHaveText("6 analyses");

  // A row analyzed here with a preset: favicon (when the page has one), prompt, first line, 1 credit.
  const briefId = briefJob.analysisIds[0] as string;
  const brief = (await readRow<CachedAnalysis>(serviceWorker, "analyses", briefId)) as CachedAnalysis;
  const briefRow = libraryRow(page, briefId);
  await expect(briefRow).toContainText(brief.analysis?.title as string);
  await expect(briefRow.locator(".library-row__prompt")).toHaveText(`Prompt: ${BRIEF.prompt}`);
  const firstLine = (brief.textContent ?? "").split("\n").find((line) => line.trim()) as string;
  await expect(briefRow.locator(".library-row__result")).toContainText(
    firstLine
      .replace(/[#*_`>]/g, "")
      .trim()
      .slice(0, 40),
  );
  await expect(briefRow.locator(".library-row__cost")).toHaveText("1 credit");
  // With JSON the contract charges 2 credits a link.
  const customRow = libraryRow(page, customJob.analysisIds[0] as string);
  await expect(customRow.locator(".library-row__prompt")).toHaveText(
    "Prompt: A prompt of my own, typed in the popup.",
  );
  await expect(customRow.locator(".library-row__cost")).toHaveText("2 credits");
  // Made elsewhere: its favicon or the site's initial, the result's first line without Markdown, cost unknown.
  const seededRow = libraryRow(page, "ana_glance_0");
  // Its icon's address (https://bees.example/favicon.ico) does not load here: the site's initial stands in.
  await expect(seededRow.locator(".library-row__favicon.favicon-letter")).toHaveText("B");
  await expect(seededRow.locator("img")).toHaveCount(0);
  await expect(seededRow.locator(".library-row__result")).toHaveText("Notes 0");
  await expect(libraryRow(page, "ana_glance_2").locator(".library-row__result")).not.toContainText(
    "second line",
  );
  await expect(seededRow.locator(".library-row__cost")).toHaveText("cost unknown");
  await expect(seededRow.locator(".library-row__prompt")).toHaveCount(0);

  // An edit made offline: the row says it waits.
  await writeSettings(serviceWorker, {
    baseUrl: await closedPortUrl(),
    apiKey: tenantKey,
    presets: [BRIEF],
    defaultPresetId: BRIEF.id,
  });
  const saved = await sendCommand(page, "analysis.save", {
    analysisId: "ana_glance_1",
    patch: { textContent: "Edited while offline." },
    baseUpdatedAt: SEEDED[1]?.updatedAt as string,
  });
  expect(saved.ok).toBe(true);
  const editedRow = libraryRow(page, "ana_glance_1");
  await expect(editedRow.locator('[data-state="pending"]')).toHaveText("edit waiting");
  await expect(editedRow.locator(".library-row__result")).toHaveText("Edited while offline.");
  await writeSettings(serviceWorker, {
    baseUrl: service.url,
    apiKey: tenantKey,
    presets: [BRIEF],
    defaultPresetId: BRIEF.id,
  });

  // Filter by preset, then by site, then both.
  await openFilters(page);
  const preset = page.getByRole("combobox", { name: /^Preset/ });
  await preset.selectOption("Brief");
  await expect(libraryCount(page)).toHaveText("2 analyses match");
  await expect(page.locator(".library-row")).toHaveCount(2);
  await preset.selectOption({ label: "No preset, or not made here" });
  await expect(libraryCount(page)).toHaveText("4 analyses match");
  await preset.selectOption("");
  const site = page.getByLabel("Site");
  await site.selectOption("bees.example");
  await expect(libraryCount(page)).toHaveText("2 analyses match");
  await preset.selectOption("Brief");
  await expect(libraryCount(page)).toHaveText("0 analyses match");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(libraryCount(page)).toHaveText("6 analyses");

  // Remove one from its detail; Undo brings it back.
  const removedId = briefJob.analysisIds[1] as string;
  const removedTitle = (await readRow<CachedAnalysis>(serviceWorker, "analyses", removedId))?.analysis
    ?.title as string;
  const notice = page.locator(".action-notice");
  await libraryRow(page, removedId).click();
  await expect(page.getByRole("heading", { level: 2, name: removedTitle })).toBeVisible();
  await page.getByRole("button", { name: "Delete from this browser" }).click();
  await expect(libraryCount(page)).toHaveText("5 analyses");
  await notice.getByRole("button", { name: "Undo" }).click();
  await expect(notice).toContainText("Restored 1 analysis.");
  await expect(libraryRow(page, removedId)).toBeVisible();
  // Undone, it is an analysis like the others: a refresh caches it.
  expect((await sendCommand(page, "analysis.refresh", { analysisId: removedId })).ok).toBe(true);

  // Removed again: a refresh, a related listing and a reload do not bring it back.
  await libraryRow(page, removedId).click();
  await page.getByRole("button", { name: "Delete from this browser" }).click();
  await expect(libraryCount(page)).toHaveText("5 analyses");
  const refreshed = await sendCommand(page, "analysis.refresh", { analysisId: removedId });
  expect(refreshed.ok).toBe(true);
  const listed = await sendCommand(page, "related.list", { analysisId: briefId, pageNum: 1, pageSize: 10 });
  expect(listed.ok && listed.value.map((record) => record.analysisId)).toContain(removedId);
  expect(await readRow(serviceWorker, "analyses", removedId)).toBeUndefined();
  await page.reload();
  await expect(libraryCount(page)).toHaveText("5 analyses");
  await expect(libraryRow(page, removedId)).toHaveCount(0);
  expect(await readRow(serviceWorker, "analyses", removedId)).toBeUndefined();
  // Opened from a related list (the service still has it), it says it was removed, and stays so.
  await libraryRow(page, briefId).click();
  const relatedRemoved = page.locator(`.related-item[data-analysis-id="${removedId}"]`);
  await relatedRemoved.getByRole("button", { name: /^Open/ }).click();
  await expect(page.getByText("You removed this analysis from your library.")).toBeVisible();
  expect(await readRow(serviceWorker, "analyses", removedId)).toBeUndefined();
  // Opened from another analysis, Back says so and returns there first.
  await page.getByRole("button", { name: "Back to the previous analysis" }).click();
  await page.getByRole("button", { name: "Back to the library" }).click();

  // Analyzing its page again adds the new analysis (the removed one stays removed).
  const again = await analyze(page, { links: [fixtureSite.manyPageUrl(14)], prompt: BRIEF.prompt });
  await expect(libraryCount(page)).toHaveText("6 analyses");
  await expect(libraryRow(page, again.analysisIds[0] as string)).toBeVisible();
});

test("the detail reads like a document: related listed on open, Refine folded, Edit primary, removal last", async ({
  fixtureSite,
  sidePanelOnService,
}) => {
  test.setTimeout(150_000);
  const page = await sidePanelOnService();
  // Articles of one topic (many/N with N ≡ 1 mod 13), two analyzed twice: every one is related to the first.
  const job = await analyze(page, {
    links: [1, 14, 27, 40, 53].map(fixtureSite.manyPageUrl),
    prompt: "What is this page about?",
  });
  await analyze(page, {
    links: [14, 27].map(fixtureSite.manyPageUrl),
    prompt: "What is this page about, again?",
  });
  const openId = job.analysisIds[0] as string;
  await expect(libraryCount(page)).toHaveText("7 analyses");
  await libraryRow(page, openId).click();

  // Related analyses are there without a click: the closest 5, then "More" adds the next ones.
  const items = page.locator(".related-item");
  await expect(items).toHaveCount(5);
  await page.getByRole("button", { name: "More related analyses" }).click();
  await expect(items).toHaveCount(6);
  await expect(page.getByRole("button", { name: "More related analyses" })).toHaveCount(0);

  // Refine is folded; its controls work once unfolded.
  const refine = page.locator("details.related__refine");
  await expect(refine).not.toHaveAttribute("open", "");
  await expect(page.getByLabel("Per page")).toBeHidden();
  await expect(page.getByRole("group", { name: "Fields to fetch" })).toBeHidden();
  await refine.locator("summary").click();
  await page.getByLabel("Per page").fill("2");
  await page.getByRole("button", { name: "List related" }).click();
  await expect(items).toHaveCount(2);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByLabel("Page", { exact: true })).toHaveValue("2");
  await expect(items).toHaveCount(2);

  // Edit is the primary action; Refresh and removal are not.
  const edit = page.getByRole("button", { name: "Edit this analysis" });
  await expect(edit).toHaveClass(/ll-button--primary/);
  await expect(page.getByRole("button", { name: "Refresh" })).not.toHaveClass(/ll-button--primary/);
  const remove = page.getByRole("button", { name: "Delete from this browser" });
  await expect(remove).not.toHaveClass(/ll-button--(primary|danger)/);
  // Removal comes last, after the related analyses.
  const afterRelated = await page.evaluate(() => {
    const related = document.querySelector(".related");
    const removal = document.querySelector(".detail__removal");
    return Boolean(
      related && removal && related.compareDocumentPosition(removal) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
  expect(afterRelated).toBe(true);
});
