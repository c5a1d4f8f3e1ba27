import { useMemo } from "react";
import { initialDraft, type PopupDraft, popupDraftStore } from "../../lib/analyze/popup-draft";
import { useDraft } from "../use-draft";

export type DraftChange = (draft: PopupDraft) => PopupDraft;

/**
 * The draft restored from storage once the defaults are known, and a function to change it; every
 * change is saved (debounced), and a waiting save is written when the popup hides or closes.
 */
export function usePopupDraft(
  defaults: { defaultPrompt: string; defaultTemperature: number } | undefined,
): [PopupDraft | undefined, (change: DraftChange) => void] {
  const ready = defaults !== undefined;
  // Read once (`ready`): later changes of the defaults must not replace what the user typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const store = useMemo(() => (defaults ? popupDraftStore(initialDraft(defaults)) : undefined), [ready]);
  const { draft, change } = useDraft(store);
  return [draft, change];
}
