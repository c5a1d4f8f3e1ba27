/**
 * Many tabs in one job: the popup's "All tabs in this window" sends `tabs.analyze`; the worker reads the
 * window's tabs, keeps the distinct https pages (the extension's own pages, about:blank and duplicates
 * are skipped and counted) and queues them as one job through the job gate, so more than 20 pages wait
 * for the user's yes in the confirm window. (Firefox's tab-strip item shares the code; Chrome has no
 * tab-strip menu, see tests/unit/site-rule-menus.test.ts.)
 */
import type { Locator, Page, Worker } from "@playwright/test";
import type { AnalyzeJob } from "../../lib/db/schema";
import { expectNoSeriousViolations } from "./axe";
import { configure, countJobs, expectRecordsOnService, finishedJob, SUMMARY } from "./context-menu-helpers";
import { readRows } from "./extension-data";
import { expect } from "./fixtures";
import { test } from "./popup-fixtures";

test.use({ ignoreHTTPSErrors: true });

/** Opens `urls` as background tabs of the current window; answers once every one has its address. */
async function openTabs(worker: Worker, urls: string[]): Promise<void> {
  await worker.evaluate(async (list) => {
    const { chrome } = globalThis as any;
    for (const url of list) await chrome.tabs.create({ url, active: false });
  }, urls);
  await expect
    .poll(() =>
      worker.evaluate(async (list) => {
        const { chrome } = globalThis as any;
        const tabs: { url?: string; pendingUrl?: string }[] = await chrome.tabs.query({});
        const open = new Set(tabs.map((tab) => tab.url || tab.pendingUrl));
        return list.filter((url) => !open.has(url)).length;
      }, urls),
    )
    .toBe(0);
}

/** The popup's many-tabs block, unfolded as a user opens it ("Analyze many tabs…"). */
async function manyTabs(page: Page): Promise<Locator> {
  await page.getByText("Analyze many tabs…").click();
  const section = page.getByRole("region", { name: "Many tabs" });
  await section.getByRole("button", { name: "All tabs in this window" }).waitFor();
  return section;
}

function windowTabCount(worker: Worker, windowId: number): Promise<number> {
  return worker.evaluate(async (id) => {
    const { chrome } = globalThis as any;
    return (await chrome.tabs.query({ windowId: id })).length as number;
  }, windowId);
}

function pendingJobs(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(async () => {
    const { chrome } = globalThis as any;
    return (await chrome.storage.session.get("pendingJobs")).pendingJobs ?? {};
  });
}

test.beforeEach(async ({ serviceWorker, service }) => {
  await configure(serviceWorker, service.url);
});

test("All tabs in this window: one job of the window's https pages, the other tabs skipped and counted", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
  openPopupFor,
}) => {
  test.setTimeout(90_000);
  const links = [1, 2, 3].map((n) => fixtureSite.url(`/many/${n}.html`));
  const first = await context.newPage();
  await first.goto(links[0] as string);
  // Two more pages, and the first again (a duplicate).
  await openTabs(serviceWorker, [links[1] as string, links[2] as string, `${links[0]}#again`]);
  const popup = await openPopupFor(first);
  const windowId = await serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as any;
    return (await chrome.windows.getLastFocused({ windowTypes: ["normal"] })).id as number;
  });

  const section = await manyTabs(popup.page);
  await expect(section).toContainText(`with the preset “${SUMMARY.name}”`);
  await expectNoSeriousViolations(popup.page, "the popup's many-tabs action");
  const jobsBefore = (await readRows<AnalyzeJob>(popup.page, "jobs")).length;
  await section.getByRole("button", { name: "All tabs in this window" }).click();

  const tabs = await windowTabCount(serviceWorker, windowId);
  const status = section.getByRole("status");
  await expect(status).toContainText("Queued 3 pages in one job.");
  await expect(status).toContainText(`${tabs - 3} tabs were skipped: not https pages, or duplicates.`);

  await expect.poll(async () => (await readRows<AnalyzeJob>(popup.page, "jobs")).length).toBe(jobsBefore + 1);
  const queued = (await readRows<AnalyzeJob>(popup.page, "jobs")).sort(
    (a, b) => b.createdAt - a.createdAt,
  )[0];
  const job = await finishedJob(serviceWorker, (queued as AnalyzeJob).id, 60_000);
  expect(job).toMatchObject({ status: "done", source: "tabs", request: { links, prompt: SUMMARY.prompt } });
  expect(job.duplicates).toBe(1);
  // The extension's own pages (options, the popup) are recorded as skipped, not sent.
  expect(job.rejected.map((rejected) => rejected.link)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^chrome-extension:\/\/.*\/popup\.html/)]),
  );
  expect(job.analysisIds).toHaveLength(3);
  await expectRecordsOnService(service.url, job);
});

test("more than 20 pages ask first in the confirm window; Escape queues nothing", async ({
  context,
  serviceWorker,
  fixtureSite,
  openPopupFor,
}) => {
  test.setTimeout(90_000);
  const links = Array.from({ length: 22 }, (_, index) => fixtureSite.url(`/many/${index + 1}.html`));
  const first = await context.newPage();
  await first.goto(links[0] as string);
  await openTabs(serviceWorker, links.slice(1));
  const popup = await openPopupFor(first);
  const jobsBefore = await countJobs(serviceWorker);

  const section = await manyTabs(popup.page);
  const opened = context.waitForEvent("page", (page) => page.url().includes("/confirm.html?id="));
  await section.getByRole("button", { name: "All tabs in this window" }).click();
  const confirm = await opened;
  await confirm.waitForLoadState();

  const dialog = confirm.getByRole("alertdialog", { name: "Analyze 22 links?" });
  await expect(dialog).toContainText(
    `22 pages from your tabs would be analyzed with the preset “${SUMMARY.name}”.`,
  );
  await expect(dialog).toContainText("This can cost up to 22 credits: 1 per link analyzed");
  await expect(section.getByRole("status")).toContainText(
    "22 pages wait for your answer in the confirm window.",
  );
  expect(Object.keys(await pendingJobs(serviceWorker))).toHaveLength(1);
  expect(await countJobs(serviceWorker)).toBe(jobsBefore);

  const closed = confirm.waitForEvent("close");
  await confirm.keyboard.down("Escape");
  await closed;
  await expect.poll(() => pendingJobs(serviceWorker)).toEqual({});
  expect(await countJobs(serviceWorker)).toBe(jobsBefore);
});

test("with several tabs selected, the popup also offers just those: one job of the selected pages", async ({
  context,
  serviceWorker,
  fixtureSite,
  openPopupFor,
}) => {
  test.setTimeout(90_000);
  const links = [4, 5, 6].map((n) => fixtureSite.url(`/many/${n}.html`));
  const first = await context.newPage();
  await first.goto(links[0] as string);
  await openTabs(serviceWorker, links.slice(1));
  const popup = await openPopupFor(first);
  // One tab selected (the popup's own): only "All tabs in this window".
  await expect((await manyTabs(popup.page)).getByRole("button", { name: /selected tabs/ })).toHaveCount(0);
  // Select the first and the third page, as Ctrl+click on their tabs does. (The test's popup is a tab of
  // its own, and opening it selected it alone: select them now and load the popup again.)
  await serviceWorker.evaluate(async (urls) => {
    const { chrome } = globalThis as any;
    const tabs: { index: number; url?: string; windowId: number }[] = await chrome.tabs.query({});
    const picked = tabs.filter((tab) => tab.url === urls[0] || tab.url === urls[2]);
    await chrome.tabs.highlight({ windowId: picked[0]?.windowId, tabs: picked.map((tab) => tab.index) });
  }, links);
  await popup.page.reload();
  const jobsBefore = (await readRows<AnalyzeJob>(popup.page, "jobs")).length;

  const section = await manyTabs(popup.page);
  await section.getByRole("button", { name: "The 2 selected tabs" }).click();
  await expect(section.getByRole("status")).toContainText("Queued 2 pages in one job.");
  await expect.poll(async () => (await readRows<AnalyzeJob>(popup.page, "jobs")).length).toBe(jobsBefore + 1);
  const queued = (await readRows<AnalyzeJob>(popup.page, "jobs")).sort(
    (a, b) => b.createdAt - a.createdAt,
  )[0];
  expect(queued?.request.links).toEqual([links[0], links[2]]);
  expect(queued?.source).toBe("tabs");
});
