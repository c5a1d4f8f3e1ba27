import { i18n } from "#i18n";
import { LIMITS } from "../../lib/api/contract";
import {
  METADATA_VALUE_TYPES,
  type MetadataCheck,
  type MetadataRow,
  type MetadataValueType,
  newMetadataRow,
  withValueType,
} from "../../lib/editing/metadata-rows";
import {
  metadataKeyProblemText,
  metadataTypeLabel,
  metadataValueProblemText,
} from "../metadata-row-messages";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";

export interface FilterRowsEditorProps {
  /** Prefix of the controls' ids (unique in the page). */
  id: string;
  legend: string;
  hint: string;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  /** Problems to show (after an attempt to list). */
  check?: MetadataCheck;
}

/** Typed key = value rows (text, number, true/false, null), as the related list's filters take them. */
export function FilterRowsEditor({ id, legend, hint, rows, onChange, check }: FilterRowsEditorProps) {
  const update = (rowId: string, change: (row: MetadataRow) => MetadataRow) =>
    onChange(rows.map((row) => (row.id === rowId ? change(row) : row)));
  const hintId = `${id}-hint`;
  return (
    <fieldset className="filter-rows" aria-describedby={hintId}>
      <legend className="ll-field__label">{legend}</legend>
      <p id={hintId} className="ll-field__hint">
        {hint}
      </p>
      {rows.length > 0 ? (
        <ul className="filter-rows__list">
          {rows.map((row, index) => {
            const n = index + 1;
            const base = `${id}-${row.id}`;
            const errors = check?.rows[row.id] ?? {};
            return (
              <li key={row.id} className="filter-rows__row">
                <div className="filter-rows__controls">
                  <input
                    id={`${base}-key`}
                    className="ll-input filter-rows__key"
                    aria-label={i18n.t("sidepanel.filterRows.key", { legend, n })}
                    aria-invalid={errors.key ? true : undefined}
                    aria-describedby={errors.key ? `${base}-key-error` : undefined}
                    placeholder={i18n.t("sidepanel.filterRows.keyPlaceholder")}
                    value={row.key}
                    onChange={(event) => {
                      const key = event.currentTarget.value;
                      update(row.id, (current) => ({ ...current, key }));
                    }}
                  />
                  <span aria-hidden="true">=</span>
                  <select
                    className="ll-input filter-rows__type"
                    aria-label={i18n.t("sidepanel.filterRows.type", { legend, n })}
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
                      className="ll-input filter-rows__value"
                      aria-label={i18n.t("sidepanel.filterRows.value", { legend, n })}
                      value={row.value}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        update(row.id, (current) => ({ ...current, value }));
                      }}
                    >
                      <option value="true">true</option>
                      <option value="false">false</option>
                    </select>
                  ) : row.type === "null" ? (
                    <span className="filter-rows__value filter-rows__null">
                      {i18n.t("sidepanel.filterRows.nullValue")}
                    </span>
                  ) : (
                    <input
                      className="ll-input filter-rows__value"
                      aria-label={i18n.t("sidepanel.filterRows.value", { legend, n })}
                      aria-invalid={errors.value ? true : undefined}
                      aria-describedby={errors.value ? `${base}-value-error` : undefined}
                      inputMode={row.type === "number" ? "decimal" : undefined}
                      placeholder={
                        row.type === "number" ? "0" : i18n.t("sidepanel.filterRows.valuePlaceholder")
                      }
                      value={row.value}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        update(row.id, (current) => ({ ...current, value }));
                      }}
                    />
                  )}
                  <Button
                    size="small"
                    aria-label={i18n.t("sidepanel.filterRows.removeLabel", { legend, n })}
                    onClick={() => onChange(rows.filter((candidate) => candidate.id !== row.id))}
                  >
                    {i18n.t("sidepanel.filterRows.remove")}
                  </Button>
                </div>
                {errors.key ? (
                  <ErrorMessage id={`${base}-key-error`}>{metadataKeyProblemText(errors.key)}</ErrorMessage>
                ) : null}
                {errors.value ? (
                  <ErrorMessage id={`${base}-value-error`}>
                    {metadataValueProblemText(errors.value)}
                  </ErrorMessage>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {check?.tooMany ? (
        <ErrorMessage>{i18n.t("sidepanel.filterRows.tooMany", { max: LIMITS.maxMetadataKeys })}</ErrorMessage>
      ) : null}
      <div>
        <Button
          size="small"
          onClick={() => {
            const row = newMetadataRow();
            onChange([...rows, row]);
            requestAnimationFrame(() => document.getElementById(`${id}-${row.id}-key`)?.focus());
          }}
        >
          {i18n.t("sidepanel.filterRows.add")}
        </Button>
      </div>
    </fieldset>
  );
}
