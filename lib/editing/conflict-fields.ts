/**
 * The fields on which the user's version and the service's differ, each shown as text the way a person
 * compares them: the text as it is, JSON pretty-printed with its keys in a stable order, metadata one
 * `key: value` line per key.
 */
import type { Metadata } from "../api/contract";
import { sameJson } from "../json/same-json";
import { userMetadata } from "../thread/thread-metadata";
import type { EditableValues } from "./edit-draft";

const EDITABLE_FIELD_NAMES = ["textContent", "jsonContent", "metadata"] as const;
export type EditableFieldName = (typeof EDITABLE_FIELD_NAMES)[number];

export interface FieldDifference {
  field: EditableFieldName;
  /** The user's value as text; `undefined` when the field is absent on that side. */
  mine: string | undefined;
  theirs: string | undefined;
}

/** The differing fields, in a fixed order (text, JSON, metadata). */
export function differingFields(mine: EditableValues, theirs: EditableValues): FieldDifference[] {
  return EDITABLE_FIELD_NAMES.filter((field) => !sameJson(mine[field], theirs[field])).map((field) => ({
    field,
    mine: fieldText(field, mine[field]),
    theirs: fieldText(field, theirs[field]),
  }));
}

export function fieldText(field: EditableFieldName, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (field === "textContent") return String(value);
  if (field === "metadata") return metadataText(value as Metadata);
  return JSON.stringify(sortedKeys(value), null, 2);
}

/** The user's keys only: an edit keeps a thread's keys as they are (edit-patch.ts), so they never differ. */
function metadataText(metadata: Metadata): string {
  const shown = userMetadata(metadata);
  return Object.keys(shown)
    .sort()
    .map((key) => `${key}: ${JSON.stringify(shown[key])}`)
    .join("\n");
}

/** Objects with their keys sorted (recursively), so equal content prints the same on both sides. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortedKeys(record[key])]),
  );
}
