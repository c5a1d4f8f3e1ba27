import { useMemo } from "react";
import { type EditDraft, editDraftStore } from "../../lib/editing/edit-draft";
import { type DraftState, useDraft } from "../use-draft";

export type EditDraftState = DraftState<EditDraft>;

/**
 * The analysis's edit draft, restored from `storage.local` when the panel opens and kept there on every
 * change (debounced; written at once when the panel hides), so closing the panel loses nothing.
 */
export function useEditDraft(analysisId: string): EditDraftState {
  return useDraft(useMemo(() => editDraftStore(analysisId), [analysisId]));
}
