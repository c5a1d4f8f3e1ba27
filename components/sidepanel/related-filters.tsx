import type { FormEvent } from "react";
import { i18n } from "#i18n";
import { LIMITS, type RecordField } from "../../lib/api/contract";
import type { MetadataCheck } from "../../lib/editing/metadata-rows";
import {
  type RelatedForm,
  type RelatedFormProblems,
  SELECTABLE_FIELDS,
} from "../../lib/library/related-query";
import { type RowLabels, RowsEditor } from "../rows-editor";
import { Button } from "../ui/button";
import { NumberInput } from "../ui/number-input";

export interface RelatedFiltersProps {
  form: RelatedForm;
  onChange: (form: RelatedForm) => void;
  problems: RelatedFormProblems;
  busy: boolean;
  onSubmit: () => void;
}

const FIELD_LABELS: Record<(typeof SELECTABLE_FIELDS)[number], () => string> = {
  createdAt: () => i18n.t("sidepanel.related.field.createdAt"),
  updatedAt: () => i18n.t("sidepanel.related.field.updatedAt"),
  analysis: () => i18n.t("sidepanel.related.field.analysis"),
  textContent: () => i18n.t("sidepanel.related.field.textContent"),
  jsonContent: () => i18n.t("sidepanel.related.field.jsonContent"),
  metadata: () => i18n.t("sidepanel.related.field.metadata"),
};

/** Problems are shown once a listing was tried. */
const NOT_CHECKED: MetadataCheck = { rows: {}, tooMany: false };

function filterLabels(legend: string): RowLabels {
  return {
    legend,
    hint: i18n.t("sidepanel.related.filterHint"),
    add: i18n.t("sidepanel.filterRows.add"),
    tooMany: i18n.t("sidepanel.filterRows.tooMany", { max: LIMITS.maxMetadataKeys }),
    key: (n) => i18n.t("sidepanel.filterRows.key", { legend, n }),
    type: (n) => i18n.t("sidepanel.filterRows.type", { legend, n }),
    value: (n) => i18n.t("sidepanel.filterRows.value", { legend, n }),
    remove: (n) => i18n.t("sidepanel.filterRows.removeLabel", { legend, n }),
  };
}

/** The related list's controls: page and page size, jsonContent and metadata filters, fields to fetch. */
export function RelatedFilters({ form, onChange, problems, busy, onSubmit }: RelatedFiltersProps) {
  const set = <K extends keyof RelatedForm>(key: K, value: RelatedForm[K]) =>
    onChange({ ...form, [key]: value });
  const toggleField = (field: RecordField, on: boolean) =>
    set("fields", on ? [...form.fields, field] : form.fields.filter((chosen) => chosen !== field));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="related-filters" onSubmit={submit} noValidate>
      <div className="related-filters__paging">
        <NumberInput
          id="related-page"
          label={i18n.t("sidepanel.related.pageNum")}
          error={problems.pageNum ? i18n.t("sidepanel.related.pageNumInvalid") : undefined}
          inputMode="numeric"
          min={1}
          step={1}
          value={form.pageNum}
          onChange={(event) => set("pageNum", event.currentTarget.value)}
        />
        <NumberInput
          id="related-size"
          label={i18n.t("sidepanel.related.pageSize")}
          hint={i18n.t("sidepanel.related.pageSizeHint")}
          error={problems.pageSize ? i18n.t("sidepanel.related.pageSizeInvalid") : undefined}
          inputMode="numeric"
          min={1}
          max={LIMITS.maxPageSize}
          step={1}
          value={form.pageSize}
          onChange={(event) => set("pageSize", event.currentTarget.value)}
        />
      </div>
      <RowsEditor
        id="related-json"
        labels={filterLabels(i18n.t("sidepanel.related.jsonFilter"))}
        rows={form.jsonRows}
        onChange={(rows) => set("jsonRows", rows)}
        check={problems.jsonRows ?? NOT_CHECKED}
      />
      <RowsEditor
        id="related-metadata"
        labels={filterLabels(i18n.t("sidepanel.related.metadataFilter"))}
        rows={form.metadataRows}
        onChange={(rows) => set("metadataRows", rows)}
        check={problems.metadataRows ?? NOT_CHECKED}
      />
      <fieldset className="related-filters__fields" aria-describedby="related-fields-hint">
        <legend className="ll-field__label">{i18n.t("sidepanel.related.fields")}</legend>
        <p id="related-fields-hint" className="ll-field__hint">
          {i18n.t("sidepanel.related.fieldsHint")}
        </p>
        <div className="related-filters__checks">
          {SELECTABLE_FIELDS.map((field) => (
            <label key={field} className="library-filters__check">
              <input
                type="checkbox"
                name="selectFields"
                value={field}
                checked={form.fields.includes(field)}
                onChange={(event) => toggleField(field, event.currentTarget.checked)}
              />
              {FIELD_LABELS[field]()}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" variant="primary" disabled={busy}>
          {i18n.t("sidepanel.related.list")}
        </Button>
      </div>
    </form>
  );
}
