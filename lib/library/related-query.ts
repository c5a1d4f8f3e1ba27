/**
 * The related list's controls as typed (page and size as text, filters as typed key = value rows, the
 * chosen fields) turned into the contract's `RelatedParams`, or the problems that stop it, by control.
 */
import { LIMITS, type RecordField, type RelatedParams } from "../api/contract";
import { type MetadataCheck, type MetadataRow, metadataFromRows } from "../editing/metadata-rows";

export interface RelatedForm {
  pageNum: string;
  pageSize: string;
  jsonRows: MetadataRow[];
  metadataRows: MetadataRow[];
  /** The fields to ask for; every field when it holds all of them (then no `selectFields` is sent). */
  fields: RecordField[];
}

export interface RelatedFormProblems {
  pageNum?: "not_positive_integer";
  pageSize?: "out_of_range";
  jsonRows?: MetadataCheck;
  metadataRows?: MetadataCheck;
}

export type RelatedFormResult =
  | { ok: true; params: RelatedParams }
  | { ok: false; problems: RelatedFormProblems };

/** `analysisId` is always returned, so it is never a choice. */
export const SELECTABLE_FIELDS = [
  "createdAt",
  "updatedAt",
  "analysis",
  "textContent",
  "jsonContent",
  "metadata",
] as const satisfies readonly RecordField[];

function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

export function relatedParamsFromForm(analysisId: string, form: RelatedForm): RelatedFormResult {
  const problems: RelatedFormProblems = {};
  const pageNum = wholeNumber(form.pageNum);
  if (pageNum === undefined || pageNum < 1) problems.pageNum = "not_positive_integer";
  const pageSize = wholeNumber(form.pageSize);
  if (pageSize === undefined || pageSize < 1 || pageSize > LIMITS.maxPageSize)
    problems.pageSize = "out_of_range";
  const json = metadataFromRows(form.jsonRows);
  if (!json.ok) problems.jsonRows = json.check;
  const metadata = metadataFromRows(form.metadataRows);
  if (!metadata.ok) problems.metadataRows = metadata.check;
  if (Object.keys(problems).length > 0 || !json.ok || !metadata.ok) return { ok: false, problems };

  const params: RelatedParams = { analysisId, pageNum, pageSize };
  if (json.metadata) params.jsonContent = json.metadata;
  if (metadata.metadata) params.metadata = metadata.metadata;
  const everyField = SELECTABLE_FIELDS.every((field) => form.fields.includes(field));
  if (!everyField)
    params.selectFields = ["analysisId", ...SELECTABLE_FIELDS.filter((f) => form.fields.includes(f))];
  return { ok: true, params };
}
