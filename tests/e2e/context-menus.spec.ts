/**
 * The context menus in real Chromium, with the built extension, the real reference service and the HTTPS
 * fixture site. Playwright cannot click the browser's native menu, so each test calls the handler the
 * `contextMenus.onClicked` listener calls, through the worker's test seam (entrypoints/background/test-seam.ts).
 */
import type { Worker } from "@playwright/test";
import type { MenuClickOutcome } from "../../entrypoints/background/context-menus/menu-jobs";
import { createApiClient } from "../../lib/api/client";
import {
  clickMenu,
  configure,
  countJobs,
  expectRecordsOnService,
  FACTS,
  finishedJob,
  jobIdOf,
  notificationIds,
  openTab,
  SUMMARY,
} from "./context-menu-helpers";
import { expect, TEST_API_KEY, test } from "./fixtures";

// The fixture site's certificate is self-signed: let the tabs load it (the service trusts it through --ca).
test.use({ ignoreHTTPSErrors: true });

test.beforeEach(async ({ serviceWorker, service }) => {
  const seam = await serviceWorker.evaluate(() => typeof (globalThis as any).linklensTest);
  expect(
    seam,
    "the worker exposes linklensTest (exposeTestSeam, called in entrypoints/background/index.ts)",
  ).toBe("object");
  await configure(serviceWorker, service.url);
});

/** Whether the menu item `id` exists (`contextMenus.update` fails for an unknown id). */
function menuItemExists(worker: Worker, id: string): Promise<boolean> {
  return worker.evaluate(async (itemId) => {
    const { chrome } = globalThis as any;
    try {
      await chrome.contextMenus.update(itemId, {});
      return true;
    } catch {
      return false;
    }
  }, id);
}

test("the menus are created at install and follow the presets in the settings", async ({ serviceWorker }) => {
  for (const kind of ["page", "link", "selection"]) {
    await expect.poll(() => menuItemExists(serviceWorker, `linklens:${kind}:${FACTS.id}`)).toBe(true);
    expect(await menuItemExists(serviceWorker, `linklens:${kind}`)).toBe(true);
    expect(await menuItemExists(serviceWorker, `linklens:${kind}:${SUMMARY.id}`)).toBe(true);
  }
  // The built-in presets the install started with are gone with the settings that replaced them.
  expect(await menuItemExists(serviceWorker, "linklens:page:builtin-critique")).toBe(false);
});

test("Analyze this page: the tab's https page with a preset's prompt and schema", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
}) => {
  const pageUrl = fixtureSite.url("/blog/post.html");
  const { tabId, page } = await openTab(context, serviceWorker, pageUrl);
  await expect(page.locator("h1")).not.toBeEmpty();

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: `linklens:page:${FACTS.id}`, pageUrl, frameId: 0 },
    { id: tabId },
  );

  const job = await finishedJob(serviceWorker, jobIdOf(outcome));
  expect(job).toMatchObject({
    status: "done",
    source: "context-page",
    tabUrl: pageUrl,
    request: {
      links: [pageUrl],
      prompt: FACTS.prompt,
      temperature: FACTS.temperature,
      responseFormat: { type: "json_schema", json_schema: { schema: FACTS.schema } },
    },
  });
  expect(job.analysisIds).toHaveLength(1);
  await expectRecordsOnService(service.url, job);
  const record = await createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY }).getAnalysis(
    job.analysisIds[0] as string,
  );
  expect(record.jsonContent).toMatchObject({ summary: expect.any(String), topics: expect.any(Array) });
  // The end of a job started from a menu is notified (a click opens the side panel on it).
  await expect.poll(() => notificationIds(serviceWorker)).toContainEqual(expect.stringContaining(job.id));
});

test("Analyze this page on a page that is not https: a notification says why, and no job starts", async ({
  serviceWorker,
}) => {
  const before = await countJobs(serviceWorker);

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: `linklens:page:${SUMMARY.id}`, pageUrl: "http://127.0.0.1:9/plain.html", frameId: 0 },
    { id: 1 },
  );

  expect(outcome).toEqual({ refused: expect.stringMatching(/^Only https pages can be analyzed\./) });
  expect(await notificationIds(serviceWorker)).toContain("linklens-info");
  expect(await countJobs(serviceWorker)).toBe(before);
});

// "Analyze this link" and "Analyze links in selection" are shared scenarios (tests/e2e/scenarios/context-menus.ts),
// run in Chromium and in Firefox.

test("the analyze-page shortcut analyzes the tab it was pressed in with the default preset", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
}) => {
  const pageUrl = fixtureSite.url("/news/article.html");
  const { tabId } = await openTab(context, serviceWorker, pageUrl);

  // What `commands.onCommand` passes: the command and the active tab (whose URL the shortcut's activeTab reveals).
  const outcome = (await serviceWorker.evaluate(
    ([id, url]) => (globalThis as any).linklensTest.handleCommand("analyze-page", { id, url }),
    [tabId, pageUrl] as const,
  )) as MenuClickOutcome;

  const job = await finishedJob(serviceWorker, jobIdOf(outcome));
  expect(job).toMatchObject({
    status: "done",
    source: "shortcut",
    tabUrl: pageUrl,
    request: { links: [pageUrl], prompt: SUMMARY.prompt, temperature: SUMMARY.temperature },
  });
  await expectRecordsOnService(service.url, job);
});
