/**
 * What the context-menu end-to-end tests share: presets and settings, the menu click through the
 * worker's test seam (entrypoints/background/test-seam.ts), user tabs and selections, and the jobs a
 * click starts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page, Worker } from "@playwright/test";
import type {
  MenuClickInfo,
  MenuClickOutcome,
  MenuTab,
} from "../../entrypoints/background/context-menus/menu-jobs";
import { createApiClient } from "../../lib/api/client";
import type { AnalyzeJob } from "../../lib/db/schema";
import type { Preset } from "../../lib/settings/settings";
import { expect, TEST_API_KEY } from "./fixtures";

export const SUMMARY: Preset = {
  id: "e2e-summary",
  name: "Summary",
  prompt: "What is this page about?",
  temperature: 0,
};
export const FACTS: Preset = {
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
export async function configure(worker: Worker, baseUrl: string): Promise<void> {
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
export function clickMenu(worker: Worker, info: MenuClickInfo, tab?: MenuTab): Promise<MenuClickOutcome> {
  return worker.evaluate(
    ([clickInfo, clickTab]) => (globalThis as any).linklensTest.handleMenuClick(clickInfo, clickTab),
    [info, tab] as const,
  );
}

/** Opens `url` in a new tab, as a user's tab (not an extension page); answers its id and its page. */
export async function openTab(
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
export function readJob(worker: Worker, jobId: string): Promise<AnalyzeJob | undefined> {
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

export async function countJobs(worker: Worker): Promise<number> {
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

export async function finishedJob(worker: Worker, jobId: string, timeout = 30_000): Promise<AnalyzeJob> {
  await expect
    .poll(async () => (await readJob(worker, jobId))?.status, { timeout, message: `job ${jobId} ends` })
    .toMatch(/^(done|failed|cancelled)$/);
  return (await readJob(worker, jobId)) as AnalyzeJob;
}

export function jobIdOf(outcome: MenuClickOutcome): string {
  expect(outcome).toEqual({ jobId: expect.any(String) });
  return (outcome as { jobId: string }).jobId;
}

export async function notificationIds(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () => {
    const { chrome } = globalThis as any;
    return Object.keys(await chrome.notifications.getAll());
  });
}

/** Every analysis of the job is on the service (GET /v1/analyses with the test key), for the links asked. */
export async function expectRecordsOnService(serviceUrl: string, job: AnalyzeJob): Promise<void> {
  const client = createApiClient({ baseUrl: serviceUrl, apiKey: TEST_API_KEY });
  const records = await Promise.all(job.analysisIds.map((id) => client.getAnalysis(id)));
  expect(records.map((record) => record.analysisId)).toEqual(job.analysisIds);
  const urls = records.map((record) => record.analysis?.url);
  expect(new Set(urls)).toEqual(new Set(job.request.links));
}

/** A plain-http page on 127.0.0.1 (in the manifest's host permissions, so the worker may script it). */
export async function startPlainPage(html: string): Promise<{ url: string; close(): Promise<void> }> {
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
export async function selectElement(page: Page, id: string): Promise<void> {
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
