import { useCallback, useEffect, useRef, useState } from "react";
import { createDraftSaver, initialDraft, loadDraft, type PopupDraft } from "../../lib/analyze/popup-draft";
import { useFlushWhenHidden } from "../use-flush-when-hidden";

export type DraftChange = (draft: PopupDraft) => PopupDraft;

/**
 * The draft restored from storage once the defaults are known, and a function to change it; every
 * change is saved (debounced), and a waiting save is written when the popup hides or closes.
 */
export function usePopupDraft(
  defaults: { defaultPrompt: string; defaultTemperature: number } | undefined,
): [PopupDraft | undefined, (change: DraftChange) => void] {
  const [draft, setDraft] = useState<PopupDraft>();
  const current = useRef<PopupDraft | undefined>(undefined);
  const saver = useRef(createDraftSaver());
  const ready = defaults !== undefined;

  // Loaded once (`ready`): later changes of the defaults must not replace what the user typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!ready || current.current) return;
    let live = true;
    const fallback = initialDraft(defaults);
    loadDraft(fallback)
      .catch((error: unknown) => {
        console.error("[linklens] could not read the popup draft", error);
        return fallback;
      })
      .then((loaded) => {
        if (!live || current.current) return;
        current.current = loaded;
        setDraft(loaded);
      });
    return () => {
      live = false;
    };
  }, [ready]);

  useFlushWhenHidden(() => void saver.current.flush());

  const update = useCallback((change: DraftChange) => {
    const before = current.current;
    if (!before) return;
    const next = change(before);
    if (next === before) return;
    current.current = next;
    setDraft(next);
    saver.current.save(next);
  }, []);

  return [draft, update];
}
