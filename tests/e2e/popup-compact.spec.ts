/**
 * The compact popup: it fits in 600 px (the most a browser gives a popup) with the options folded, and
 * after Analyze with the result first and the form folded to its prompt; a tab that can't be analyzed says
 * why; a page with saved analyses shows the latest one (the badge's count of them: scenarios/badge-count.ts).
 */
import type { BrowserContext, Page, Worker } from "@playwright/test";
import type { AnalysisRecord } from "../../lib/api/contract";
import type { AnalyzeJob } from "../../lib/db/schema";
import { expectNoSeriousViolations } from "./axe";
import { readRows, seedRecords } from "./extension-data";
import { expect, TEST_API_KEY } from "./fixtures";
import { test } from "./popup-fixtures";
import { PopupPage, readSidepanelFocus, writeSettings } from "./popup-page";
import { clickToolbarAction } from "./toolbar-action";

const ARTICLE = "/news/article.html";
const POPUP_MAX_HEIGHT = 600;

/**
 * The popup's whole height at a 1x viewport lower than its content (so nothing stretches it), checking on
 * the way that nothing makes it wider than its 420 px.
 */
async function popupHeight(popup: PopupPage): Promise<number> {
  await popup.page.setViewportSize({ width: 420, height: 200 });
  const { width, height } = await popup.page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  expect(width).toBeLessThanOrEqual(420);
  return height;
}

/** Ids of the tabs the extension knows now. */
function tabIds(worker: Worker): Promise<number[]> {
  return worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { tabs: { query(info: object): Promise<{ id?: number }[]> } };
    };
    return (await chrome.tabs.query({})).flatMap((tab) => (tab.id === undefined ? [] : [tab.id]));
  });
}

/**
 * Opens `url` in a new tab and the popup aimed at it. The browser hides such a tab's address from the
 * extension (even after a click on the toolbar button), so the tab is found as the one that is new.
 */
async function openPopupForHiddenTab(
  context: BrowserContext,
  worker: Worker,
  openExtensionPage: (path: string) => Promise<Page>,
  url: string,
): Promise<PopupPage> {
  const before = new Set(await tabIds(worker));
  const page = await context.newPage();
  await page.goto(url);
  const added = (await tabIds(worker)).filter((id) => !before.has(id));
  expect(added).toHaveLength(1);
  return new PopupPage(await openExtensionPage(`popup.html?tabId=${added[0]}`));
}

function savedAnalysis(id: string, url: string, day: number, text: string): AnalysisRecord {
  const at = new Date(Date.UTC(2026, 10, day, 9, 30)).toISOString();
  return {
    analysisId: id,
    createdAt: at,
    updatedAt: at,
    analysis: { url, id: "pg_article", title: "Riverside tram line opens to passengers" },
    textContent: text,
  };
}

test("the form fits in 600 px with the options folded, and the result comes first, the form folded to its prompt", async ({
  popupOn,
}) => {
  const { popup } = await popupOn(ARTICLE);

  // The form: the options are one line until opened.
  await expect(popup.prompt).toBeVisible();
  await expect(popup.options).toContainText("Temperature");
  await expect(popup.temperature).toHaveCount(0);
  await expect(popup.structured).toHaveCount(0);
  expect(await popupHeight(popup)).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);

  // Opened with the keyboard, they show; folded again, they hide.
  await popup.options.focus();
  await popup.page.keyboard.press("Enter");
  await expect(popup.temperature).toBeVisible();
  await popup.page.keyboard.press("Enter");
  await expect(popup.temperature).toHaveCount(0);

  await popup.prompt.fill("When did the tram line open, and what does it connect?");
  await popup.analyze.click();
  await expect(popup.card).toBeVisible({ timeout: 30_000 });

  // The result: the form is one line with the prompt, the result right under it, both in 600 px.
  await expect(popup.prompt).toHaveCount(0);
  await expect(popup.promptSummary).toContainText("When did the tram line open, and what does it connect?");
  // The keyboard's focus was on Analyze, which is gone: it moves to Edit, not to the page's start.
  await expect(popup.edit).toBeFocused();
  // The whole result is within the 600 px; what follows it (the follow-up question, the sources) may
  // scroll below.
  await popupHeight(popup);
  await popup.page.setViewportSize({ width: 420, height: POPUP_MAX_HEIGHT });
  const card = await popup.card.boundingBox();
  expect((card?.y ?? POPUP_MAX_HEIGHT) + (card?.height ?? 0)).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
  const summary = await popup.promptSummary.boundingBox();
  expect(card && summary).toBeTruthy();
  expect((summary?.y ?? 0) < (card?.y ?? 0)).toBe(true);
  // The card's heading and the start of its text are above the fold.
  const heading = await popup.card.getByRole("heading", { level: 3 }).boundingBox();
  expect((heading?.y ?? POPUP_MAX_HEIGHT) + (heading?.height ?? 0)).toBeLessThan(POPUP_MAX_HEIGHT);
  // The text box is drawn again when the answer's sources view has loaded: measured once it is shown.
  const text = popup.card.getByRole("region", { name: "Text" });
  await expect(text).toBeVisible();
  await expect
    .poll(async () => (await text.boundingBox())?.y ?? POPUP_MAX_HEIGHT)
    .toBeLessThan(POPUP_MAX_HEIGHT - 40);
  // Below the answer come its follow-up question and sources, then its actions, a scroll away.
  await expect(popup.job.getByRole("button", { name: "Open in side panel" })).toBeVisible();

  await expectNoSeriousViolations(popup.page, "the popup with the result first and the form folded");

  // Edit opens the form with the prompt, the result stays below it.
  await popup.edit.click();
  await expect(popup.prompt).toHaveValue("When did the tram line open, and what does it connect?");
  await expect(popup.prompt).toBeFocused();
  await expect(popup.card).toBeVisible();
});

test("about:blank and a data: URL: the popup says the browser hides their address, and why", async ({
  context,
  service,
  serviceWorker,
  openExtensionPage,
}) => {
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
  // Without `tabs` (asked only on use), the browser tells the extension no address of these tabs: the
  // popup says so, and why, for each.
  const hidden =
    "This tab isn't a web page Linklens can read: the browser hides the address of built-in pages (about:blank, chrome://…), data: URLs and local files from extensions. Open an https page in this tab to analyze it.";
  for (const url of ["about:blank", "data:text/html,<title>Notes</title><p>Some notes"]) {
    const popup = await openPopupForHiddenTab(context, serviceWorker, openExtensionPage, url);
    await expect(popup.page.getByText(hidden, { exact: true })).toBeVisible();
    await expect(popup.page.getByText(/Reload the page/)).toHaveCount(0);
    await expect(popup.analyze).toBeDisabled();
    await expect(popup.analyze).toHaveAccessibleDescription(
      "Analyze is unavailable: only https pages can be analyzed.",
    );
    await popup.page.close();
  }
});

// The badge's count of them needs the optional `tabs`, which Chromium cannot grant a test: it is the
// shared badge-count scenario's (scenarios/badge-count.ts), run in Firefox.
test("a page with saved analyses: the popup shows the latest with its two actions", async ({
  context,
  service,
  serviceWorker,
  fixtureSite,
  debugPort,
  extensionId,
  openExtensionPage,
}) => {
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY });
  const url = fixtureSite.url(ARTICLE);
  const article = await context.newPage();
  await article.goto(url);
  // The click grants `activeTab` there: the extension may then see the tab's address.
  const articleTab = await clickToolbarAction(article, { debugPort, extensionId, serviceWorker });

  // Two saved analyses of this page (one under another spelling of its address), one of another page.
  await seedRecords(serviceWorker, [
    savedAnalysis("ana_older", url, 2, "The older analysis."),
    savedAnalysis(
      "ana_latest",
      `${url}#comments`,
      20,
      "The line opened on Friday.\n\nIt links the old harbour with the university campus in 22 minutes.",
    ),
    savedAnalysis("ana_elsewhere", fixtureSite.url("/blog/post.html"), 3, "Sourdough."),
  ]);

  const popup = new PopupPage(await openExtensionPage(`popup.html?tabId=${articleTab}`));
  const latest = popup.page.getByRole("region", { name: "Already analyzed" });
  await expect(latest.locator("time")).toHaveAttribute("datetime", "2026-11-20T09:30:00.000Z");
  await expect(latest.locator("time")).toContainText("2026");
  await expect(latest).toContainText("The line opened on Friday. It links the old harbour");
  await expect(popup.page.getByText("1 earlier analysis of this page")).toBeVisible();
  // The form is there too, and all of it fits.
  await expect(popup.prompt).toBeVisible();
  expect(await popupHeight(popup)).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
  await expectNoSeriousViolations(popup.page, "the popup with the latest analysis of the page");

  await latest.getByRole("button", { name: "Open in side panel" }).click();
  await expect.poll(() => readSidepanelFocus(serviceWorker)).toMatchObject({ analysisIds: ["ana_latest"] });

  // Analyze again (no request of this browser made it): the form's prompt, for this page.
  await popup.prompt.fill("How long is the trip?");
  await latest.getByRole("button", { name: "Analyze again" }).click();
  await expect(popup.card).toBeVisible({ timeout: 30_000 });
  const jobs = await readRows<AnalyzeJob>(popup.page, "jobs");
  expect(jobs.map((job) => [job.request.prompt, job.request.links])).toEqual([
    ["How long is the trip?", [url]],
  ]);
});
