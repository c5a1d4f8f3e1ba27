/**
 * What the side panel's e2e tests share: settings pointed at the test service, records cached through the
 * worker's test seam (`linklensTest.cacheRecords`, the worker stays the only writer), commands sent from
 * an extension page as the pages send them, and jobs read from the extension's IndexedDB.
 */
import type { Page, Worker } from "@playwright/test";
import type { AnalysisRecord } from "../../lib/api/contract";
import type { AnalyzeJob } from "../../lib/db/schema";
import type { AnalyzeStartRequest } from "../../lib/messaging";
import { expect, TEST_API_KEY } from "./fixtures";

/** Settings as the options page stores them (`storage.local`, wxt's item with its version mark). */
export async function configure(worker: Worker, baseUrl: string): Promise<void> {
  const settings = {
    baseUrl,
    apiKey: TEST_API_KEY,
    defaultPrompt: "Summarize this page.",
    defaultTemperature: 0,
    presets: [],
  };
  await worker.evaluate(async (value) => {
    const { chrome } = globalThis as any;
    await chrome.storage.local.set({ settings: value, settings$: { v: 2 } });
  }, settings);
}

export async function seedRecords(worker: Worker, records: AnalysisRecord[]): Promise<void> {
  const cached = await worker.evaluate(
    (rows) => (globalThis as any).linklensTest.cacheRecords(rows),
    records,
  );
  expect(cached).toBe(records.length);
}

/** `analyze.start` sent from an extension page, as the popup sends it; answers the finished job. */
export async function analyze(page: Page, worker: Worker, request: Omit<AnalyzeStartRequest, "source">) {
  const result = await page.evaluate(
    (req) =>
      (globalThis as any).chrome.runtime.sendMessage({ linklens: 1, command: "analyze.start", request: req }),
    { ...request, source: "popup" },
  );
  expect(result).toMatchObject({ ok: true });
  const jobId = (result as { value: { jobId: string } }).value.jobId;
  await expect
    .poll(async () => (await readRow<AnalyzeJob>(worker, "jobs", jobId))?.status, { timeout: 45_000 })
    .toBe("done");
  return (await readRow<AnalyzeJob>(worker, "jobs", jobId)) as AnalyzeJob;
}

/** A row of the extension's IndexedDB, read with the plain IndexedDB API from the worker. */
export function readRow<T>(worker: Worker, store: string, key: string): Promise<T | undefined> {
  return worker.evaluate(
    ([storeName, id]) =>
      new Promise<T | undefined>((resolve, reject) => {
        const opening = indexedDB.open("linklens");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction(storeName).objectStore(storeName).get(id);
          reading.onsuccess = () => {
            database.close();
            resolve(reading.result as T | undefined);
          };
          reading.onerror = () => {
            database.close();
            reject(reading.error);
          };
        };
      }),
    [store, key] as const,
  );
}
