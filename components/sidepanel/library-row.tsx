import { i18n } from "#i18n";
import type { LibraryEntry } from "../../lib/library/library-entry";
import { safeHref } from "../../lib/links/safe-link";
import { formatDate } from "../format-date";
import { hideBrokenImage } from "../hide-broken-image";

export interface LibraryRowProps {
  entry: LibraryEntry;
  grouped: boolean;
  index: number;
  onOpen: (analysisId: string) => void;
  /** Whether the analysis is selected; the checkbox shows only with `onSelectedChange`. */
  selected?: boolean;
  onSelectedChange?: (analysisIds: readonly string[], selected: boolean) => void;
}

/**
 * One analysis in the library: favicon, title, site and date, and what it holds. A button that opens it,
 * after a checkbox that selects it when the library offers selection.
 */
export function LibraryRow({ entry, grouped, index, onOpen, selected, onSelectedChange }: LibraryRowProps) {
  const title = entry.title || i18n.t("sidepanel.library.untitled");
  const button = <RowButton entry={entry} title={title} grouped={grouped} index={index} onOpen={onOpen} />;
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
      <input
        type="checkbox"
        className="library-row__select"
        aria-label={i18n.t("libraryActions.selectRow", { title })}
        checked={selected === true}
        onChange={(event) => onSelectedChange([entry.analysisId], event.currentTarget.checked)}
      />
      {button}
    </div>
  );
}

function RowButton({
  entry,
  title,
  grouped,
  index,
  onOpen,
}: Omit<LibraryRowProps, "selected" | "onSelectedChange"> & { title: string }) {
  const favicon = entry.favicon ? safeHref(entry.favicon) : null;
  return (
    <button
      type="button"
      className={grouped ? "library-row library-row--grouped" : "library-row"}
      data-index={index}
      data-analysis-id={entry.analysisId}
      onClick={() => onOpen(entry.analysisId)}
    >
      {favicon ? (
        <img
          className="library-row__icon"
          src={favicon}
          alt=""
          width={16}
          height={16}
          onError={hideBrokenImage}
        />
      ) : (
        <span className="library-row__icon" aria-hidden="true" />
      )}
      <span className="library-row__text">
        <span className="library-row__title">{title}</span>
        <span className="library-row__meta">
          {entry.host || entry.url}
          {" · "}
          {formatDate(entry.time, true)}
          {entry.hasJson ? (
            <span className="library-badge">{i18n.t("sidepanel.library.hasJson")}</span>
          ) : null}
          {entry.partial ? (
            <span className="library-badge" title={i18n.t("sidepanel.library.partialHint")}>
              {i18n.t("sidepanel.library.partial")}
            </span>
          ) : null}
          {entry.pending ? (
            <span className="library-badge library-badge--warning">
              {i18n.t("sidepanel.library.pending")}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
