import { openSidePanel as openPanel } from "../../lib/browser/side-panel";
import { type SidepanelFocus, sidepanelFocusItem } from "../../lib/browser/sidepanel-focus";

/**
 * Opens the side panel (Chrome) or the sidebar (Firefox) on `focus`. Must be called synchronously in a
 * click handler (see lib/browser/side-panel.ts): the focus write and the open both start here, in that order.
 */
export function openSidePanel(windowId: number | undefined, focus: SidepanelFocus): Promise<void> {
  const stored = sidepanelFocusItem.setValue(focus);
  return Promise.all([stored, openPanel(windowId)]).then(() => undefined);
}
