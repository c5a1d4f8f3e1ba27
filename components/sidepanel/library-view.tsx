import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useState,
} from "react";
import { i18n } from "#i18n";
import type { SidepanelFocus } from "../../lib/browser/sidepanel-focus";
import {
  isComparisonEntry,
  type LibraryComparison,
  oneRowPerComparison,
} from "../../lib/library/comparison-entries";
import type { LibraryEntry } from "../../lib/library/library-entry";
import {
  applyFilters,
  type LibraryFilters as Filters,
  hasActiveFilters,
  metadataKeys,
  NO_FILTERS,
  presetCounts,
  siteCounts,
} from "../../lib/library/library-filters";
import { createLibrarySearch } from "../../lib/library/library-search";
import { analysisRows, pageGroupRows } from "../../lib/library/page-groups";
import type { LibraryIndex } from "../../lib/library/search-index";
import { idsOfRow, oneRowPerThread, threadGroups } from "../../lib/library/thread-entries";
import { SelectionBar } from "../library-actions/selection-bar";
import type { LibrarySelection } from "../library-actions/use-selection";
import { Button } from "../ui/button";
import { FocusBanner } from "./focus-banner";
import { FiltersToggle, LibraryFilters } from "./library-filters";
import { LibraryList } from "./library-list";
import { LibraryMenu } from "./library-menu";
import { SearchBox } from "./search-box";
import { useSearchRenderedMark } from "./search-timing";
import { useEditStates } from "./use-edit-states";

export interface LibraryViewProps {
  /** Every cached analysis, newest first; `undefined` while loading. */
  entries: LibraryEntry[] | undefined;
  /** `entries` holds every analysis, not only the newest (see useLibraryEntries). */
  complete: boolean;
  /** Search over every analysis; until it is there, a search shows the loading state. */
  index: LibraryIndex | undefined;
  /** A job's results to show instead of the whole library. */
  focus: SidepanelFocus | null;
  onClearFocus: () => void;
  onOpen: (analysisId: string) => void;
  /** The comparisons, each one row standing for its pages' analyses (lib/library/comparison-entries.ts). */
  comparisons?: readonly LibraryComparison[];
  /** Opens a comparison's table (its row's `analysisId` is the comparison's job id). */
  onOpenComparison?: (jobId: string) => void;
  /**
   * Library-wide actions (export, import, delete the selection): in the toolbar's menu, and beside
   * "Select all shown" while rows are selected.
   */
  toolbarActions?: ReactNode;
  /**
   * Selecting analyses for the toolbar's actions: a checkbox per row; "Select all shown" once one is
   * selected; Escape clears.
   */
  selection?: LibrarySelection;
}

const NO_ENTRIES: LibraryEntry[] = [];
const NO_COMPARISONS: readonly LibraryComparison[] = [];

/** The ids of a list of entries, once per list: erasing a search goes back to lists already shown. */
const idsByList = new WeakMap<readonly LibraryEntry[], string[]>();
function idsOf(entries: readonly LibraryEntry[]): string[] {
  let ids = idsByList.get(entries);
  if (!ids) {
    // A comparison is deleted from its table, where it asks first: its row is not selected with the rest.
    ids = entries.flatMap((entry) => (isComparisonEntry(entry) ? [] : idsOfRow(entry)));
    idsByList.set(entries, ids);
  }
  return ids;
}

/** Every cached analysis: search as you type, filters, grouping by page, and the virtualized list. */
export function LibraryView({
  entries,
  complete,
  index,
  focus,
  onClearFocus,
  onOpen,
  comparisons = NO_COMPARISONS,
  onOpenComparison,
  toolbarActions,
  selection,
}: LibraryViewProps) {
  const [query, setQuery] = useState("");
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [grouped, setGrouped] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  // The field follows every keystroke at once; the list follows as soon as it can.
  const deferredQuery = useDeferredValue(query);

  const all = entries ?? NO_ENTRIES;
  const focused = useMemo(() => {
    if (!focus) return all;
    const ids = new Set(focus.analysisIds);
    return all.filter((entry) => ids.has(entry.analysisId));
  }, [all, focus]);
  const search = useMemo(() => createLibrarySearch(focused, index), [focused, index]);
  const searched = useMemo(() => search.search(deferredQuery), [search, deferredQuery]);
  const threads = useMemo(() => threadGroups(all), [all]);
  // Search and filters look at every turn of a thread and every page of a comparison; a match shows the
  // thread, or the comparison, as one row. With nothing narrowing the list, every comparison has its row.
  const everything = !focus && deferredQuery.trim() === "" && !hasActiveFilters(filters);
  const shown = useMemo(
    () =>
      oneRowPerComparison(oneRowPerThread(applyFilters(searched, filters), threads), comparisons, everything),
    [searched, filters, threads, comparisons, everything],
  );
  const openRow = useCallback(
    (id: string) => {
      if (onOpenComparison && comparisons.some((comparison) => comparison.jobId === id)) onOpenComparison(id);
      else onOpen(id);
    },
    [comparisons, onOpen, onOpenComparison],
  );
  const rows = useMemo(() => (grouped ? pageGroupRows(shown) : analysisRows(shown)), [grouped, shown]);
  const sites = useMemo(() => siteCounts(all), [all]);
  const presets = useMemo(() => presetCounts(all), [all]);
  const editStates = useEditStates();
  const keys = useMemo(() => metadataKeys(all), [all]);
  const shownIds = useMemo(() => idsOf(shown), [shown]);
  // Its count of selected rows among those shown goes through them all: only when they change.
  const selectionBar = useMemo(
    () =>
      selection && shownIds.length > 0 ? <SelectionBar shownIds={shownIds} selection={selection} /> : null,
    [selection, shownIds],
  );
  useSearchRenderedMark(deferredQuery);

  // Escape clears the selection, unless it is clearing a search field first.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented || !selection || selection.selected.size === 0)
      return;
    const target = event.target as HTMLInputElement;
    if (target.type === "search" && target.value !== "") return;
    event.preventDefault();
    selection.clear();
  };

  const narrowed = query.trim() !== "" || hasActiveFilters(filters);
  let body: ReactNode;
  if (entries === undefined || (!complete && shown.length === 0)) {
    body = (
      <p role="status" className="library-state">
        {i18n.t("sidepanel.loading")}
      </p>
    );
  } else if (focused.length === 0 && !focus && shown.length === 0) {
    body = <p className="library-state">{i18n.t("sidepanel.library.empty")}</p>;
  } else if (shown.length === 0) {
    body = (
      <div className="library-state">
        <p>
          {focus && focused.length === 0
            ? i18n.t("sidepanel.focus.none")
            : i18n.t("sidepanel.library.noMatch")}
        </p>
        {narrowed ? (
          <Button
            size="small"
            onClick={() => {
              setQuery("");
              setFilters(NO_FILTERS);
            }}
          >
            {i18n.t("sidepanel.library.clearAll")}
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = <LibraryList rows={rows} onOpen={openRow} selection={selection} editStates={editStates} />;
  }

  const filtersOn = hasActiveFilters(filters) || grouped;
  const anySelected = selection !== undefined && selection.selected.size > 0;
  return (
    <section className="library" aria-labelledby="library-heading" onKeyDown={onKeyDown}>
      <h2 id="library-heading" className="ll-visually-hidden">
        {i18n.t("sidepanel.library.heading")}
      </h2>
      <div className="library__toolbar">
        <SearchBox value={query} onChange={setQuery} />
        <FiltersToggle
          panelId={filtersId}
          open={filtersOpen}
          active={filtersOn}
          onToggle={() => setFiltersOpen((open) => !open)}
        />
        {toolbarActions && !anySelected ? <LibraryMenu>{toolbarActions}</LibraryMenu> : null}
      </div>
      {/* Said to assistive technology always; on screen only while a search or filter narrows the list. */}
      <p className={narrowed ? "library__count" : "library__count ll-visually-hidden"} role="status">
        {!complete
          ? i18n.t("sidepanel.library.loadingAll")
          : narrowed
            ? i18n.t("sidepanel.library.matching", shown.length)
            : i18n.t("sidepanel.library.count", focused.length)}
      </p>
      {filtersOpen ? (
        <LibraryFilters
          id={filtersId}
          filters={filters}
          onChange={setFilters}
          sites={sites}
          presets={presets}
          metadataKeys={keys}
          grouped={grouped}
          onGroupedChange={setGrouped}
        />
      ) : null}
      {focus ? <FocusBanner focus={focus} onShowAll={onClearFocus} /> : null}
      {anySelected ? (
        <div className="library__selection">
          {selectionBar}
          {toolbarActions ? (
            <div role="toolbar" aria-label={i18n.t("sidepanel.library.toolbar")} className="library__actions">
              {toolbarActions}
            </div>
          ) : null}
        </div>
      ) : null}
      {body}
    </section>
  );
}
