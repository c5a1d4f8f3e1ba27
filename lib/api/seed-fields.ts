/**
 * The record fields the seed lets `selectFields` name (4.3): `metadata` is a field of the record but not
 * one of them, so a strict service refuses it. Our contract accepts it too; the client never relies on that.
 */
import type { PartialAnalysisRecord, RecordField } from "./contract";

const SEED_SELECT_FIELDS = [
  "analysisId",
  "createdAt",
  "updatedAt",
  "analysis",
  "textContent",
  "jsonContent",
] as const satisfies readonly RecordField[];

const seedNames: readonly string[] = SEED_SELECT_FIELDS;

/** Whether every name is one the seed lists, so the list can go out as `selectFields`. */
export function seedSelectable(fields: readonly string[]): boolean {
  return fields.every((field) => seedNames.includes(field));
}

/** A record narrowed here to `fields` (and `analysisId`), as `selectFields` would have had the service do. */
export function narrowRecord(
  record: PartialAnalysisRecord,
  fields: readonly string[],
): PartialAnalysisRecord {
  const kept = Object.entries(record).filter(([name]) => name === "analysisId" || fields.includes(name));
  return Object.fromEntries(kept) as PartialAnalysisRecord;
}
