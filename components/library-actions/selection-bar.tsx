import { useEffect, useRef } from "react";
import { i18n } from "#i18n";
import { Button } from "../ui/button";
import type { LibrarySelection } from "./use-selection";

export interface SelectionBarProps {
  /** The analyses the list shows now (after search and filters). */
  shownIds: readonly string[];
  selection: LibrarySelection;
}

/** "Select all shown" (mixed when some are), how many are selected, and clearing the selection. */
export function SelectionBar({ shownIds, selection }: SelectionBarProps) {
  const { selected, change, clear } = selection;
  // Nothing selected (as while searching, mostly): no need to go through the 100,000 shown.
  const shownSelected =
    selected.size === 0 ? 0 : shownIds.reduce((count, id) => count + (selected.has(id) ? 1 : 0), 0);
  const all = shownIds.length > 0 && shownSelected === shownIds.length;
  const some = shownSelected > 0 && !all;
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (boxRef.current) boxRef.current.indeterminate = some;
  }, [some]);

  return (
    <div className="selection-bar">
      <label className="selection-bar__all">
        <input
          ref={boxRef}
          type="checkbox"
          checked={all}
          disabled={shownIds.length === 0}
          onChange={() => change(shownIds, !all)}
        />
        {i18n.t("libraryActions.selectAllShown")}
      </label>
      {selected.size > 0 ? (
        <>
          <span className="selection-bar__count">
            {i18n.t("libraryActions.selectedCount", selected.size, { count: selected.size })}
          </span>
          <Button size="small" onClick={clear} aria-keyshortcuts="Escape">
            {i18n.t("libraryActions.clearSelection")}
          </Button>
          <p className="selection-bar__note">{i18n.t("libraryActions.deleteNote")}</p>
        </>
      ) : null}
    </div>
  );
}
