import { useCallback, useEffect, useRef, useState } from "react";
import {
  clearEditDraft,
  createEditDraftSaver,
  type EditDraft,
  loadEditDraft,
  storeEditDraft,
} from "../../lib/editing/edit-draft";
import { useFlushWhenHidden } from "../use-flush-when-hidden";

export interface EditDraftState {
  /** The stored draft has been read (until then, nothing is shown as editable). */
  loaded: boolean;
  draft: EditDraft | undefined;
  /** The draft came back from storage (the panel was closed while editing). */
  restored: boolean;
  start: (draft: EditDraft) => void;
  change: (draft: EditDraft) => void;
  /** Ends editing and forgets the stored draft. */
  close: () => Promise<void>;
}

/**
 * The analysis's edit draft, restored from `storage.local` when the panel opens and kept there on every
 * change (debounced; written at once when the panel hides), so closing the panel loses nothing.
 */
export function useEditDraft(analysisId: string): EditDraftState {
  const [state, setState] = useState<{ id: string; loaded: boolean; draft?: EditDraft; restored: boolean }>({
    id: analysisId,
    loaded: false,
    restored: false,
  });
  const saver = useRef(createEditDraftSaver());

  useEffect(() => {
    let live = true;
    setState({ id: analysisId, loaded: false, restored: false });
    loadEditDraft(analysisId)
      .catch((error: unknown) => {
        console.error("[linklens] could not read the edit draft", error);
        return undefined;
      })
      .then((draft) => {
        if (live) setState({ id: analysisId, loaded: true, draft, restored: draft !== undefined });
      });
    const current = saver.current;
    return () => {
      live = false;
      void current.flush();
    };
  }, [analysisId]);

  useFlushWhenHidden(() => void saver.current.flush());

  const start = useCallback((draft: EditDraft) => {
    saver.current.cancel();
    setState({ id: draft.analysisId, loaded: true, draft, restored: false });
    storeEditDraft(draft).catch((error: unknown) =>
      console.error("[linklens] could not keep the edit draft", error),
    );
  }, []);

  const change = useCallback((draft: EditDraft) => {
    setState((current) => ({ ...current, draft }));
    saver.current.save(draft);
  }, []);

  const close = useCallback(async () => {
    saver.current.cancel();
    setState((current) => ({ ...current, draft: undefined, restored: false }));
    try {
      await clearEditDraft(analysisId);
    } catch (error) {
      console.error("[linklens] could not forget the edit draft", error);
    }
  }, [analysisId]);

  const matches = state.id === analysisId;
  return {
    loaded: matches && state.loaded,
    draft: matches ? state.draft : undefined,
    restored: matches && state.restored,
    start,
    change,
    close,
  };
}
