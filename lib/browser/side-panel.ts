/**
 * Opening the library: Chrome's `sidePanel` (MV3) or Firefox's `sidebarAction`. Browsers open panels only
 * during the user's gesture, which an `await` would end, so callers call this synchronously in their
 * click, notification or shortcut handler, before anything is awaited.
 */
import { browser } from "wxt/browser";

/** The two browsers' panel APIs (neither is in both browsers' types). */
interface PanelApis {
  sidePanel?: { open(options: { windowId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

/** Opens the panel in window `windowId` (Chrome needs it; Firefox opens it in the current window). */
export function openSidePanel(windowId: number | undefined): Promise<void> {
  const { sidePanel, sidebarAction } = browser as unknown as PanelApis;
  try {
    if (sidePanel) {
      return windowId === undefined
        ? Promise.reject(new Error("no browser window"))
        : sidePanel.open({ windowId });
    }
    if (sidebarAction) return sidebarAction.open();
    return Promise.reject(new Error("this browser has no side panel"));
  } catch (error) {
    return Promise.reject(error);
  }
}
