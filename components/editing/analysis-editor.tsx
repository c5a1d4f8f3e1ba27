import "./editing.css";
import { useLiveQuery } from "dexie-react-hooks";
import {
  type JSX,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { i18n } from "#i18n";
import { analysisSchemaOf } from "../../lib/db/analysis-schema";
import { db } from "../../lib/db/database";
import { outboxEntriesOf } from "../../lib/db/outbox";
import { editableFieldsOf } from "../../lib/db/records";
import type { AnalysisPatch, FullCachedAnalysis } from "../../lib/db/schema";
import { baseForSave, draftFromValues, type EditableValues } from "../../lib/editing/edit-draft";
import { editStatusOf } from "../../lib/editing/edit-status";
import { sendCommand } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { useNow } from "../popup/use-now";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { ConflictView } from "./conflict-view";
import { EditStatusBar } from "./edit-status-bar";
import { useEditDraft } from "./use-edit-draft";

/** Loaded when editing starts: it brings the JSON Schema validator, which only editing needs. */
const EditForm = lazy(() => import("./edit-form").then(({ EditForm }) => ({ default: EditForm })));

export interface AnalysisEditorProps {
  analysisId: string;
  /** The fields as they read when not editing; the edit form takes their place while editing. */
  readOnly?: ReactNode;
}

/**
 * Editing of one cached analysis: its text, JSON content and metadata. Saving goes through the worker's
 * outbox (`analysis.save`); this shows where the edit is (sending, waiting to retry, refused), and a
 * conflict with the service's version until the user settles it. The draft survives the panel closing.
 */
export function AnalysisEditor({ analysisId, readOnly }: AnalysisEditorProps) {
  const row = useLiveQuery(async () => (await db.analyses.get(analysisId)) ?? null, [analysisId]);
  const entries = useLiveQuery(() => outboxEntriesOf(db, analysisId), [analysisId]);
  const schemaLookup = useLiveQuery(
    async () => ({ schema: await analysisSchemaOf(db, analysisId) }),
    [analysisId],
  );
  const edit = useEditDraft(analysisId);
  const [notice, setNotice] = useState<string>();
  const [loadFailure, setLoadFailure] = useState<string>();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const focusEditButton = useRef(false);
  const id = `edit-${useId().replace(/:/g, "")}`;

  const waiting = entries?.[0]?.state === "pending";
  const now = useNow(waiting);
  const status = useMemo(() => editStatusOf(entries ?? [], now), [entries, now]);
  const mine = useMemo<EditableValues>(() => (row ? editableFieldsOf(row) : {}), [row]);

  useEffect(() => {
    if (focusEditButton.current && !edit.draft) {
      focusEditButton.current = false;
      editButtonRef.current?.focus();
    }
  });

  if (row === undefined || entries === undefined || schemaLookup === undefined || !edit.loaded) {
    return readOnly ?? <p className="ll-field__hint">{i18n.t("editing.loading")}</p>;
  }
  if (row === null) {
    return <p className="ll-notice">{i18n.t("editing.notCached")}</p>;
  }
  const schema = schemaLookup.schema;
  const conflict = status.kind === "conflict" ? status.head : undefined;
  const conflictEntry = conflict?.serverRecord
    ? { ...conflict, serverRecord: conflict.serverRecord }
    : undefined;

  const close = async (message?: string) => {
    focusEditButton.current = true;
    setNotice(message);
    await edit.discard();
  };

  const loadFull = async () => {
    setLoadFailure(undefined);
    try {
      await sendCommand("analysis.refresh", { analysisId });
    } catch (error) {
      setLoadFailure(i18n.t("editing.loadFailed", { message: commandErrorText(error) }));
    }
  };

  const startEditing = () => {
    if (row.partial) return;
    setNotice(undefined);
    edit.start(draftFromValues(analysisId, mine, row as FullCachedAnalysis));
  };

  const startMerge = () => {
    if (!conflictEntry) return;
    setNotice(undefined);
    edit.start({
      ...draftFromValues(analysisId, mine, { updatedAt: conflictEntry.serverRecord.updatedAt }),
      mergeSeq: conflictEntry.seq,
    });
  };

  const draft = edit.draft;
  // A merge whose conflict was settled elsewhere (another view, a restart) goes on as a plain edit.
  const merging =
    draft?.mergeSeq !== undefined && conflictEntry?.seq === draft.mergeSeq ? conflictEntry : undefined;

  let body: JSX.Element;
  if (draft) {
    const theirs = merging ? editableFieldsOf(merging.serverRecord) : undefined;
    const save = async (patch: AnalysisPatch) => {
      if (merging) {
        await sendCommand("outbox.resolve", { seq: merging.seq, choice: { merged: patch } });
      } else {
        const baseUpdatedAt = baseForSave(
          draft.mergeSeq === undefined ? draft : { ...draft, startedOnPending: true },
          row.updatedAt ?? draft.baseUpdatedAt,
        );
        await sendCommand("analysis.save", { analysisId, patch, baseUpdatedAt });
      }
      await close();
    };
    body = (
      <>
        {merging ? (
          <h3 className="editing-conflict__title">{i18n.t("editing.conflict.mergeTitle")}</h3>
        ) : null}
        {conflictEntry && !merging ? (
          <ConflictView entry={conflictEntry} mine={mine} onMergeByHand={startMerge} />
        ) : null}
        <Suspense fallback={null}>
          <EditForm
            id={id}
            draft={draft}
            onDraftChange={edit.change}
            against={theirs ?? mine}
            theirs={theirs}
            schema={schema}
            restored={edit.restored}
            onSave={save}
            onUnchanged={
              merging
                ? async () => {
                    await sendCommand("outbox.resolve", { seq: merging.seq, choice: "theirs" });
                    await close();
                  }
                : undefined
            }
            onClose={(message) => void close(message)}
          />
        </Suspense>
      </>
    );
  } else if (conflictEntry) {
    body = <ConflictView entry={conflictEntry} mine={mine} onMergeByHand={startMerge} />;
  } else if (row.partial) {
    body = (
      <div className="ll-notice ll-notice--info editing-partial">
        <p>{i18n.t("editing.partial")}</p>
        <div className="editing-actions">
          <Button size="small" onClick={() => void loadFull()}>
            {i18n.t("editing.loadFull")}
          </Button>
        </div>
        {loadFailure ? <ErrorMessage>{loadFailure}</ErrorMessage> : null}
      </div>
    );
  } else {
    body = (
      <div className="editing-actions">
        <Button
          ref={editButtonRef}
          variant="primary"
          onClick={startEditing}
          aria-label={i18n.t("editing.editLabel")}
        >
          {i18n.t("editing.edit")}
        </Button>
      </div>
    );
  }

  // Escape inside the form stays in the form: the page around it may take Escape to mean "leave".
  const keepEscape = (event: KeyboardEvent) => {
    if (draft && event.key === "Escape") event.preventDefault();
  };

  return (
    <>
      <section
        className="analysis-editor"
        aria-label={i18n.t("editing.region")}
        data-analysis-id={analysisId}
        data-editing={draft ? "true" : undefined}
        onKeyDown={keepEscape}
      >
        {status.kind !== "none" && status.kind !== "conflict" ? (
          <EditStatusBar status={status} entries={entries} />
        ) : null}
        {body}
        <div role="status" className="analysis-editor__notice">
          {notice && !draft ? <p className="ll-field__hint">{notice}</p> : null}
        </div>
      </section>
      {draft ? null : readOnly}
    </>
  );
}
