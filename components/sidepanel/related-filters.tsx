import type { FormEvent } from "react";
import { i18n } from "#i18n";
import { LIMITS, type RecordField } from "../../lib/api/contract";
import {
  type RelatedForm,
  type RelatedFormProblems,
  SELECTABLE_FIELDS,
} from "../../lib/library/related-query";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { FilterRowsEditor } from "./filter-rows-editor";

export interface RelatedFiltersProps {
  form: RelatedForm;
  onChange: (form: RelatedForm) => void;
  problems: RelatedFormProblems;
  busy: boolean;
  onSubmit: () => void;
}

function fieldLabel(field: (typeof SELECTABLE_FIELDS)[number]): string {
  switch (field) {
    case "createdAt":
      return i18n.t("sidepanel.related.field.createdAt");
    case "updatedAt":
      return i18n.t("sidepanel.related.field.updatedAt");
    case "analysis":
      return i18n.t("sidepanel.related.field.analysis");
    case "textContent":
      return i18n.t("sidepanel.related.field.textContent");
    case "jsonContent":
      return i18n.t("sidepanel.related.field.jsonContent");
    case "metadata":
      return i18n.t("sidepanel.related.field.metadata");
  }
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
        <div className="ll-field">
          <label htmlFor="related-page" className="ll-field__label">
            {i18n.t("sidepanel.related.pageNum")}
          </label>
          <input
            id="related-page"
            type="number"
            className="ll-input ll-input--number"
            min={1}
            step={1}
            value={form.pageNum}
            aria-invalid={problems.pageNum ? true : undefined}
            aria-describedby={problems.pageNum ? "related-page-error" : undefined}
            onChange={(event) => set("pageNum", event.currentTarget.value)}
          />
          {problems.pageNum ? (
            <ErrorMessage id="related-page-error">{i18n.t("sidepanel.related.pageNumInvalid")}</ErrorMessage>
          ) : null}
        </div>
        <div className="ll-field">
          <label htmlFor="related-size" className="ll-field__label">
            {i18n.t("sidepanel.related.pageSize")}
          </label>
          <input
            id="related-size"
            type="number"
            className="ll-input ll-input--number"
            min={1}
            max={LIMITS.maxPageSize}
            step={1}
            value={form.pageSize}
            aria-invalid={problems.pageSize ? true : undefined}
            aria-describedby={
              problems.pageSize ? "related-size-hint related-size-error" : "related-size-hint"
            }
            onChange={(event) => set("pageSize", event.currentTarget.value)}
          />
          <p id="related-size-hint" className="ll-field__hint">
            {i18n.t("sidepanel.related.pageSizeHint")}
          </p>
          {problems.pageSize ? (
            <ErrorMessage id="related-size-error">{i18n.t("sidepanel.related.pageSizeInvalid")}</ErrorMessage>
          ) : null}
        </div>
      </div>
      <FilterRowsEditor
        id="related-json"
        legend={i18n.t("sidepanel.related.jsonFilter")}
        hint={i18n.t("sidepanel.related.filterHint")}
        rows={form.jsonRows}
        onChange={(rows) => set("jsonRows", rows)}
        check={problems.jsonRows}
      />
      <FilterRowsEditor
        id="related-metadata"
        legend={i18n.t("sidepanel.related.metadataFilter")}
        hint={i18n.t("sidepanel.related.filterHint")}
        rows={form.metadataRows}
        onChange={(rows) => set("metadataRows", rows)}
        check={problems.metadataRows}
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
              {fieldLabel(field)}
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
