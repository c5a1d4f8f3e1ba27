/**
 * What the end-to-end tests share to reach the extension's data as its own pages do: commands sent from
 * an extension page, rows read from the extension's IndexedDB (from a page or the worker), records cached
 * through the worker's test seam (`linklensTest.cacheRecords`: the worker stays the only writer), and an
 * analysis run to its end.
 */
import type { Page, Worker } from "@playwright/test";
import type { AnalysisRecord } from "../../lib/api/contract";
import type { CommandName, CommandRequest, CommandResult } from "../../lib/messaging/protocol";
import { expect } from "./fixtures";
import { rows } from "./scenarios/extension-state";

export { analyzed as analyze } from "./scenarios/extension-state";

/** A command sent from extension page `page`, as the popup and the side panel send them. */
export function sendCommand<K extends CommandName>(
  page: Page,
  command: K,
  request: CommandRequest<K>,
): Promise<CommandResult<K>> {
  return page.evaluate(
    ([name, body]) => {
      const { chrome } = globalThis as unknown as {
        chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
      };
      return chrome.runtime.sendMessage({ linklens: 1, command: name, request: body });
    },
    [command, request] as const,
  ) as Promise<CommandResult<K>>;
}

/** A row of the extension's `linklens` database, read with the plain IndexedDB API. */
export function readRow<T>(
  target: Page | Worker,
  store: string,
  key: string | number,
): Promise<T | undefined> {
  // A page and the worker evaluate alike; their types only differ in options not used here.
  return (target as Worker).evaluate(
    ([storeName, rowKey]) =>
      new Promise<T | undefined>((resolve, reject) => {
        const opening = indexedDB.open("linklens");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction(storeName).objectStore(storeName).get(rowKey);
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

/** Every row of a store of the extension's `linklens` database. */
export function readRows<T>(target: Page | Worker, store: string): Promise<T[]> {
  return rows<T>(target, store);
}

/** Caches records as the worker caches what the service sends (through its test seam). */
export async function seedRecords(worker: Worker, records: AnalysisRecord[]): Promise<void> {
  const cached = await worker.evaluate(
    (rows) =>
      (
        globalThis as unknown as { linklensTest: { cacheRecords(rows: unknown[]): Promise<number> } }
      ).linklensTest.cacheRecords(rows),
    records,
  );
  expect(cached).toBe(records.length);
}
