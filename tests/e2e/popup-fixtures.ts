/**
 * Tests that open the popup: each clicks the toolbar button in the page's tab (which grants the
 * extension `activeTab` there, as a real click does) and opens `popup.html?tabId=N`, the test seam of
 * lib/active-tab.ts, as a tab of its own.
 */
import type { Page } from "@playwright/test";
import { test as base } from "./fixtures";
import { PopupPage } from "./popup-page";
import { clickToolbarAction, freePort, toolbarActionArgs } from "./toolbar-action";

export const test = base.extend<{ debugPort: number; openPopupFor: (page: Page) => Promise<PopupPage> }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  debugPort: async ({}, use) => {
    await use(await freePort());
  },
  browserArgs: async ({ debugPort }, use) => {
    await use(toolbarActionArgs(debugPort));
  },
  openPopupFor: async ({ debugPort, extensionId, serviceWorker, openExtensionPage }, use) => {
    await use(async (page) => {
      const tabId = await clickToolbarAction(page, { debugPort, extensionId, serviceWorker });
      return new PopupPage(await openExtensionPage(`popup.html?tabId=${tabId}`));
    });
  },
});
