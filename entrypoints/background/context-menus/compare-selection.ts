/**
 * "Compare links in selection…": the side panel opens (in the click, as browsers require) on Compare
 * pages…, and the selection's links land in it once read (lib/browser/compare-draft.ts).
 */
import { compareDraftItem } from "../../../lib/browser/compare-draft";
import { openSidePanel } from "../../../lib/browser/side-panel";
import { type ContextMenuDeps, type MenuClickInfo, type MenuTab, planSelection } from "./menu-jobs";

export async function compareSelection(
  info: MenuClickInfo,
  tab: MenuTab | undefined,
  deps: Pick<ContextMenuDeps, "readSelectionLinks" | "notify">,
): Promise<void> {
  const opened = openSidePanel(tab?.windowId).catch((error: unknown) =>
    console.warn("linklens: could not open the side panel", error),
  );
  const planned = await planSelection(info, tab, deps.readSelectionLinks);
  if ("refused" in planned) {
    await deps.notify(planned.refused);
    return;
  }
  await compareDraftItem.setValue({ links: planned.links });
  await opened;
}
