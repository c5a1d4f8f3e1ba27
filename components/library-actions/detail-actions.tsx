import { useId } from "react";
import { i18n } from "#i18n";
import type { CachedAnalysis } from "../../lib/db/schema";
import { Button } from "../ui/button";
import { ExportControl } from "./export-control";
import type { LibraryActions } from "./use-library-actions";

export interface DetailActionsProps {
  record: CachedAnalysis;
  actions: LibraryActions;
  /** Called once the analysis is gone from the cache (the detail has nothing left to show). */
  onDeleted: () => void;
}

/** An analysis's own actions in its detail: export it, delete it from this browser (with undo). */
export function DetailActions({ record, actions, onDeleted }: DetailActionsProps) {
  const noteId = useId();
  return (
    <>
      <ExportControl
        label={i18n.t("libraryActions.exportThis")}
        onExport={(format) => void actions.exportAnalyses(format, [record.analysisId])}
      />
      <Button
        size="small"
        variant="danger"
        aria-describedby={noteId}
        onClick={async () => {
          const result = await actions.deleteAnalyses([record.analysisId]);
          if (result && result.deleted > 0) onDeleted();
        }}
      >
        {i18n.t("libraryActions.deleteThis")}
      </Button>
      <span id={noteId} className="ll-visually-hidden">
        {i18n.t("libraryActions.deleteNote")}
      </span>
    </>
  );
}
