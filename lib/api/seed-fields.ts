/**
 * The record fields the seed lets `selectFields` name (4.3): `metadata` is a field of the record but not
 * one of them, so a strict service refuses it. Our contract accepts it too; the client never relies on that.
 */
import { type PartialAnalysisRecord, RECORD_FIELDS } from "./contract";

const seedNames: readonly string[] = RECORD_FIELDS.filter((field) => field !== "metadata");

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
