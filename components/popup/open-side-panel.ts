import { browser } from "wxt/browser";
import { type SidepanelFocus, sidepanelFocusItem } from "../../lib/sidepanel-focus";

/** The two browsers' panel APIs (neither is in both browsers' types). */
interface PanelApis {
  sidePanel?: { open(options: { windowId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

/**
 * Opens the side panel (Chrome) or the sidebar (Firefox) on `focus`. Must be called synchronously in a
 * click handler: browsers open panels only during the user's gesture, which an `await` would end, so both
 * the focus write and the open start here, in that order, before anything is awaited.
 */
export function openSidePanel(windowId: number | undefined, focus: SidepanelFocus): Promise<void> {
  const stored = sidepanelFocusItem.setValue(focus);
  const { sidePanel, sidebarAction } = browser as unknown as PanelApis;
  let opened: Promise<unknown>;
  if (sidePanel) {
    opened =
      windowId === undefined ? Promise.reject(new Error("no browser window")) : sidePanel.open({ windowId });
  } else if (sidebarAction) {
    opened = sidebarAction.open();
  } else {
    opened = Promise.reject(new Error("this browser has no side panel"));
  }
  return Promise.all([stored, opened]).then(() => undefined);
}
