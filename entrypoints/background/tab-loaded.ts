/**
 * Looking in a page the worker opened: a new active tab at `url`, looked in each time `tabs.onUpdated` says
 * a load of it is `complete` (listened to before the tab is made, so a fast load is not missed), until the
 * look answers: a new tab may first complete the `about:blank` it starts on (the look answers undefined
 * there), and a page that never completes is looked in as it is once `timeoutMs` have passed.
 */
import type { Browser, browser } from "wxt/browser";

export type TabsForLoading = Pick<typeof browser.tabs, "create" | "onUpdated">;

/** `look`'s answer in the tab opened at `url`: undefined when it never answered, or no tab was made. */
export async function lookInOpenedTab<Result>(
  tabs: TabsForLoading,
  url: string,
  timeoutMs: number,
  look: (tabId: number) => Promise<Result | undefined>,
): Promise<Result | undefined> {
  const completed = new Set<number>();
  let wake: (() => void) | undefined;
  const listener = (tabId: number, change: Browser.tabs.OnUpdatedInfo) => {
    if (change.status !== "complete") return;
    completed.add(tabId);
    wake?.();
  };
  tabs.onUpdated.addListener(listener);
  const deadline = Date.now() + timeoutMs;
  try {
    const { id: tabId } = await tabs.create({ url, active: true });
    if (tabId === undefined) return undefined;
    while (Date.now() < deadline) {
      if (completed.delete(tabId)) {
        const answer = await look(tabId);
        if (answer !== undefined) return answer;
        // Another load may have completed meanwhile: looked for before waiting again.
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return await look(tabId);
  } finally {
    tabs.onUpdated.removeListener(listener);
  }
}
