/** The shared scenarios' driver for Chromium: Playwright with the unpacked MV3 build (tests/e2e/fixtures.ts). */
import { readFile } from "node:fs/promises";
import type { BrowserContext, Page, Worker } from "@playwright/test";
import { openTab } from "../context-menu-helpers";
import { expect, installOptionsTab, launchExtensionContext } from "../fixtures";
import { clickToolbarAction } from "../toolbar-action";
import { stopExtensionWorker } from "../worker-control";
import type { DriverPage, ExtensionDriver, Role, UserFile, UserTab } from "./driver";

function chromiumPage(page: Page): DriverPage {
  const control = (role: Role, name: string) => page.getByRole(role, { name, exact: true });
  return {
    evaluate: (fn, arg) => page.evaluate(fn as never, arg as never) as never,
    click: (role: Role, name: string) => control(role, name).click(),
    fill: (role: Role, name: string, value: string) => control(role, name).fill(value),
    press: (role: Role, name: string, key: string) => control(role, name).press(key),
    valueOf: (role: Role, name: string) => control(role, name).inputValue(),
    clickText: (text: string) => page.getByText(text, { exact: true }).click(),
    fillField: (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value),
    waitForText: (text: string, timeout?: number) =>
      expect(page.getByText(text).first()).toBeVisible(timeout === undefined ? {} : { timeout }),
    text: async () => (await page.locator("body").textContent()) ?? "",
    textOf: async (role: Role, name: string) => (await control(role, name).textContent()) ?? "",
    async download(role: Role, name: string) {
      const [download] = await Promise.all([page.waitForEvent("download"), control(role, name).click()]);
      return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
    },
    async upload(role: Role, name: string, file: UserFile) {
      const [chooser] = await Promise.all([page.waitForEvent("filechooser"), control(role, name).click()]);
      await chooser.setFiles({
        name: file.name,
        mimeType: "application/json",
        buffer: Buffer.from(file.text),
      });
    },
    resize: (width: number, height: number) => page.setViewportSize({ width, height }),
    close: () => page.close(),
  };
}

export function chromiumDriver({
  context,
  serviceWorker,
  extensionId,
  debugPort,
}: {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** The DevTools port the toolbar click goes through (popup-fixtures.ts opens one). */
  debugPort?: number;
}): ExtensionDriver {
  const pages = new WeakMap<DriverPage, Page>();
  const openPage = async (path: string) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${path}`);
    const driverPage = chromiumPage(page);
    pages.set(driverPage, page);
    return driverPage;
  };
  const currentWorker = () => context.serviceWorkers()[0] ?? serviceWorker;

  return {
    browserName: "chromium",
    openExtensionPage: openPage,

    async openTab(url) {
      const { tabId, page } = await openTab(context, currentWorker(), url);
      const driverPage = chromiumPage(page);
      pages.set(driverPage, page);
      return { tabId, page: driverPage };
    },

    async openPopupFor(tab: UserTab) {
      const page = pages.get(tab.page);
      if (debugPort === undefined || !page)
        throw new Error("the toolbar click needs popup-fixtures' debugPort");
      const tabId = await clickToolbarAction(page, {
        debugPort,
        extensionId,
        serviceWorker: currentWorker(),
        tabId: tab.tabId,
      });
      return openPage(`popup.html?tabId=${tabId}`);
    },

    async openedTab(urlStart) {
      const opened = () => context.pages().find((candidate) => candidate.url().startsWith(urlStart));
      await expect.poll(() => opened()?.url() ?? "", { message: `a tab at ${urlStart}…` }).not.toBe("");
      const page = opened() as Page;
      await page.waitForLoadState("load");
      const driverPage = chromiumPage(page);
      pages.set(driverPage, page);
      return { url: page.url(), page: driverPage };
    },

    async callTestSeam(name, ...args) {
      // A stopped worker starts again on an event; a page's message is one.
      if (context.serviceWorkers().length === 0) await context.waitForEvent("serviceworker");
      return currentWorker().evaluate(
        ([seam, seamArgs]) => (globalThis as any).linklensTest[seam](...seamArgs),
        [name, args] as const,
      );
    },

    async unloadBackground() {
      // From an extension page already open: opening and closing one is itself an event that starts the
      // worker again (a tab activated), which would hide what a stopped worker leaves waiting.
      const open = context
        .pages()
        .find((page) => page.url().startsWith(`chrome-extension://${extensionId}/`));
      if (open) {
        await stopExtensionWorker(open, extensionId);
        return;
      }
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
      try {
        await stopExtensionWorker(page, extensionId);
      } finally {
        await page.close();
      }
    },

    close: async () => undefined,
  };
}

/** A second Chromium with the extension in a new profile (a fresh install), closed by the driver's `close`. */
export async function launchChromiumDriver(): Promise<ExtensionDriver> {
  const browser = await launchExtensionContext({ ignoreHTTPSErrors: true });
  try {
    const { context } = browser;
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    await installOptionsTab(context);
    const extensionId = new URL(serviceWorker.url()).host;
    return { ...chromiumDriver({ context, serviceWorker, extensionId }), close: browser.close };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
