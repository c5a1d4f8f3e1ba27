import { targetTabIdFromSearch } from "../../lib/browser/active-tab";

/**
 * The tab the worker looks in: the one a test names (`?tabId=`, the popup's seam in lib/browser/active-tab.ts),
 * else none, and the worker takes the active tab of the last focused window, the one beside the popup or panel.
 */
export function tabToLookIn(): { tabId?: number } {
  const tabId = targetTabIdFromSearch(location.search);
  return tabId === undefined ? {} : { tabId };
}
