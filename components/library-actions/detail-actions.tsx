import { useId, useState } from "react";
import { i18n } from "#i18n";
import type { CachedAnalysis } from "../../lib/db/schema";
import { ConfirmInline } from "../editing/confirm-inline";
import { useThread } from "../thread/use-thread";
import { Button } from "../ui/button";
import { ExportControl } from "./export-control";
import type { LibraryActions } from "./use-library-actions";

export interface DetailActionsProps {
  record: CachedAnalysis;
  actions: LibraryActions;
  /** Called once the analysis is gone from the cache (the detail has nothing left to show). */
  onDeleted: () => void;
}

/** An analysis's own actions in its detail's toolbar: export it. */
export function DetailActions({ record, actions }: Omit<DetailActionsProps, "onDeleted">) {
  return (
    <ExportControl
      label={i18n.t("libraryActions.exportThis")}
      onExport={(format) => void actions.exportAnalyses(format, [record.analysisId])}
    />
  );
}

/**
 * Removing the analysis from this browser's library, with undo (the notice offers it): a plain button
 * at the end of the detail, where it is not pressed by mistake. It stays removed after a refresh.
 */
export function DetailRemoval({ record, actions, onDeleted }: DetailActionsProps) {
  const noteId = useId();
  const thread = useThread(record.analysisId);
  const [asking, setAsking] = useState(false);
  const turnIds = thread && thread.turns.length > 1 ? thread.turns.map((turn) => turn.analysisId) : undefined;
  const remove = async (ids: string[]) => {
    const result = await actions.deleteAnalyses(ids);
    if (result && result.deleted > 0) onDeleted();
  };
  if (asking && turnIds) {
    return (
      <ConfirmInline
        message={i18n.t("libraryActions.deleteThreadAsk", turnIds.length)}
        confirmLabel={i18n.t("libraryActions.deleteThread")}
        cancelLabel={i18n.t("libraryActions.keepThread")}
        onConfirm={() => void remove(turnIds)}
        onCancel={() => setAsking(false)}
      />
    );
  }
  return (
    <>
      <Button
        size="small"
        aria-describedby={noteId}
        // A thread's turns go together, once the user said yes to removing them all.
        onClick={() => (turnIds ? setAsking(true) : void remove([record.analysisId]))}
      >
        {turnIds ? i18n.t("libraryActions.deleteThread") : i18n.t("libraryActions.deleteThis")}
      </Button>
      <p id={noteId} className="detail__removal-note">
        {i18n.t("libraryActions.deleteNote")}
      </p>
    </>
  );
}
