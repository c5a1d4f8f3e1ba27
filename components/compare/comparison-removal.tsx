import { useId, useState } from "react";
import { i18n } from "#i18n";
import { ConfirmInline } from "../editing/confirm-inline";
import { Button } from "../ui/button";

export interface ComparisonRemovalProps {
  /** The analyses its pages made (its job's and its retries'). */
  analysisIds: readonly string[];
  /** Removes the comparison and its analyses (with undo); settles when done. */
  onDelete: () => Promise<void>;
}

/**
 * Removing a comparison from this browser: its table and every page's analysis go together, once the
 * user said yes, and the notice offers Undo. A plain button at the end of the table, out of the way.
 */
export function ComparisonRemoval({ analysisIds, onDelete }: ComparisonRemovalProps) {
  const noteId = useId();
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <ConfirmInline
        message={i18n.t("compare.deleteAsk", analysisIds.length, { count: analysisIds.length })}
        confirmLabel={i18n.t("compare.delete")}
        cancelLabel={i18n.t("compare.keep")}
        onConfirm={() => void onDelete().finally(() => setAsking(false))}
        onCancel={() => setAsking(false)}
      />
    );
  }
  return (
    <div className="comparison__removal">
      <Button size="small" aria-describedby={noteId} onClick={() => setAsking(true)}>
        {i18n.t("compare.delete")}
      </Button>
      <p id={noteId} className="detail__removal-note">
        {i18n.t("libraryActions.deleteNote")}
      </p>
    </div>
  );
}
