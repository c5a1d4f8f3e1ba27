/**
 * Metadata as a person edits it: rows of a key and a typed value, kept as typed (nothing is lost while a
 * number is half written), turned into the contract's `Metadata` with every problem tied to its row. The
 * related list's filters are rows of the same kind.
 */
import type { Metadata, MetadataValue } from "../api/contract";
import {
  type MetadataKeyLengthProblem,
  MetadataString,
  metadataKeyLengthProblem,
  tooManyMetadataKeys,
} from "../api/field-schemas";
import { LIMITS } from "../api/limits";

export const METADATA_VALUE_TYPES = ["string", "number", "boolean", "null"] as const;
export type MetadataValueType = (typeof METADATA_VALUE_TYPES)[number];

export interface MetadataRow {
  /** Stable across edits, for React keys and control ids. */
  id: string;
  key: string;
  type: MetadataValueType;
  /** The value as typed: text for a string or a number, "true" or "false" for a boolean, "" for null. */
  value: string;
}

export type MetadataKeyProblem = MetadataKeyLengthProblem | "key_duplicate";
export type MetadataValueProblem = "string_too_long" | "number_invalid";

interface MetadataRowErrors {
  key?: MetadataKeyProblem;
  value?: MetadataValueProblem;
}

export interface MetadataCheck {
  /** Problems by row id; rows without a problem are absent. */
  rows: Record<string, MetadataRowErrors>;
  /** More keys than the contract allows (counting rows that are not blank). */
  tooMany: boolean;
}

export type MetadataResult =
  | { ok: true; metadata: Metadata | undefined }
  | { ok: false; check: MetadataCheck };

export function newMetadataRow(id: string = crypto.randomUUID()): MetadataRow {
  return { id, key: "", type: "string", value: "" };
}

/** A row left empty (no key, no value typed) is ignored rather than refused. */
function isBlankRow(row: MetadataRow): boolean {
  return row.key.trim() === "" && (row.type === "string" || row.type === "number") && row.value === "";
}

/** The row with another value type; the value typed so far is kept where it still makes sense. */
export function withValueType(row: MetadataRow, type: MetadataValueType): MetadataRow {
  if (type === row.type) return row;
  let value = "";
  if (type === "boolean") value = row.value.trim().toLowerCase() === "true" ? "true" : "false";
  else if (type === "number")
    value = row.type === "string" && Number.isFinite(Number(row.value)) ? row.value.trim() : "";
  else if (type === "string") value = row.type === "null" ? "" : row.value;
  return { ...row, type, value };
}

/** One change a person makes to the rows (in the metadata editor, in a filter's rows). */
export type RowEdit =
  | { kind: "add"; id: string }
  | { kind: "remove"; id: string }
  | { kind: "key"; id: string; key: string }
  | { kind: "type"; id: string; type: MetadataValueType }
  | { kind: "value"; id: string; value: string };

/** Whether another row may be added: no more rows than the contract takes keys. */
export function canAddRow(rows: readonly MetadataRow[]): boolean {
  return rows.length < LIMITS.maxMetadataKeys;
}

/** The rows after `edit`. */
export function editRows(rows: MetadataRow[], edit: RowEdit): MetadataRow[] {
  if (edit.kind === "add") return canAddRow(rows) ? [...rows, newMetadataRow(edit.id)] : rows;
  if (edit.kind === "remove") return rows.filter((row) => row.id !== edit.id);
  const change = (row: MetadataRow): MetadataRow =>
    edit.kind === "key"
      ? { ...row, key: edit.key }
      : edit.kind === "type"
        ? withValueType(row, edit.type)
        : { ...row, value: edit.value };
  return rows.map((row) => (row.id === edit.id ? change(row) : row));
}

function valueProblem(row: MetadataRow): MetadataValueProblem | undefined {
  if (row.type === "string" && !MetadataString.safeParse(row.value).success) return "string_too_long";
  if (row.type === "number") {
    const text = row.value.trim();
    if (text === "" || !Number.isFinite(Number(text))) return "number_invalid";
  }
  return undefined;
}

function typedValue(row: MetadataRow): MetadataValue {
  switch (row.type) {
    case "string":
      return row.value;
    case "number":
      return Number(row.value.trim());
    case "boolean":
      return row.value === "true";
    case "null":
      return null;
  }
}

/** Every row's problems by the contract's rules: key 1–64 characters and unique, values of their type. */
export function checkMetadataRows(rows: readonly MetadataRow[]): MetadataCheck {
  const check: MetadataCheck = { rows: {}, tooMany: false };
  const seen = new Set<string>();
  let count = 0;
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    count++;
    const errors: MetadataRowErrors = {};
    const key = row.key.trim();
    const keyProblem = metadataKeyLengthProblem(key) ?? (seen.has(key) ? "key_duplicate" : undefined);
    if (keyProblem) errors.key = keyProblem;
    seen.add(key);
    const value = valueProblem(row);
    if (value) errors.value = value;
    if (errors.key || errors.value) check.rows[row.id] = errors;
  }
  check.tooMany = tooManyMetadataKeys(count);
  return check;
}

function hasMetadataProblems(check: MetadataCheck): boolean {
  return check.tooMany || Object.keys(check.rows).length > 0;
}

/** The metadata to send (`undefined` when every row is blank), or the problems that stop it. */
export function metadataFromRows(rows: readonly MetadataRow[]): MetadataResult {
  const check = checkMetadataRows(rows);
  if (hasMetadataProblems(check)) return { ok: false, check };
  const filled = rows.filter((row) => !isBlankRow(row));
  if (filled.length === 0) return { ok: true, metadata: undefined };
  return { ok: true, metadata: Object.fromEntries(filled.map((row) => [row.key.trim(), typedValue(row)])) };
}

/** Rows showing existing metadata (ids from `newId`). */
export function rowsFromMetadata(
  metadata: Record<string, MetadataValue>,
  newId: () => string = () => crypto.randomUUID(),
): MetadataRow[] {
  return Object.entries(metadata).map(([key, value]) => {
    if (value === null) return { id: newId(), key, type: "null", value: "" };
    if (typeof value === "boolean") return { id: newId(), key, type: "boolean", value: String(value) };
    if (typeof value === "number") return { id: newId(), key, type: "number", value: String(value) };
    return { id: newId(), key, type: "string", value };
  });
}

/** Whether a stored value is a usable row (drafts are read back from storage). */
export function isMetadataRow(value: unknown): value is MetadataRow {
  if (typeof value !== "object" || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.id === "string" &&
    typeof row.key === "string" &&
    typeof row.value === "string" &&
    (METADATA_VALUE_TYPES as readonly unknown[]).includes(row.type)
  );
}
