import { useEffect } from "react";
import { type CompareDraft, compareDraftItem } from "../../lib/browser/compare-draft";

/**
 * Calls `onDraft` with the links a comparison was asked for from outside the panel (many tabs, links in
 * selection), now or once they land, and clears them so they start one form only.
 */
export function useCompareDraft(onDraft: (draft: CompareDraft) => void): void {
  useEffect(() => {
    const take = (draft: CompareDraft | null) => {
      if (!draft) return;
      void compareDraftItem.setValue(null);
      onDraft(draft);
    };
    void compareDraftItem.getValue().then(take);
    return compareDraftItem.watch(take);
  }, [onDraft]);
}
