import { i18n } from "#i18n";
import { Button } from "../ui/button";
import { ExportControl } from "./export-control";
import { ImportControl } from "./import-control";
import type { LibraryActions } from "./use-library-actions";

export interface LibraryToolbarActionsProps {
  /** The selected analyses; none means the actions apply to everything. */
  selectedIds: readonly string[];
  /** How many analyses are cached. */
  total: number;
  actions: LibraryActions;
}

/** The library toolbar: export (the selection, or everything), import a JSON export, delete the selection. */
export function LibraryToolbarActions({ selectedIds, total, actions }: LibraryToolbarActionsProps) {
  const count = selectedIds.length;
  return (
    <>
      <ExportControl
        label={
          count > 0
            ? i18n.t("libraryActions.exportSelected", count, { count })
            : i18n.t("libraryActions.exportAll")
        }
        disabled={count === 0 && total === 0}
        onExport={(format) => void actions.exportAnalyses(format, count > 0 ? selectedIds : undefined)}
      />
      <ImportControl onFile={(file) => void actions.importFile(file)} />
      {count > 0 ? (
        <Button
          size="small"
          variant="danger"
          aria-describedby="delete-selected-note"
          onClick={() => void actions.deleteAnalyses(selectedIds)}
        >
          {i18n.t("libraryActions.deleteSelected", count, { count })}
        </Button>
      ) : null}
      <span id="delete-selected-note" className="ll-visually-hidden">
        {i18n.t("libraryActions.deleteNote")}
      </span>
    </>
  );
}
