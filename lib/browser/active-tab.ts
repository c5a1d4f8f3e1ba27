/**
 * "The current tab", decided in one place: the active tab of the last focused normal window. The toolbar
 * popup and the keyboard shortcut both ask here, so they always agree on what "this page" is.
 */
import { type Browser, browser } from "wxt/browser";

export type TargetTab = Browser.tabs.Tab;

/**
 * Test seam (the only one): a page opened by a test is itself the active tab, so it cannot find the tab
 * a real popup would. A test names the tab instead, e.g. `popup.html?tabId=12`, and the popup passes
 * `targetTabIdFromSearch(location.search)` to `resolveTargetTab`. Nothing else branches on tests.
 */
const TARGET_TAB_PARAM = "tabId";

/** The tab named by `?tabId=` in a page's query string, or `undefined` when none is named. */
export function targetTabIdFromSearch(search: string): number | undefined {
  const value = new URLSearchParams(search).get(TARGET_TAB_PARAM);
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The tab an analysis started now would be about: the tab `tabId` when one is named (see the seam above),
 * else the active tab of the last focused normal window (never a popup or devtools window).
 * Resolves `undefined` when there is none (no normal window open, or the named tab is gone).
 */
export async function resolveTargetTab(options: { tabId?: number } = {}): Promise<TargetTab | undefined> {
  try {
    if (options.tabId !== undefined) return await browser.tabs.get(options.tabId);
    const window = await browser.windows.getLastFocused({ windowTypes: ["normal"] });
    if (window?.id === undefined) return undefined;
    const [tab] = await browser.tabs.query({ active: true, windowId: window.id });
    return tab;
  } catch {
    // Chrome rejects when no normal window exists and `tabs.get` when the tab was closed.
    return undefined;
  }
}
