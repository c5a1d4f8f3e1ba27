/**
 * The extension's state as the scenarios read and set it from one of its pages, alike in both browsers
 * (`browser` in Firefox, `chrome` in Chromium; both answer promises).
 */
import type { AnalyzeJob } from "../../../lib/db/schema";
import type { AnalyzeStartRequest } from "../../../lib/messaging/protocol";
import type { Settings } from "../../../lib/settings/settings";
import { DEFAULT_SETTINGS } from "../../../lib/settings/settings-defaults";
import { SETTINGS_VERSION } from "../../../lib/settings/settings-migrations";
import { SUMMARY } from "../context-menu-helpers";
import type { DriverPage, Evaluator, ExtensionDriver } from "../drivers/driver";
import { expect } from "../fixtures";
import type { ScenarioTest } from "./scenario-test";

/** Before each test: the service, the test's key, and the summary preset as the default one. */
export function withSummaryPresetEachTest(test: ScenarioTest): void {
  test.beforeEach(async ({ driver, service, tenantKey }) => {
    const options = await driver.openExtensionPage("options.html");
    await storeSettings(options, {
      baseUrl: service.url,
      apiKey: tenantKey,
      presets: [SUMMARY],
      defaultPresetId: SUMMARY.id,
    });
    await options.close();
  });
}

/**
 * The options page with the service's address and the key stored, as a user sets them; in Firefox also
 * the toolbar count turned on, which grants `tabs`: a test cannot click the toolbar, so the popup (opened
 * as a tab) reads its page's address through `tabs` there, where Chromium has the click's `activeTab`.
 */
export async function optionsConnectedTo(
  driver: ExtensionDriver,
  baseUrl: string,
  apiKey: string,
): Promise<DriverPage> {
  const options = await pageConnectedTo(driver, "options.html", baseUrl, apiKey);
  if (driver.browserName === "firefox") await turnOnToolbarCount(options);
  return options;
}

/** The extension's page `path`, with the service's address and the key stored, as a user sets them. */
export async function pageConnectedTo(
  driver: ExtensionDriver,
  path: string,
  baseUrl: string,
  apiKey: string,
): Promise<DriverPage> {
  const page = await driver.openExtensionPage(path);
  await storeSettings(page, { baseUrl, apiKey });
  return page;
}

/** Turns the toolbar count on in the options, as a user does, and waits for `tabs` to be granted. */
export async function turnOnToolbarCount(options: DriverPage): Promise<void> {
  await options.click("checkbox", "Show on the toolbar how often I analyzed a page");
  await expect.poll(() => hasPermission(options, { permissions: ["tabs"] })).toBe(true);
}

/**
 * Firefox: grants the extension `origin` (`https://host`, no port: Firefox's match patterns take none, and
 * one with a port is granted yet matches no tab) from MV2's `optional_permissions`, through a real
 * click on one of its pages, as such a request must be made. It stands in for the `activeTab` grant a click
 * on the toolbar button gives, which no test can make there (the popup opens as a tab); what `activeTab`
 * allows in a tab, scripting it, a host permission allows too, so the extension runs the same code.
 */
export async function grantOriginByClick(page: DriverPage, origin: string): Promise<void> {
  const label = `Grant ${origin} (test)`;
  await page.evaluate(
    ([name, pattern]) => {
      const button = document.createElement("button");
      button.textContent = name;
      button.addEventListener("click", () => {
        (globalThis as any).browser.permissions.request({ origins: [pattern] });
        button.remove();
      });
      document.body.prepend(button);
    },
    [label, `${origin}/*`] as const,
  );
  await page.click("button", label);
  await expect.poll(() => hasPermission(page, { origins: [`${origin}/*`] })).toBe(true);
}

/** Stores settings as the options page would. */
export async function storeSettings(page: Evaluator, changes: Partial<Settings>): Promise<void> {
  const settings: Settings = { ...structuredClone(DEFAULT_SETTINGS), ...changes };
  await page.evaluate(
    ([value, version]) => {
      const api = (globalThis as any).browser ?? (globalThis as any).chrome;
      return api.storage.local.set({ settings: value, settings$: { v: version } });
    },
    [settings, SETTINGS_VERSION] as const,
  );
}

export function storedSettings(page: Evaluator): Promise<Settings | undefined> {
  return page.evaluate(async () => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    return (await api.storage.local.get("settings")).settings;
  }, null);
}

/** A command sent as the extension's pages send them (lib/messaging/protocol.ts). */
export function command<R>(
  page: Evaluator,
  name: string,
  request: unknown,
): Promise<{ ok: boolean; value?: R; error?: { code?: string; message: string } }> {
  return page.evaluate(
    ([commandName, body]) => {
      const api = (globalThis as any).browser ?? (globalThis as any).chrome;
      return api.runtime.sendMessage({ linklens: 1, command: commandName, request: body });
    },
    [name, request] as const,
  );
}

/** Every row of a store of the extension's `linklens` IndexedDB database. */
export function rows<T>(page: Evaluator, store: string): Promise<T[]> {
  return page.evaluate(
    (storeName) =>
      new Promise<T[]>((resolve, reject) => {
        const opening = indexedDB.open("linklens");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains(storeName)) {
            database.close();
            resolve([]);
            return;
          }
          const reading = database.transaction(storeName).objectStore(storeName).getAll();
          reading.onsuccess = () => {
            database.close();
            resolve(reading.result as T[]);
          };
          reading.onerror = () => {
            database.close();
            reject(reading.error);
          };
        };
      }),
    store,
  );
}

export async function job(page: Evaluator, jobId: string): Promise<AnalyzeJob | undefined> {
  return (await rows<AnalyzeJob>(page, "jobs")).find((row) => row.id === jobId);
}

/** The job once it has ended (done, failed or cancelled). */
export async function endedJob(page: Evaluator, jobId: string, timeout = 45_000): Promise<AnalyzeJob> {
  await expect
    .poll(async () => (await job(page, jobId))?.status, { timeout, message: `job ${jobId} ends` })
    .toMatch(/^(done|failed|cancelled)$/);
  return (await job(page, jobId)) as AnalyzeJob;
}

/** `analyze.start` sent as the popup sends it; answers the job once it is done. */
export async function analyzed(
  page: Evaluator,
  request: Omit<AnalyzeStartRequest, "source">,
): Promise<AnalyzeJob> {
  const started = await command<{ jobId: string }>(page, "analyze.start", { ...request, source: "popup" });
  if (!started.ok) throw new Error(`analyze.start failed: ${started.error?.message}`);
  const ended = await endedJob(page, started.value?.jobId as string);
  expect(ended.status, JSON.stringify(ended.error)).toBe("done");
  return ended;
}

/** What the toolbar button says in tab `tabId`. */
export function badgeText(page: Evaluator, tabId: number): Promise<string> {
  return page.evaluate((id) => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    return (api.action ?? api.browserAction).getBadgeText({ tabId: id });
  }, tabId);
}

export function hasPermission(page: Evaluator, permissions: { permissions?: string[]; origins?: string[] }) {
  return page.evaluate((wanted) => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    return api.permissions.contains(wanted) as Promise<boolean>;
  }, permissions);
}
