import { useCallback, useEffect, useMemo, useState } from "react";

/**
 * Which analyses are selected in the library, as ids (never DOM state): a virtualized list mounts only the
 * rows in view, so a row reads whether it is selected from here.
 */
export interface LibrarySelection {
  selected: ReadonlySet<string>;
  /** Adds (`selected` true) or removes the given ids. */
  change: (analysisIds: readonly string[], selected: boolean) => void;
  clear: () => void;
}

/** The selection, kept to the ids still in `existing` (a deleted analysis leaves it by itself). */
export function useSelection(existing: readonly string[] | undefined): LibrarySelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!existing) return;
    const present = new Set(existing);
    setChosen((current) => {
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [existing]);

  const change = useCallback((analysisIds: readonly string[], selected: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const id of analysisIds) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setChosen(new Set()), []);

  return useMemo(() => ({ selected: chosen, change, clear }), [chosen, change, clear]);
}
