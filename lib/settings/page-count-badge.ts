/**
 * The opt-in "Show on the toolbar how often I analyzed a page": the badge's per-page count reads the
 * address of the tab shown in each window, which needs the optional `tabs` permission, so it is off until
 * the user turns it on (in the options, or once from the popup) and the browser grants `tabs`.
 */
import { storage } from "wxt/utils/storage";
import { askTabsPermission, hasTabsPermission } from "../browser/tabs-permission";

export interface PageCountBadge {
  enabled: boolean;
  /** The popup offered it and the user answered (yes or no): it does not offer again. */
  answered: boolean;
}

export const pageCountBadgeItem = storage.defineItem<PageCountBadge>("local:pageCountBadge", {
  fallback: { enabled: false, answered: false },
});

/** Whether the badge shows the per-page count now: turned on, and `tabs` still granted. */
export async function showsPageCounts(): Promise<boolean> {
  const { enabled } = await pageCountBadgeItem.getValue();
  return enabled && (await hasTabsPermission());
}

/**
 * Turns the count on or off; turning it on asks for `tabs` (call it synchronously in the click handler).
 * Resolves whether it is on after: a refusal leaves it off and changes nothing else.
 */
export function setPageCountBadge(enabled: boolean): Promise<boolean> {
  const granted = enabled ? askTabsPermission() : Promise.resolve(false);
  return granted.then(async (on) => {
    await pageCountBadgeItem.setValue({ enabled: on, answered: true });
    return on;
  });
}

/** The popup's "not now": the count stays off and the popup stops offering it. */
export async function declinePageCountBadge(): Promise<void> {
  const current = await pageCountBadgeItem.getValue();
  await pageCountBadgeItem.setValue({ ...current, answered: true });
}
