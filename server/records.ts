import type { AnalysisRecord, PartialAnalysisRecord, RecordField } from "../lib/api/contract";
import type { StoredAnalysis } from "./store/types";

/** The contract's view of a stored analysis (what the server keeps for itself stays behind). */
export function toRecord(stored: StoredAnalysis): AnalysisRecord {
  return {
    analysisId: stored.analysisId,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    analysis: stored.analysis,
    ...(stored.textContent !== undefined && { textContent: stored.textContent }),
    ...(stored.jsonContent !== undefined && { jsonContent: stored.jsonContent }),
    ...(stored.metadata !== undefined && { metadata: stored.metadata }),
  };
}

/** Keeps only the selected fields, plus `analysisId` always. */
export function selectFields(
  record: AnalysisRecord,
  fields: RecordField[] | undefined,
): PartialAnalysisRecord {
  if (!fields) return record;
  const selected: PartialAnalysisRecord = { analysisId: record.analysisId };
  for (const field of fields) {
    if (record[field] !== undefined) Object.assign(selected, { [field]: record[field] });
  }
  return selected;
}

/** The entity tag of a record: its `updatedAt`, quoted. */
export const etagOf = (record: { updatedAt: string }) => `"${record.updatedAt}"`;

/** The `updatedAt` an `If-Match` header names (quotes and a weak `W/` prefix removed), if any. */
export function parseIfMatch(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^W\//, "");
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
}
