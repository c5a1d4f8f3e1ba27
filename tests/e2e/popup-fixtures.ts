/**
 * Tests that open the popup: each clicks the toolbar button in the page's tab (which grants the
 * extension `activeTab` there, as a real click does) and opens `popup.html?tabId=N`, the test seam of
 * lib/active-tab.ts, as a tab of its own. Tabs load the fixture site despite its self-signed certificate.
 */
import type { Page } from "@playwright/test";
import type { Settings } from "../../lib/settings/settings";
import { test as base, TEST_API_KEY } from "./fixtures";
import { PopupPage, writeSettings } from "./popup-page";
import { clickToolbarAction, freePort, toolbarActionArgs } from "./toolbar-action";

interface PopupFixtures {
  debugPort: number;
  openPopupFor: (page: Page) => Promise<PopupPage>;
  /**
   * The settings aimed at the test service with the test key (and `settings` over them), and the fixture
   * site's `path` in a new tab, for a test that prepares the page (a selection) before the popup opens.
   */
  tabOn: (path: string, settings?: Partial<Settings>) => Promise<Page>;
  /** The set-up the popup's tests share: `tabOn`, and the popup opened on that tab. */
  popupOn: PopupOn;
}

export type PopupOn = (
  path: string,
  settings?: Partial<Settings>,
) => Promise<{ page: Page; popup: PopupPage }>;

export const test = base.extend<PopupFixtures>({
  ignoreHTTPSErrors: true,
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
  tabOn: async ({ context, service, serviceWorker, fixtureSite }, use) => {
    await use(async (path, settings = {}) => {
      await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: TEST_API_KEY, ...settings });
      const page = await context.newPage();
      await page.goto(fixtureSite.url(path));
      return page;
    });
  },
  popupOn: async ({ tabOn, openPopupFor }, use) => {
    await use(async (path, settings) => {
      const page = await tabOn(path, settings);
      return { page, popup: await openPopupFor(page) };
    });
  },
});
