/**
 * The worker's one test seam. End-to-end tests cannot click the browser's native context menu or press
 * its shortcuts, so they call the very functions those listeners call, through
 * `serviceWorker.evaluate(() => linklensTest.handleMenuClick(info, tab))`.
 *
 * It is in test builds only (`wxt build --mode e2e`: `npm run build:test`, which the e2e suites load);
 * a production build drops it. Even there it would be harmless: the worker's global scope is reachable
 * only from the worker itself (and a debugger attached to it), and the functions do nothing a menu click
 * or a shortcut can't.
 *
 * `cacheRecords` lets the side panel's benchmark and e2e tests fill the cache with thousands of records
 * without thousands of analyze requests. The records are checked against the contract and written with
 * the same `cacheRecords` the worker uses for the service's answers, so the worker stays the only writer.
 */
import { storage } from "wxt/utils/storage";
import { z } from "zod";
import { AnalysisRecord } from "../../lib/api/contract";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import type { MenuClickInfo, MenuClickOutcome, MenuTab } from "./context-menus/menu-jobs";

export interface LinklensTestApi {
  handleMenuClick: (info: MenuClickInfo, tab?: MenuTab) => Promise<MenuClickOutcome>;
  handleCommand: (command: string, tab?: MenuTab) => Promise<unknown>;
  /** Caches whole records as if the service had sent them; answers how many. */
  cacheRecords: (records: unknown[]) => Promise<number>;
  /** Moves the watches' clock on by `ms` (kept across restarts) and runs the watches then due. */
  advanceClock: (ms: number) => Promise<void>;
  /** The notifications shown so far (kept across restarts), oldest first. */
  notificationsShown: () => Promise<ShownNotification[]>;
}

declare global {
  var linklensTest: LinklensTestApi | undefined;
}

export function exposeTestSeam(api: LinklensTestApi): void {
  globalThis.linklensTest = api;
}

/** The seam's `cacheRecords`: contract-checked records through `cacheRecords` (lib/db/records.ts). */
export function createRecordSeeder(db: LinklensDatabase): (records: unknown[]) => Promise<number> {
  return async (records) => {
    const parsed = z.array(AnalysisRecord).parse(records);
    await cacheRecords(db, parsed);
    return parsed.length;
  };
}

const clockOffsetItem = storage.defineItem<number>("local:testClockOffset", { fallback: 0 });

/**
 * The watches' clock in test builds: the real time plus an offset the tests move on (`advanceClock`),
 * kept in storage so a restarted worker finds the time where the test left it. `ready` settles once
 * the offset is read.
 */
export function createTestClock() {
  let offset = 0;
  const ready = clockOffsetItem.getValue().then((stored) => {
    offset = stored;
  });
  return {
    now: () => Date.now() + offset,
    ready,
    advance: async (ms: number) => {
      await ready;
      offset += ms;
      await clockOffsetItem.setValue(offset);
    },
  };
}

export interface ShownNotification {
  id: string;
  message: string;
}

const notificationLogItem = storage.defineItem<ShownNotification[]>("local:testNotifications", {
  fallback: [],
});

/** The test builds' log of the notifications shown (the notifier's `onShown`), kept across restarts. */
let appending: Promise<void> = Promise.resolve();
export const notificationLog = {
  record: (shown: ShownNotification): Promise<void> => {
    // One append at a time, so that two notifications shown together are both kept.
    appending = appending.then(async () =>
      notificationLogItem.setValue([...(await notificationLogItem.getValue()), shown]),
    );
    return appending;
  },
  read: () => notificationLogItem.getValue(),
};
