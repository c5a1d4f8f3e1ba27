/**
 * The context menus in real Chromium, with the built extension, the real reference service and the HTTPS
 * fixture site. Playwright cannot click the browser's native menu, so each test calls the handler the
 * `contextMenus.onClicked` listener calls, through the worker's test seam (entrypoints/background/test-seam.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page, Worker } from "@playwright/test";
import type { MenuClickInfo, MenuClickOutcome, MenuTab } from "../../entrypoints/background/context-menus";
import { createApiClient } from "../../lib/api/client";
import type { AnalyzeJob } from "../../lib/db/schema";
import type { Preset } from "../../lib/settings";
import { expect, TEST_API_KEY, test } from "./fixtures";

// The fixture site's certificate is self-signed: let the tabs load it (the service trusts it through --ca).
test.use({ ignoreHTTPSErrors: true });

const SUMMARY: Preset = {
  id: "e2e-summary",
  name: "Summary",
  prompt: "What is this page about?",
  temperature: 0,
};
const FACTS: Preset = {
  id: "e2e-facts",
  name: "Facts (JSON)",
  prompt: "Give the page's main point and its topics.",
  temperature: 0.3,
  schema: {
    type: "object",
    properties: { summary: { type: "string" }, topics: { type: "array", items: { type: "string" } } },
    required: ["summary", "topics"],
  },
};

/** Settings as the options page stores them (`storage.local`, wxt's item with its version mark). */
async function configure(worker: Worker, baseUrl: string): Promise<void> {
  const settings = {
    baseUrl,
    apiKey: TEST_API_KEY,
    defaultPrompt: "Summarize this page.",
    defaultTemperature: 0,
    presets: [SUMMARY, FACTS],
    defaultPresetId: SUMMARY.id,
  };
  await worker.evaluate(async (value) => {
    const { chrome } = globalThis as any;
    await chrome.storage.local.set({ settings: value, settings$: { v: 2 } });
  }, settings);
}

/** What `contextMenus.onClicked` would pass, handed to the same handler. */
function clickMenu(worker: Worker, info: MenuClickInfo, tab?: MenuTab): Promise<MenuClickOutcome> {
  return worker.evaluate(
    ([clickInfo, clickTab]) => (globalThis as any).linklensTest.handleMenuClick(clickInfo, clickTab),
    [info, tab] as const,
  );
}

/** Opens `url` in a new tab, as a user's tab (not an extension page); answers its id and its page. */
async function openTab(
  context: BrowserContext,
  worker: Worker,
  url: string,
): Promise<{ tabId: number; page: Page }> {
  const tabId = await worker.evaluate(async (tabUrl) => {
    const { chrome } = globalThis as any;
    return (await chrome.tabs.create({ url: tabUrl, active: true })).id as number;
  }, url);
  await expect.poll(() => context.pages().map((page) => page.url())).toContain(url);
  const page = context.pages().find((candidate) => candidate.url() === url) as Page;
  await page.waitForLoadState("load");
  return { tabId, page };
}

/** The job row in the extension's IndexedDB, read with the plain IndexedDB API from the worker. */
function readJob(worker: Worker, jobId: string): Promise<AnalyzeJob | undefined> {
  return worker.evaluate(
    (id) =>
      new Promise<AnalyzeJob | undefined>((resolve, reject) => {
        const opening = indexedDB.open("linklens");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction("jobs").objectStore("jobs").get(id);
          reading.onsuccess = () => {
            database.close();
            resolve(reading.result as AnalyzeJob | undefined);
          };
          reading.onerror = () => {
            database.close();
            reject(reading.error);
          };
        };
      }),
    jobId,
  );
}

async function countJobs(worker: Worker): Promise<number> {
  return worker.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const opening = indexedDB.open("linklens");
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains("jobs")) {
            database.close();
            resolve(0);
            return;
          }
          const counting = database.transaction("jobs").objectStore("jobs").count();
          counting.onsuccess = () => {
            database.close();
            resolve(counting.result);
          };
        };
      }),
  );
}

async function finishedJob(worker: Worker, jobId: string, timeout = 30_000): Promise<AnalyzeJob> {
  await expect
    .poll(async () => (await readJob(worker, jobId))?.status, { timeout, message: `job ${jobId} ends` })
    .toMatch(/^(done|failed|cancelled)$/);
  return (await readJob(worker, jobId)) as AnalyzeJob;
}

function jobIdOf(outcome: MenuClickOutcome): string {
  expect(outcome).toEqual({ jobId: expect.any(String) });
  return (outcome as { jobId: string }).jobId;
}

async function notificationIds(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () => {
    const { chrome } = globalThis as any;
    return Object.keys(await chrome.notifications.getAll());
  });
}

/** Every analysis of the job is on the service (GET /v1/analyses with the test key), for the links asked. */
async function expectRecordsOnService(serviceUrl: string, job: AnalyzeJob): Promise<void> {
  const client = createApiClient({ baseUrl: serviceUrl, apiKey: TEST_API_KEY });
  const records = await Promise.all(job.analysisIds.map((id) => client.getAnalysis(id)));
  expect(records.map((record) => record.analysisId)).toEqual(job.analysisIds);
  const urls = records.map((record) => record.analysis?.url);
  expect(new Set(urls)).toEqual(new Set(job.request.links));
}

/** A plain-http page on 127.0.0.1 (in the manifest's host permissions, so the worker may script it). */
async function startPlainPage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/selection.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Selects the contents of the element `#id` in the page, as a user's drag would. */
async function selectElement(page: Page, id: string): Promise<void> {
  await page.evaluate((elementId) => {
    const element = document.getElementById(elementId);
    if (!element) throw new Error(`no #${elementId}`);
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, id);
}

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

test("Analyze this link: the link's page, not the tab's", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
}) => {
  const pageUrl = fixtureSite.url("/blog/post.html");
  const linkUrl = fixtureSite.url("/news/article.html");
  const { tabId } = await openTab(context, serviceWorker, pageUrl);

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: `linklens:link:${SUMMARY.id}`, linkUrl, pageUrl, frameId: 0 },
    { id: tabId },
  );

  const job = await finishedJob(serviceWorker, jobIdOf(outcome));
  expect(job).toMatchObject({
    status: "done",
    source: "context-link",
    request: { links: [linkUrl], prompt: SUMMARY.prompt, temperature: SUMMARY.temperature },
  });
  expect(job.tabUrl).toBeUndefined();
  await expectRecordsOnService(service.url, job);
});

test("Analyze links in selection: only the distinct https links of the selection are sent, the http ones reported", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
}) => {
  const https = (path: string) => fixtureSite.url(path);
  const http = (path: string) => https(path).replace("https://", "http://");
  const plain = await startPlainPage(`<!doctype html><html><head><title>Reading list</title></head><body>
    <p id="before"><a href="${https("/many/40.html")}">Outside the selection</a></p>
    <div id="picked">
      <p><a href="${https("/many/1.html")}">First article</a> and <a href="${http("/many/2.html")}">an http one</a>.</p>
      <p><a href="${https("/many/1.html#comments")}">The first article again</a>,
        <a href="${https("/many/3.html").replace("localhost", "LOCALHOST")}">the third</a>,
        <a href="mailto:editor@example.com">the editor</a>.</p>
      <p>Typed out: ${https("/many/4.html")}, and http://example.com/old-page.</p>
    </div>
    <p><a href="${https("/many/50.html")}">Also outside</a></p>
  </body></html>`);
  try {
    const { tabId, page } = await openTab(context, serviceWorker, plain.url);
    await selectElement(page, "picked");

    const outcome = await clickMenu(
      serviceWorker,
      { menuItemId: `linklens:selection:${SUMMARY.id}`, pageUrl: plain.url, frameId: 0 },
      { id: tabId, url: plain.url },
    );

    const job = await finishedJob(serviceWorker, jobIdOf(outcome));
    expect(job.status).toBe("done");
    expect(job.source).toBe("context-selection");
    expect(job.request.links).toEqual([https("/many/1.html"), https("/many/3.html"), https("/many/4.html")]);
    expect(job.rejected).toEqual([
      { link: http("/many/2.html"), problem: "not_https" },
      { link: "http://example.com/old-page", problem: "not_https" },
    ]);
    expect(job.duplicates).toBe(1);
    expect(job.analysisIds).toHaveLength(3);
    await expectRecordsOnService(service.url, job);
  } finally {
    await plain.close();
  }
});

test("more than 20 selected links make one job whose results are joined", async ({
  context,
  serviceWorker,
  service,
  fixtureSite,
}) => {
  test.setTimeout(120_000);
  const links = Array.from({ length: 25 }, (_, index) => fixtureSite.url(`/many/${index + 1}.html`));
  const items = links.map((link, index) => `<li><a href="${link}">Article ${index + 1}</a></li>`).join("\n");
  const plain = await startPlainPage(`<!doctype html><html><head><title>Many</title></head>
    <body><ul id="picked">${items}</ul></body></html>`);
  try {
    const { tabId, page } = await openTab(context, serviceWorker, plain.url);
    await selectElement(page, "picked");

    const outcome = await clickMenu(
      serviceWorker,
      { menuItemId: `linklens:selection:${SUMMARY.id}`, pageUrl: plain.url, frameId: 0 },
      { id: tabId, url: plain.url },
    );

    const job = await finishedJob(serviceWorker, jobIdOf(outcome), 90_000);
    expect(job.status).toBe("done");
    expect(job.request.links).toEqual(links);
    // Two requests (20 + 5 links), one result set in link order.
    expect(job.usageIds).toHaveLength(2);
    expect(job.analysisIds).toHaveLength(links.length);
    expect(new Set(job.analysisIds).size).toBe(links.length);
    await expectRecordsOnService(service.url, job);
  } finally {
    await plain.close();
  }
});

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
