/**
 * A draft turned into the edit to send: only the fields that differ from the version the edit is made
 * against (so an unchanged field never overwrites someone else's change), each checked by the
 * contract's rules and, for `jsonContent`, against the analysis's schema when it is known.
 */
import { type JsonSchemaDocument, LIMITS } from "../api/contract";
import type { AnalysisPatch } from "../db/schema";
import { type JsonSyntaxError, parseJsonText } from "../json/json-text";
import { sameJson } from "../json/same-json";
import { type SchemaViolation, validateAgainstSchema } from "../schema/json-schema-validate";
import { threadKeysOf } from "../thread/thread-metadata";
import type { EditableValues, EditDraft } from "./edit-draft";
import { type MetadataCheck, metadataFromRows } from "./metadata-rows";

export type TextContentProblem = { kind: "too_long"; length: number } | { kind: "nul" };

export type JsonContentProblem =
  | { kind: "syntax"; error: JsonSyntaxError }
  | { kind: "not_object" }
  /** The analysis has JSON content: it can be replaced, not removed. */
  | { kind: "empty" }
  | { kind: "too_large"; bytes: number }
  | { kind: "schema"; violations: SchemaViolation[] };

interface DraftProblems {
  textContent?: TextContentProblem;
  jsonContent?: JsonContentProblem;
  metadata?: MetadataCheck;
}

export type DraftCheck =
  | { ok: true; patch: AnalysisPatch; changed: boolean }
  | { ok: false; problems: DraftProblems };

function textContentProblem(text: string): TextContentProblem | undefined {
  if (text.length > LIMITS.maxTextContentLength) return { kind: "too_long", length: text.length };
  if (text.includes("\u0000")) return { kind: "nul" };
  return undefined;
}

function jsonByteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/**
 * The JSON text as the value to send: `undefined` with no problem when the box is empty and the
 * analysis has no JSON content (nothing to send).
 */
export function checkJsonText(
  text: string,
  hadJson: boolean,
  schema: JsonSchemaDocument | undefined,
): { value?: Record<string, unknown>; problem?: JsonContentProblem } {
  if (text.trim() === "") return hadJson ? { problem: { kind: "empty" } } : {};
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { problem: { kind: "syntax", error: parsed.error } };
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { problem: { kind: "not_object" } };
  }
  const bytes = jsonByteLength(value);
  if (bytes > LIMITS.maxJsonContentBytes) return { problem: { kind: "too_large", bytes } };
  if (schema) {
    const violations = validateAgainstSchema(schema, value);
    if (violations.length > 0) return { problem: { kind: "schema", violations } };
  }
  return { value: value as Record<string, unknown> };
}

/**
 * Checks every field of the draft and returns the patch of the fields that differ from `against` (the
 * version the edit is made on: the cached row for an edit, the service's record for a merge).
 */
export function checkDraft(
  draft: Pick<EditDraft, "textContent" | "jsonText" | "metadataRows">,
  against: EditableValues,
  schema: JsonSchemaDocument | undefined,
): DraftCheck {
  const problems: DraftProblems = {};
  const patch: AnalysisPatch = {};

  const textProblem = textContentProblem(draft.textContent);
  if (textProblem) problems.textContent = textProblem;
  else if (draft.textContent !== (against.textContent ?? "")) patch.textContent = draft.textContent;

  const json = checkJsonText(draft.jsonText, against.jsonContent !== undefined, schema);
  if (json.problem) problems.jsonContent = json.problem;
  else if (json.value !== undefined && !sameJson(json.value, against.jsonContent))
    patch.jsonContent = json.value;

  const metadata = metadataFromRows(draft.metadataRows);
  if (!metadata.ok) problems.metadata = metadata.check;
  else {
    // All rows removed: the stored metadata is replaced by an empty object (a field cannot be unset).
    // The thread's keys are no rows: they go back as they were, so an edit never takes a turn out of its thread.
    const threadKeys = threadKeysOf(against.metadata);
    const rows = metadata.metadata ?? (against.metadata === undefined ? undefined : {});
    const next = Object.keys(threadKeys).length > 0 ? { ...rows, ...threadKeys } : rows;
    if (next !== undefined && !sameJson(next, against.metadata ?? {})) patch.metadata = next;
  }

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, patch, changed: Object.keys(patch).length > 0 };
}
