import "./rows-editor.css";
import { useEffect, useRef, useState } from "react";
import { i18n } from "#i18n";
import { LIMITS } from "../lib/api/limits";
import {
  canAddRow,
  editRows,
  METADATA_VALUE_TYPES,
  type MetadataCheck,
  type MetadataRow,
  type MetadataValueType,
  type RowEdit,
} from "../lib/editing/metadata-rows";
import { metadataKeyProblemText, metadataTypeLabel, metadataValueProblemText } from "./metadata-row-messages";
import { Button } from "./ui/button";
import { ErrorMessage } from "./ui/error-message";

/** What a place calls its rows and their controls (`n` counts rows from 1). */
export interface RowLabels {
  legend: string;
  hint: string;
  add: string;
  /** Shown when there are more rows than the contract takes. */
  tooMany: string;
  key: (n: number) => string;
  type: (n: number) => string;
  value: (n: number) => string;
  remove: (n: number) => string;
}

export interface RowsEditorProps {
  /** Prefix of the controls' ids (unique in the page). */
  id: string;
  labels: RowLabels;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  /** The problems to show (`checkMetadataRows`): as they are typed, or once a send was tried. */
  check: MetadataCheck;
}

/**
 * Typed key = value rows (text, number, true/false, null): metadata, a filter. Every problem is shown under
 * its row and tied to its control; a new row takes the focus on its key, and after a removal the focus
 * goes to the add button.
 */
export function RowsEditor({ id, labels, rows, onChange, check }: RowsEditorProps) {
  const [focusRowId, setFocusRowId] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusRowId === null) return;
    if (focusRowId === "") addRef.current?.focus();
    else document.getElementById(`${id}-${focusRowId}-key`)?.focus();
    setFocusRowId(null);
  }, [focusRowId, id]);

  const edit = (change: RowEdit) => onChange(editRows(rows, change));

  const add = () => {
    const rowId = crypto.randomUUID();
    edit({ kind: "add", id: rowId });
    setFocusRowId(rowId);
  };

  const remove = (rowId: string) => {
    edit({ kind: "remove", id: rowId });
    setFocusRowId("");
  };

  const hintId = `${id}-hint`;
  const tooManyId = `${id}-too-many`;
  return (
    <fieldset className="rows-editor" aria-describedby={hintId}>
      <legend className="ll-field__label">{labels.legend}</legend>
      <p id={hintId} className="ll-field__hint">
        {labels.hint}
      </p>
      {rows.length > 0 ? (
        <ul className="rows-editor__rows">
          {rows.map((row, index) => {
            const n = index + 1;
            const base = `${id}-${row.id}`;
            const errors = check.rows[row.id] ?? {};
            const keyErrorId = `${base}-key-error`;
            const valueErrorId = `${base}-value-error`;
            const valueProps = {
              id: `${base}-value`,
              "aria-label": labels.value(n),
              "aria-invalid": errors.value ? (true as const) : undefined,
              "aria-describedby": errors.value ? valueErrorId : undefined,
            };
            const onValue = (value: string) => edit({ kind: "value", id: row.id, value });
            return (
              <li key={row.id} className="rows-editor__row">
                <div className="rows-editor__controls">
                  <input
                    id={`${base}-key`}
                    className="ll-input rows-editor__key"
                    aria-label={labels.key(n)}
                    aria-invalid={errors.key ? true : undefined}
                    aria-describedby={errors.key ? keyErrorId : undefined}
                    placeholder={i18n.t("metadataEditor.keyPlaceholder")}
                    maxLength={LIMITS.maxMetadataKeyLength * 2}
                    value={row.key}
                    onChange={(event) => edit({ kind: "key", id: row.id, key: event.currentTarget.value })}
                  />
                  <select
                    className="ll-input rows-editor__type"
                    aria-label={labels.type(n)}
                    value={row.type}
                    onChange={(event) =>
                      edit({
                        kind: "type",
                        id: row.id,
                        type: event.currentTarget.value as MetadataValueType,
                      })
                    }
                  >
                    {METADATA_VALUE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {metadataTypeLabel(type)}
                      </option>
                    ))}
                  </select>
                  {row.type === "boolean" ? (
                    <select
                      {...valueProps}
                      className="ll-input rows-editor__value"
                      value={row.value}
                      onChange={(event) => onValue(event.currentTarget.value)}
                    >
                      <option value="true">{i18n.t("metadataEditor.true")}</option>
                      <option value="false">{i18n.t("metadataEditor.false")}</option>
                    </select>
                  ) : row.type === "null" ? (
                    <output {...valueProps} className="rows-editor__value rows-editor__null">
                      {i18n.t("metadataEditor.nullValue")}
                    </output>
                  ) : (
                    <input
                      {...valueProps}
                      className="ll-input rows-editor__value"
                      inputMode={row.type === "number" ? "decimal" : undefined}
                      placeholder={row.type === "number" ? "0" : i18n.t("metadataEditor.valuePlaceholder")}
                      value={row.value}
                      onChange={(event) => onValue(event.currentTarget.value)}
                    />
                  )}
                  <Button size="small" aria-label={labels.remove(n)} onClick={() => remove(row.id)}>
                    {i18n.t("metadataEditor.remove")}
                  </Button>
                </div>
                {errors.key ? (
                  <ErrorMessage id={keyErrorId}>{metadataKeyProblemText(errors.key)}</ErrorMessage>
                ) : null}
                {errors.value ? (
                  <ErrorMessage id={valueErrorId}>{metadataValueProblemText(errors.value)}</ErrorMessage>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {check.tooMany ? <ErrorMessage id={tooManyId}>{labels.tooMany}</ErrorMessage> : null}
      <div>
        <Button
          ref={addRef}
          size="small"
          onClick={add}
          disabled={!canAddRow(rows)}
          aria-describedby={check.tooMany ? tooManyId : undefined}
        >
          {labels.add}
        </Button>
      </div>
    </fieldset>
  );
}
