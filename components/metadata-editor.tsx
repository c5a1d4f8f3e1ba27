import "./metadata-editor.css";
import { useEffect, useMemo, useRef, useState } from "react";
import { i18n } from "#i18n";
import { LIMITS } from "../lib/api/limits";
import {
  checkMetadataRows,
  METADATA_VALUE_TYPES,
  type MetadataRow,
  type MetadataValueType,
  newMetadataRow,
  withValueType,
} from "../lib/editing/metadata-rows";
import { metadataKeyProblemText, metadataTypeLabel, metadataValueProblemText } from "./metadata-row-messages";
import { Button } from "./ui/button";
import { ErrorMessage } from "./ui/error-message";

export interface MetadataEditorProps {
  /** Prefix of the controls' ids (unique in the page). */
  id: string;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
}

/**
 * Metadata rows: a key and a typed value (text, number, true/false, null) each, checked by the contract's
 * rules as they are typed, every problem shown under its row and tied to its control.
 */
export function MetadataEditor({ id, rows, onChange }: MetadataEditorProps) {
  const check = useMemo(() => checkMetadataRows(rows), [rows]);
  const [focusRowId, setFocusRowId] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  // A new row takes the focus on its key; after a removal the focus goes to "Add field".
  useEffect(() => {
    if (focusRowId === null) return;
    if (focusRowId === "") addRef.current?.focus();
    else document.getElementById(`${id}-${focusRowId}-key`)?.focus();
    setFocusRowId(null);
  }, [focusRowId, id]);

  const update = (rowId: string, change: (row: MetadataRow) => MetadataRow) =>
    onChange(rows.map((row) => (row.id === rowId ? change(row) : row)));

  const add = () => {
    const row = newMetadataRow();
    onChange([...rows, row]);
    setFocusRowId(row.id);
  };

  const remove = (rowId: string) => {
    onChange(rows.filter((row) => row.id !== rowId));
    setFocusRowId("");
  };

  const hintId = `${id}-hint`;
  const tooManyId = `${id}-too-many`;
  return (
    <fieldset className="metadata-editor" aria-describedby={hintId}>
      <legend className="ll-field__label">{i18n.t("metadataEditor.legend")}</legend>
      <p id={hintId} className="ll-field__hint">
        {i18n.t("metadataEditor.hint", { max: LIMITS.maxMetadataKeys })}
      </p>
      {rows.length > 0 ? (
        <ul className="metadata-editor__rows">
          {rows.map((row, index) => {
            const n = index + 1;
            const base = `${id}-${row.id}`;
            const errors = check.rows[row.id] ?? {};
            const keyErrorId = `${base}-key-error`;
            const valueErrorId = `${base}-value-error`;
            const valueProps = {
              id: `${base}-value`,
              "aria-label": i18n.t("metadataEditor.value", { n }),
              "aria-invalid": errors.value ? (true as const) : undefined,
              "aria-describedby": errors.value ? valueErrorId : undefined,
            };
            return (
              <li key={row.id} className="metadata-editor__row">
                <div className="metadata-editor__controls">
                  <input
                    id={`${base}-key`}
                    className="ll-input metadata-editor__key"
                    aria-label={i18n.t("metadataEditor.key", { n })}
                    aria-invalid={errors.key ? true : undefined}
                    aria-describedby={errors.key ? keyErrorId : undefined}
                    placeholder={i18n.t("metadataEditor.keyPlaceholder")}
                    maxLength={LIMITS.maxMetadataKeyLength * 2}
                    value={row.key}
                    onChange={(event) => {
                      const key = event.currentTarget.value;
                      update(row.id, (current) => ({ ...current, key }));
                    }}
                  />
                  <select
                    className="ll-input metadata-editor__type"
                    aria-label={i18n.t("metadataEditor.type", { n })}
                    value={row.type}
                    onChange={(event) => {
                      const type = event.currentTarget.value as MetadataValueType;
                      update(row.id, (current) => withValueType(current, type));
                    }}
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
                      className="ll-input metadata-editor__value"
                      value={row.value}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        update(row.id, (current) => ({ ...current, value }));
                      }}
                    >
                      <option value="true">{i18n.t("metadataEditor.true")}</option>
                      <option value="false">{i18n.t("metadataEditor.false")}</option>
                    </select>
                  ) : row.type === "null" ? (
                    <output {...valueProps} className="metadata-editor__value metadata-editor__null">
                      {i18n.t("metadataEditor.nullValue")}
                    </output>
                  ) : (
                    <input
                      {...valueProps}
                      className="ll-input metadata-editor__value"
                      inputMode={row.type === "number" ? "decimal" : undefined}
                      placeholder={row.type === "number" ? "0" : i18n.t("metadataEditor.valuePlaceholder")}
                      value={row.value}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        update(row.id, (current) => ({ ...current, value }));
                      }}
                    />
                  )}
                  <Button
                    size="small"
                    aria-label={i18n.t("metadataEditor.removeLabel", { n })}
                    onClick={() => remove(row.id)}
                  >
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
      {check.tooMany ? (
        <ErrorMessage id={tooManyId}>
          {i18n.t("metadataEditor.tooMany", { max: LIMITS.maxMetadataKeys })}
        </ErrorMessage>
      ) : null}
      <div>
        <Button
          ref={addRef}
          size="small"
          onClick={add}
          disabled={rows.length >= LIMITS.maxMetadataKeys}
          aria-describedby={check.tooMany ? tooManyId : undefined}
        >
          {i18n.t("metadataEditor.add")}
        </Button>
      </div>
    </fieldset>
  );
}
