import { storage } from "wxt/utils/storage";

/** Links a comparison starts with, from outside the side panel: the window's tabs, a selection's links. */
export interface CompareDraft {
  links: string[];
}

/**
 * `storage.session` key `compareDraft`: written by the popup (many tabs) or the worker (links in
 * selection) as they open the side panel, which opens Compare pages… with the links and clears it. The
 * panel may open before the write lands, so it watches this item.
 */
export const compareDraftItem = storage.defineItem<CompareDraft | null>("session:compareDraft", {
  fallback: null,
});
