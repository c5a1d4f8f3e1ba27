/**
 * Opening the library: Chrome's `sidePanel` (MV3) or Firefox's `sidebarAction`. Both need the user's
 * gesture, so callers call this synchronously in their click or shortcut handler, before any `await`.
 */
import { browser } from "wxt/browser";

interface PanelApis {
  /** Chrome MV3. */
  sidePanel?: { open(options: { windowId: number }): Promise<void> };
  /** Firefox. */
  sidebarAction?: { open(): Promise<void> };
}

/** Opens the side panel in window `windowId` (Chrome needs it; Firefox opens it in the current window). */
export function openSidePanel(windowId: number | undefined): void {
  const { sidePanel, sidebarAction } = browser as unknown as PanelApis;
  try {
    let opening: Promise<void> | undefined;
    if (sidePanel) opening = windowId === undefined ? undefined : sidePanel.open({ windowId });
    else opening = sidebarAction?.open();
    opening?.catch((error: unknown) => console.warn("linklens: could not open the side panel", error));
  } catch (error) {
    console.warn("linklens: could not open the side panel", error);
  }
}
