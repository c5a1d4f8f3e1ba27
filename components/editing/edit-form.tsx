import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { i18n } from "#i18n";
import type { ErrorDetail, JsonSchemaDocument } from "../../lib/api/contract";
import type { AnalysisPatch } from "../../lib/db/schema";
import { type EditableFieldName, fieldText } from "../../lib/editing/conflict-fields";
import type { EditableValues, EditDraft } from "../../lib/editing/edit-draft";
import { checkDraft } from "../../lib/editing/edit-patch";
import type { MetadataRow } from "../../lib/editing/metadata-rows";
import { CommandError } from "../../lib/messaging/protocol";
import { commandErrorText } from "../command-error-text";
import { MetadataEditor } from "../metadata-editor";
import { ThreadNote } from "../thread/thread-note";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { ConfirmInline } from "./confirm-inline";
import { JsonContentEditor } from "./json-content-editor";
import { jsonProblemMessage, textProblemMessage } from "./problem-messages";
import { ServiceVersion } from "./service-version";
import { TextContentEditor } from "./text-content-editor";

export interface EditFormProps {
  /** Prefix of the controls' ids. */
  id: string;
  draft: EditDraft;
  onDraftChange: (draft: EditDraft) => void;
  /** The version the edit is made against: only fields that differ from it are sent. */
  against: EditableValues;
  /** While merging by hand: the service's version, shown under each editor. */
  theirs?: EditableValues;
  schema: JsonSchemaDocument | undefined;
  restored: boolean;
  /** Sends the edit; throws (a `CommandError`) when the worker refuses it. */
  onSave: (patch: AnalysisPatch) => Promise<void>;
  /** Called instead of `onClose` when Save finds nothing changed (a merge equal to theirs settles as "theirs"). */
  onUnchanged?: () => Promise<void>;
  /** Leaves edit mode; `message` says why when nothing was sent. */
  onClose: (message?: string) => void;
}

type FieldErrors = Partial<Record<EditableFieldName, string>>;

/** Fields named by a refusal's details (`patch.textContent`, `choice.merged.metadata.k`, …). */
function refusalByField(details: readonly ErrorDetail[] | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of details ?? []) {
    const field = (["textContent", "jsonContent", "metadata"] as const).find((name) =>
      detail.path.split(".").includes(name),
    );
    if (field && !errors[field]) errors[field] = i18n.t("editing.fieldRefused", { message: detail.message });
  }
  return errors;
}

/** The three editors with Save and Cancel; Ctrl/⌘+S and Ctrl/⌘+Enter save. */
export function EditForm(props: EditFormProps) {
  const { id, draft, onDraftChange, against, theirs, schema } = props;
  const check = useMemo(() => checkDraft(draft, against, schema), [draft, against, schema]);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const textId = `${id}-text`;
  const jsonId = `${id}-json`;
  const metadataId = `${id}-metadata`;

  useEffect(() => {
    document.getElementById(textId)?.focus();
  }, [textId]);

  const problems = check.ok ? {} : check.problems;
  const textError = problems.textContent ? textProblemMessage(problems.textContent) : refused.textContent;
  const jsonError = problems.jsonContent ? jsonProblemMessage(problems.jsonContent) : refused.jsonContent;

  const change = (fields: Partial<EditDraft>) => {
    setRefused({});
    setFailure(undefined);
    onDraftChange({ ...draft, ...fields });
  };

  const focusFirstProblem = () => {
    const target = problems.textContent
      ? document.getElementById(textId)
      : problems.jsonContent
        ? document.getElementById(jsonId)
        : formRef.current?.querySelector<HTMLElement>(
            ".rows-editor [aria-invalid='true'], .rows-editor input",
          );
    target?.focus();
  };

  const save = async () => {
    if (saving) return;
    if (!check.ok) {
      setFailure(i18n.t("editing.fixFields"));
      focusFirstProblem();
      return;
    }
    if (!check.changed && !props.onUnchanged) {
      props.onClose(i18n.t("editing.noChanges"));
      return;
    }
    setSaving(true);
    setFailure(undefined);
    try {
      if (check.changed) await props.onSave(check.patch);
      else await props.onUnchanged?.();
    } catch (error) {
      const byField = error instanceof CommandError ? refusalByField(error.init.details) : {};
      setRefused(byField);
      setFailure(i18n.t("editing.saveFailed", { message: commandErrorText(error) }));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    if (event.key === "s" || event.key === "S" || event.key === "Enter") {
      event.preventDefault();
      void save();
    }
  };

  const cancel = () => {
    if (check.ok && !check.changed) props.onClose();
    else setConfirmingCancel(true);
  };

  const reference = (field: EditableFieldName) =>
    theirs ? <ServiceVersion text={fieldText(field, theirs[field])} /> : undefined;
  const statusId = `${id}-status`;
  return (
    <form
      ref={formRef}
      className="editing-form"
      aria-label={i18n.t("editing.region")}
      aria-describedby={statusId}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {props.restored ? (
        <p className="ll-notice ll-notice--info" role="status">
          {i18n.t("editing.restored")}
        </p>
      ) : null}
      <TextContentEditor
        id={textId}
        value={draft.textContent}
        onChange={(textContent) => change({ textContent })}
        error={textError}
        reference={reference("textContent")}
      />
      <JsonContentEditor
        id={jsonId}
        value={draft.jsonText}
        onChange={(jsonText) => change({ jsonText })}
        error={jsonError}
        schemaKnown={schema !== undefined}
        reference={reference("jsonContent")}
      />
      <div className="editing-field">
        <ThreadNote analysisId={draft.analysisId} metadata={against.metadata} />
        <MetadataEditor
          id={metadataId}
          rows={draft.metadataRows}
          onChange={(metadataRows: MetadataRow[]) => change({ metadataRows })}
        />
        {refused.metadata ? <ErrorMessage>{refused.metadata}</ErrorMessage> : null}
        {reference("metadata")}
      </div>
      <div className="editing-savebar">
        {confirmingCancel ? (
          <ConfirmInline
            message={i18n.t("editing.cancelConfirm")}
            confirmLabel={i18n.t("editing.cancelConfirmYes")}
            cancelLabel={i18n.t("editing.keepEditing")}
            onConfirm={() => props.onClose()}
            onCancel={() => setConfirmingCancel(false)}
          />
        ) : (
          <div className="editing-actions">
            <Button
              type="submit"
              variant="primary"
              disabled={saving}
              aria-keyshortcuts="Control+S Meta+S Control+Enter Meta+Enter"
            >
              {saving ? i18n.t("editing.saving") : i18n.t("editing.save")}
            </Button>
            <Button onClick={cancel} disabled={saving}>
              {i18n.t("editing.cancel")}
            </Button>
          </div>
        )}
        <p className="ll-field__hint">{i18n.t("editing.shortcutHint")}</p>
        <div id={statusId} role="status" aria-live="polite">
          {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
        </div>
      </div>
    </form>
  );
}
