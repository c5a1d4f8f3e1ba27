/**
 * A context-menu command that would queue more links than one request holds asks first: the worker
 * keeps the job as a pending confirmation (storage.session; nothing queued, nothing sent) and opens the
 * confirm page in a small window, which shows how many links and the worst-case credits. Escape or
 * closing the window queues nothing; Enter queues the job, even after the worker was stopped meanwhile.
 */
import type { BrowserContext, Page, Worker } from "@playwright/test";
import type { AnalyzeJob } from "../../lib/db/schema";
import { expectNoSeriousViolations } from "./axe";
import {
  clickMenu,
  configure,
  countJobs,
  expectRecordsOnService,
  FACTS,
  finishedJob,
  openTab,
  SUMMARY,
  selectElement,
  startPlainPage,
} from "./context-menu-helpers";
import { readRows } from "./extension-data";
import { expect, test } from "./fixtures";
import { stopExtensionWorker } from "./worker-control";

test.use({ ignoreHTTPSErrors: true });

test.beforeEach(async ({ serviceWorker, service }) => {
  await configure(serviceWorker, service.url);
});

/** A page listing `links` (plus `extra` HTML) in `#picked`, opened in a tab with `#picked` selected. */
async function selectLinks(
  context: BrowserContext,
  worker: Worker,
  links: string[],
  extra = "",
): Promise<{ tabId: number; url: string; close(): Promise<void> }> {
  const items = links.map((link, index) => `<li><a href="${link}">Article ${index + 1}</a></li>`).join("\n");
  const plain = await startPlainPage(`<!doctype html><html><head><title>Reading list</title></head>
    <body><ul id="picked">${items}${extra}</ul></body></html>`);
  const { tabId, page } = await openTab(context, worker, plain.url);
  await selectElement(page, "picked");
  return { tabId, url: plain.url, close: plain.close };
}

/** Clicks "Analyze links in selection" with `presetId`; answers the confirm page it opens. */
async function clickAndConfirmPage(
  context: BrowserContext,
  worker: Worker,
  presetId: string,
  tab: { tabId: number; url: string },
): Promise<{ page: Page; confirmationId: string }> {
  const opened = context.waitForEvent("page", (page) => page.url().includes("/confirm.html?id="));
  const outcome = await clickMenu(
    worker,
    { menuItemId: `linklens:selection:${presetId}`, pageUrl: tab.url, frameId: 0 },
    { id: tab.tabId, url: tab.url },
  );
  expect(outcome).toEqual({ confirmationId: expect.any(String) });
  const page = await opened;
  await page.waitForLoadState();
  expect(new URL(page.url()).searchParams.get("id")).toBe(
    (outcome as { confirmationId: string }).confirmationId,
  );
  return { page, confirmationId: (outcome as { confirmationId: string }).confirmationId };
}

function pendingJobs(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(async () => {
    const { chrome } = globalThis as any;
    return (await chrome.storage.session.get("pendingJobs")).pendingJobs ?? {};
  });
}

test("more than 20 selected links ask first: count and worst-case credits; Escape queues nothing", async ({
  context,
  serviceWorker,
  fixtureSite,
}) => {
  const links = Array.from({ length: 25 }, (_, index) => fixtureSite.url(`/many/${index + 1}.html`));
  // A duplicate and an http link: found, not sent, not counted.
  const extra = `<li><a href="${links[0]}#again">Again</a></li><li><a href="http://example.com/">Old</a></li>`;
  const tab = await selectLinks(context, serviceWorker, links, extra);
  try {
    const jobsBefore = await countJobs(serviceWorker);
    const { page, confirmationId } = await clickAndConfirmPage(context, serviceWorker, FACTS.id, tab);

    const dialog = page.getByRole("alertdialog", { name: "Analyze 25 links?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      `25 links from your selection would be analyzed with the preset “${FACTS.name}”.`,
    );
    await expect(dialog).toContainText("in 2 requests");
    await expect(dialog).toContainText("This can cost up to 50 credits: 2 per link analyzed");
    await expect(dialog).toContainText("2 more links are left out");
    await expect(page.getByRole("button", { name: "Analyze 25 links" })).toBeFocused();
    // Nothing is queued while the question is open; the question waits in storage.session.
    expect(await countJobs(serviceWorker)).toBe(jobsBefore);
    expect(Object.keys(await pendingJobs(serviceWorker))).toEqual([confirmationId]);

    await expectNoSeriousViolations(page, "the confirm page");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoSeriousViolations(page, "the confirm page, dark");

    // The window closes on the key going down, before a `press` could send the key up: only `down`.
    const closed = page.waitForEvent("close");
    await page.keyboard.down("Escape");
    await closed;

    await expect.poll(() => pendingJobs(serviceWorker)).toEqual({});
    expect(await countJobs(serviceWorker)).toBe(jobsBefore);
  } finally {
    await tab.close();
  }
});

test("closing the confirm window answers no: nothing is queued", async ({
  context,
  serviceWorker,
  fixtureSite,
}) => {
  const links = Array.from({ length: 21 }, (_, index) => fixtureSite.url(`/many/${index + 1}.html`));
  const tab = await selectLinks(context, serviceWorker, links);
  try {
    const jobsBefore = await countJobs(serviceWorker);
    const { page } = await clickAndConfirmPage(context, serviceWorker, SUMMARY.id, tab);
    await expect(page.getByRole("alertdialog", { name: "Analyze 21 links?" })).toContainText(
      "This can cost up to 21 credits: 1 per link analyzed",
    );

    await page.close();

    await expect.poll(() => pendingJobs(serviceWorker)).toEqual({});
    expect(await countJobs(serviceWorker)).toBe(jobsBefore);
  } finally {
    await tab.close();
  }
});

test("Enter queues the job, even after the worker was stopped: one job, sent 20 links at a time", async ({
  context,
  serviceWorker,
  openExtensionPage,
  extensionId,
  service,
  fixtureSite,
}) => {
  test.setTimeout(120_000);
  const links = Array.from({ length: 25 }, (_, index) => fixtureSite.url(`/many/${index + 1}.html`));
  const tab = await selectLinks(context, serviceWorker, links);
  // An extension page outlives the worker: it reads the database.
  const observer = await openExtensionPage("sidepanel.html");
  try {
    const jobsBefore = (await readRows<AnalyzeJob>(observer, "jobs")).length;
    const { page } = await clickAndConfirmPage(context, serviceWorker, SUMMARY.id, tab);
    await expect(page.getByRole("alertdialog")).toContainText("This can cost up to 25 credits");

    // The browser stops an idle worker while the user reads; the question must outlive it.
    await stopExtensionWorker(page, extensionId);
    expect((await readRows<AnalyzeJob>(observer, "jobs")).length).toBe(jobsBefore);

    const closed = page.waitForEvent("close");
    await page.keyboard.down("Enter");
    await closed;

    await expect.poll(async () => (await readRows<AnalyzeJob>(observer, "jobs")).length).toBe(jobsBefore + 1);
    const jobs = await readRows<AnalyzeJob>(observer, "jobs");
    const queued = jobs.sort((a, b) => b.createdAt - a.createdAt)[0] as AnalyzeJob;
    const worker = context.serviceWorkers().at(-1) as Worker;
    const job = await finishedJob(worker, queued.id, 90_000);
    expect(job).toMatchObject({ status: "done", source: "context-selection", request: { links } });
    // Two requests (20 + 5 links), one result set in link order.
    expect(job.usageIds).toHaveLength(2);
    expect(job.analysisIds).toHaveLength(links.length);
    expect(new Set(job.analysisIds).size).toBe(links.length);
    await expectRecordsOnService(service.url, job);
    expect(await pendingJobs(worker)).toEqual({});
  } finally {
    await tab.close();
  }
});
