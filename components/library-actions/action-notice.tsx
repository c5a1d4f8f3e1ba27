import { useEffect, useRef, useState } from "react";
import { i18n } from "#i18n";
import { Button } from "../ui/button";
import { actionErrorHeadline } from "./action-error-text";
import type { ActionNotice } from "./action-notice-state";

export interface ActionNoticeViewProps {
  notice: ActionNotice | null;
  onUndo: (undoToken: string) => void;
  onDismiss: () => void;
}

/** Details listed under an error; the rest are counted. */
const DETAILS_SHOWN = 8;

/**
 * The library actions' status region (always in the page, so screen readers announce what appears in
 * it): how an export, import, delete or undo went, with Undo after a delete while it can be undone.
 */
export function ActionNoticeView({ notice, onUndo, onDismiss }: ActionNoticeViewProps) {
  const undoRef = useRef<HTMLButtonElement>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);
  const undoUntil = notice?.kind === "deleted" && notice.undoToken ? notice.undoUntil : 0;
  const [undoOpen, setUndoOpen] = useState(false);

  useEffect(() => {
    const left = undoUntil - Date.now();
    setUndoOpen(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setUndoOpen(false), left);
    return () => clearTimeout(timer);
  }, [undoUntil]);

  // After a delete the keyboard goes to Undo (the control that deleted may be gone); after an undo, to
  // the notice's Dismiss button (Undo is gone).
  useEffect(() => {
    if (notice?.kind === "deleted" && undoOpen) undoRef.current?.focus();
    else if (notice?.kind === "restored") dismissRef.current?.focus();
  }, [notice, undoOpen]);

  const tone = !notice
    ? ""
    : notice.kind === "error"
      ? "danger"
      : notice.kind === "busy"
        ? "plain"
        : "success";
  return (
    // Empty when there is nothing to say, never hidden: a region that appears with its text is not always read.
    <div role="status" className={tone ? `action-notice action-notice--${tone}` : "action-notice"}>
      {notice ? (
        <>
          <div className="action-notice__text">
            <NoticeText notice={notice} />
          </div>
          {notice.kind !== "busy" ? (
            <div className="action-notice__buttons">
              {notice.kind === "deleted" && notice.undoToken && undoOpen ? (
                <Button
                  ref={undoRef}
                  size="small"
                  variant="primary"
                  onClick={() => onUndo(notice.undoToken as string)}
                >
                  {i18n.t("libraryActions.undo")}
                </Button>
              ) : null}
              <Button ref={dismissRef} size="small" onClick={onDismiss}>
                {i18n.t("libraryActions.dismiss")}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function NoticeText({ notice }: { notice: ActionNotice }) {
  switch (notice.kind) {
    case "busy":
      return <p>{notice.text}</p>;
    case "exported":
      return (
        <p>
          {i18n.t("libraryActions.exported", notice.count, { count: notice.count, file: notice.filename })}
        </p>
      );
    case "imported": {
      const { summary } = notice;
      // One sentence per case, not a fragment appended: a language may put the unsent edits elsewhere.
      const counts = {
        file: notice.filename,
        added: summary.added,
        updated: summary.updated,
        skipped: summary.skipped,
      };
      return (
        <>
          <p>
            {summary.skippedPending > 0
              ? i18n.t("libraryActions.importedWithPending", { ...counts, pending: summary.skippedPending })
              : i18n.t("libraryActions.imported", counts)}
          </p>
          {summary.skipped > 0 ? (
            <p className="action-notice__note">{i18n.t("libraryActions.skippedWhy")}</p>
          ) : null}
        </>
      );
    }
    case "deleted":
      return (
        <>
          {notice.deleted > 0 ? (
            <p>{i18n.t("libraryActions.deleted", notice.deleted, { count: notice.deleted })}</p>
          ) : null}
          {notice.keptPending > 0 ? (
            <p>{i18n.t("libraryActions.keptPending", notice.keptPending, { count: notice.keptPending })}</p>
          ) : null}
          {notice.deleted > 0 ? (
            <p className="action-notice__note">{i18n.t("libraryActions.serviceKeeps")}</p>
          ) : null}
        </>
      );
    case "restored":
      return (
        <>
          <p>{i18n.t("libraryActions.restored", notice.restored, { count: notice.restored })}</p>
          {notice.skipped > 0 ? (
            <p className="action-notice__note">
              {i18n.t("libraryActions.restoreSkipped", notice.skipped, { count: notice.skipped })}
            </p>
          ) : null}
        </>
      );
    case "error": {
      const shown = notice.details.slice(0, DETAILS_SHOWN);
      const more = notice.details.length - shown.length;
      return (
        <>
          <p className="action-notice__headline">
            <span aria-hidden="true">⚠ </span>
            {actionErrorHeadline(notice.code)}
          </p>
          {shown.length > 0 ? (
            <ul className="action-notice__details">
              {shown.map((detail) => (
                <li key={`${detail.path}\u0000${detail.message}`}>
                  {detail.path ? <code>{detail.path}</code> : null}
                  {detail.path ? ": " : ""}
                  {detail.message}
                </li>
              ))}
              {more > 0 ? <li>{i18n.t("libraryActions.moreDetails", { count: more })}</li> : null}
            </ul>
          ) : notice.message ? (
            <p className="action-notice__note">{notice.message}</p>
          ) : null}
          {notice.code === "not_json" || notice.code === "invalid_import" ? (
            <p className="action-notice__note">{i18n.t("libraryActions.nothingChanged")}</p>
          ) : null}
        </>
      );
    }
  }
}
