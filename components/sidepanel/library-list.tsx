import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, memo, useCallback, useRef } from "react";
import { i18n } from "#i18n";
import type { EditStates } from "../../lib/editing/edit-states";
import type { LibraryRows, LibraryRow as Row } from "../../lib/library/page-groups";
import type { LibrarySelection } from "../library-actions/use-selection";
import { useUiLanguage } from "../use-ui-language";
import { LibraryRow } from "./library-row";

export interface LibraryListProps {
  rows: LibraryRows;
  onOpen: (analysisId: string) => void;
  /** With a selection, each analysis row has a checkbox (its state read from the selection's ids). */
  selection?: LibrarySelection;
  /** Where each analysis's waiting edits are (the outbox), shown on its row. */
  editStates?: EditStates;
}

const ANALYSIS_ROW_HEIGHT = 76;
const PAGE_ROW_HEIGHT = 34;

/**
 * The library's rows, virtualized: only the rows in view (and a few around) are in the DOM, so 100,000
 * analyses scroll as smoothly as ten. Arrow keys, Home and End move between analyses. Memoized: typing
 * in the search field renders it once, when the results are there, not on each keystroke as well.
 */
export const LibraryList = memo(function LibraryList({
  rows,
  onOpen,
  selection,
  editStates,
}: LibraryListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Memoized, so it would miss the page's re-render when another language is chosen in the options.
  useUiLanguage();
  // The virtualizer lays out every row again when these change: only when the rows do.
  const estimateSize = useCallback(
    (index: number) => (rows.isPageAt(index) ? PAGE_ROW_HEIGHT : ANALYSIS_ROW_HEIGHT),
    [rows],
  );
  const getItemKey = useCallback((index: number) => rows.keyAt(index) ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 10,
  });

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    const step = target >= index ? 1 : -1;
    let next = target;
    while (rows.isPageAt(next)) next += step;
    if (!rows.at(next)) return;
    virtualizer.scrollToIndex(next, { align: "auto" });
    const tryFocus = (attempts: number) => {
      const button = scrollRef.current?.querySelector<HTMLButtonElement>(`button[data-index="${next}"]`);
      if (button) button.focus();
      else if (attempts > 0) requestAnimationFrame(() => tryFocus(attempts - 1));
    };
    requestAnimationFrame(() => tryFocus(5));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = Number((event.target as HTMLElement).dataset.index);
    if (!Number.isInteger(current)) return;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: current + 10,
      PageUp: current - 10,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys pressed on a row button bubble here
    <div ref={scrollRef} className="library-list" onKeyDown={onKeyDown}>
      <ul
        aria-label={i18n.t("sidepanel.library.list")}
        className="library-list__inner"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows.at(item.index) as Row;
          return (
            <li
              key={item.key}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className="library-list__item"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {row.kind === "page" ? (
                <p className="library-page-group" title={row.url}>
                  {i18n.t("sidepanel.library.pageGroup", {
                    title: row.title || row.url || i18n.t("sidepanel.library.untitled"),
                    count: row.count,
                  })}
                </p>
              ) : (
                <LibraryRow
                  entry={row.entry}
                  grouped={row.grouped}
                  index={item.index}
                  onOpen={onOpen}
                  editState={editStates?.get(row.entry.analysisId)}
                  selected={selection?.selected.has(row.entry.analysisId)}
                  onSelectedChange={selection?.change}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
});
