import { i18n } from "#i18n";
import type { EditStateKind } from "../../lib/editing/edit-states";
import { isComparisonEntry } from "../../lib/library/comparison-entries";
import type { LibraryEntry } from "../../lib/library/library-entry";
import { idsOfRow } from "../../lib/library/thread-entries";
import { Favicon } from "../favicon";
import { formatDate } from "../format-date";

export interface LibraryRowProps {
  entry: LibraryEntry;
  grouped: boolean;
  index: number;
  onOpen: (analysisId: string) => void;
  /** Where the analysis's waiting edits are, when it has any (from the outbox). */
  editState?: EditStateKind;
  /** Whether the analysis is selected; the checkbox shows only with `onSelectedChange`. */
  selected?: boolean;
  onSelectedChange?: (analysisIds: readonly string[], selected: boolean) => void;
}

/**
 * One analysis in the library, enough to tell it at a glance: favicon and title, the prompt (or the
 * preset) it was made with, the first line of its result, then site, date, cost and its state (an edit
 * waiting, refused or in conflict, or edited here). A button that opens it, after a checkbox that
 * selects it when the library offers selection.
 */
export function LibraryRow({
  entry,
  grouped,
  index,
  onOpen,
  editState,
  selected,
  onSelectedChange,
}: LibraryRowProps) {
  const title = entry.title || i18n.t("sidepanel.library.untitled");
  const button = (
    <RowButton
      entry={entry}
      title={title}
      grouped={grouped}
      index={index}
      onOpen={onOpen}
      editState={editState}
    />
  );
  if (!onSelectedChange) return button;
  return (
    <div
      className={[
        "library-row-wrap",
        grouped && "library-row-wrap--grouped",
        selected && "library-row-wrap--selected",
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {/* A comparison is deleted from its table, which asks first; its place keeps the rows aligned. */}
      {isComparisonEntry(entry) ? (
        <span className="library-row__select" aria-hidden="true" />
      ) : (
        <input
          type="checkbox"
          className="library-row__select"
          aria-label={i18n.t("libraryActions.selectRow", { title })}
          checked={selected === true}
          onChange={(event) => onSelectedChange(idsOfRow(entry), event.currentTarget.checked)}
        />
      )}
      {button}
    </div>
  );
}

/** The row's state badge: the outbox's word first, else the row's own marks. */
function StateBadge({ entry, editState }: { entry: LibraryEntry; editState?: EditStateKind }) {
  if (editState === "rejected" || editState === "conflict") {
    return (
      <span className="library-badge library-badge--danger" data-state={editState}>
        {editState === "rejected"
          ? i18n.t("sidepanel.library.state.rejected")
          : i18n.t("sidepanel.library.state.conflict")}
      </span>
    );
  }
  if (editState || entry.pending) {
    return (
      <span className="library-badge library-badge--warning" data-state="pending">
        {i18n.t("sidepanel.library.pending")}
      </span>
    );
  }
  if (entry.edited) {
    return (
      <span className="library-badge" data-state="edited">
        {i18n.t("sidepanel.library.state.edited")}
      </span>
    );
  }
  return null;
}

function RowButton({
  entry,
  title,
  grouped,
  index,
  onOpen,
  editState,
}: Omit<LibraryRowProps, "selected" | "onSelectedChange"> & { title: string }) {
  const made = entry.prompt
    ? i18n.t("sidepanel.library.prompt", { prompt: entry.prompt })
    : entry.presetName
      ? i18n.t("sidepanel.library.preset", { preset: entry.presetName })
      : "";
  return (
    <button
      type="button"
      className={grouped ? "library-row library-row--grouped" : "library-row"}
      data-index={index}
      data-analysis-id={entry.analysisId}
      onClick={() => onOpen(entry.analysisId)}
    >
      <span className="library-row__icon" aria-hidden="true">
        <Favicon url={entry.favicon} site={entry.host || title} className="library-row__favicon" size={16} />
      </span>
      {/* Each line ends at a word with "…" when too long; its tooltip holds the whole text. */}
      <span className="library-row__text">
        <span className="library-row__head">
          <span className="library-row__title" title={title}>
            {title}
          </span>
          {entry.thread ? (
            <span className="library-badge" data-state="thread">
              {i18n.t("sidepanel.library.questions", entry.thread.turnIds.length)}
            </span>
          ) : null}
          <StateBadge entry={entry} editState={editState} />
        </span>
        {made ? (
          <span className="library-row__prompt" title={made}>
            {made}
          </span>
        ) : null}
        <span
          className={
            entry.firstLine ? "library-row__result" : "library-row__result library-row__result--none"
          }
          title={entry.firstLine || undefined}
        >
          {entry.firstLine || i18n.t("sidepanel.library.noResult")}
        </span>
        <span className="library-row__meta">
          <span className="library-row__site" title={entry.url || entry.host}>
            {entry.host || entry.url}
          </span>
          <span className="library-row__facts">
            {"\u00a0· "}
            {formatDate(entry.time, true)}
            {" · "}
            {entry.costCredits === undefined ? (
              <span className="library-row__cost" title={i18n.t("sidepanel.library.costUnknownHint")}>
                {i18n.t("sidepanel.library.costUnknown")}
              </span>
            ) : (
              <span className="library-row__cost">{i18n.t("credits", entry.costCredits)}</span>
            )}
            {entry.hasJson ? (
              <span className="library-badge">{i18n.t("sidepanel.library.hasJson")}</span>
            ) : null}
            {entry.partial ? (
              <span className="library-badge" title={i18n.t("sidepanel.library.partialHint")}>
                {i18n.t("sidepanel.library.partial")}
              </span>
            ) : null}
          </span>
        </span>
      </span>
    </button>
  );
}
