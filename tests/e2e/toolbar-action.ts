/**
 * Clicking the extension's toolbar button in a tab, as a user does, from a test. Chromium's DevTools
 * protocol does it (`Extensions.triggerAction`), and like a real click it grants the extension
 * `activeTab` on that tab: the extension may then read the tab's address, which is what the popup needs.
 * The browser must run with `toolbarActionArgs(port)`.
 */
import { createServer } from "node:net";
import { chromium, type Page, type Worker } from "@playwright/test";

/** A free local TCP port for the browser's DevTools endpoint. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Chromium switches that open the DevTools endpoint with the extension commands allowed. */
export function toolbarActionArgs(debugPort: number): string[] {
  return [`--remote-debugging-port=${debugPort}`, "--enable-unsafe-extension-debugging"];
}

interface TabTarget {
  targetId: string;
  type: string;
  url: string;
}

/**
 * Clicks the toolbar button of extension `extensionId` in `page`'s tab and returns that tab's id (as the
 * extension's `tabs` API knows it). The popup that the click opens is left alone.
 */
export async function clickToolbarAction(
  page: Page,
  {
    debugPort,
    extensionId,
    serviceWorker,
    tabId: knownTabId,
  }: {
    debugPort: number;
    extensionId: string;
    serviceWorker: Worker;
    /** The tab's id when the caller has it: without `tabs` the extension sees only the clicked tab's address. */
    tabId?: number;
  },
): Promise<number> {
  const url = page.url();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send("Target.getTargets", {
      filter: [{ type: "tab" }],
    } as never)) as { targetInfos: TabTarget[] };
    const target = targetInfos.find((info) => info.type === "tab" && info.url === url);
    if (!target) throw new Error(`no tab shows ${url}`);
    await session.send(
      "Extensions.triggerAction" as never,
      { id: extensionId, targetId: target.targetId } as never,
    );
  } finally {
    // Only this connection goes: the browser and its pages stay.
    await browser.close();
  }
  if (knownTabId !== undefined) return knownTabId;
  const tabId = await serviceWorker.evaluate(async (tabUrl) => {
    const { chrome } = globalThis as unknown as {
      chrome: { tabs: { query(info: object): Promise<{ id?: number; url?: string }[]> } };
    };
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab) => tab.url === tabUrl)?.id;
  }, url);
  if (tabId === undefined) throw new Error(`the extension cannot see the tab showing ${url}`);
  return tabId;
}
