/**
 * The optional `tabs` permission: the addresses of tabs other than the one the user clicked in (which
 * `activeTab` already gives). Linklens asks for it the first time a feature needs it: many tabs in one
 * job (the popup's buttons, Firefox's tab-strip item) and the per-page count on the toolbar badge.
 */
import { browser } from "wxt/browser";

const TABS = { permissions: ["tabs" as const] };

/** Whether `tabs` is held now. */
export function hasTabsPermission(): Promise<boolean> {
  return browser.permissions.contains(TABS);
}

/**
 * Asks for `tabs`; resolves whether it is held after. Call it synchronously in the click handler, before
 * any `await`: browsers only prompt during a user gesture. Outside one (Firefox rejects the request), the
 * answer is whether it was granted before.
 */
export function askTabsPermission(): Promise<boolean> {
  let asking: Promise<boolean>;
  try {
    asking = browser.permissions.request(TABS);
  } catch (error) {
    asking = Promise.reject(error);
  }
  return asking.catch(() => hasTabsPermission());
}

/** Calls `listener` when `tabs` is granted or removed (also from the browser's add-on settings). */
export function watchTabsPermission(listener: () => void): void {
  const onChange = (permissions: { permissions?: string[] }) => {
    if (permissions.permissions?.includes("tabs")) listener();
  };
  browser.permissions.onAdded.addListener(onChange);
  browser.permissions.onRemoved.addListener(onChange);
}
