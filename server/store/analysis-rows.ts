/** Analyses between the store's rows and the server's shapes. */
import { AnalysisObject, type AnalysisRecord, type JsonSchemaDocument } from "../../lib/api/contract";
import type { analyses } from "./schema";
import type { AnalysisPatch, StoredAnalysis } from "./types";

export type AnalysisRow = typeof analyses.$inferSelect;

/** The record's own columns: what GET /v1/analyses answers, and nothing more. */
export type RecordRow = Pick<
  AnalysisRow,
  "analysisId" | "createdAt" | "updatedAt" | "analysis" | "textContent"
> & {
  jsonContent: AnalysisRow["jsonContentText"];
  metadata: AnalysisRow["metadataText"];
};

/** What a read by id fetches: the record's columns and the response schema. */
export type ReadRow = RecordRow & Pick<AnalysisRow, "tenantId" | "responseSchema">;

/** An analysis as read by id (and cached): the contract's record, and what the server keeps beside it. */
export interface ReadAnalysis {
  record: AnalysisRecord;
  responseSchema: JsonSchemaDocument | null;
}

export function toRow(record: StoredAnalysis): AnalysisRow {
  return {
    analysisId: record.analysisId,
    tenantId: record.tenantId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    analysis: record.analysis,
    textContent: record.textContent ?? null,
    ...documentColumns(record),
    responseSchema: record.responseSchema ?? null,
  };
}

/** The columns of the fields a patch holds; jsonContent and metadata each go to their two columns. */
export function patchColumns(patch: AnalysisPatch): Partial<AnalysisRow> {
  return {
    ...(patch.textContent !== undefined && { textContent: patch.textContent }),
    ...(patch.jsonContent !== undefined && {
      jsonContent: patch.jsonContent,
      jsonContentText: patch.jsonContent,
    }),
    ...(patch.metadata !== undefined && { metadata: patch.metadata, metadataText: patch.metadata }),
  };
}

function documentColumns(record: Pick<StoredAnalysis, "jsonContent" | "metadata">) {
  return {
    jsonContent: record.jsonContent ?? null,
    jsonContentText: record.jsonContent ?? null,
    metadata: record.metadata ?? null,
    metadataText: record.metadata ?? null,
  };
}

export function fromRow(row: AnalysisRow): StoredAnalysis {
  return {
    tenantId: row.tenantId,
    ...fromRecordRow({ ...row, jsonContent: row.jsonContentText, metadata: row.metadataText }),
    ...(row.responseSchema !== null && { responseSchema: row.responseSchema }),
  };
}

export function fromReadRow(row: ReadRow): ReadAnalysis {
  return { record: fromRecordRow(row), responseSchema: row.responseSchema };
}

export function fromRecordRow(row: RecordRow): AnalysisRecord {
  return {
    analysisId: row.analysisId,
    createdAt: isoTimestamp(row.createdAt),
    updatedAt: isoTimestamp(row.updatedAt),
    analysis: inContractOrder(row.analysis),
    ...(row.textContent !== null && { textContent: row.textContent }),
    ...(row.jsonContent !== null && { jsonContent: row.jsonContent }),
    ...(row.metadata !== null && { metadata: row.metadata }),
  };
}

const ANALYSIS_KEYS = Object.keys(AnalysisObject.shape);

/** jsonb keeps keys in its own order: the analysis object's known fields go back to the contract's. */
function inContractOrder(analysis: AnalysisObject): AnalysisObject {
  const ordered: Record<string, unknown> = {};
  for (const key of ANALYSIS_KEYS) if (Object.hasOwn(analysis, key)) ordered[key] = analysis[key];
  for (const [key, value] of Object.entries(analysis)) {
    // defineProperty: a key such as `__proto__` is data, not the prototype
    if (!Object.hasOwn(ordered, key)) {
      Object.defineProperty(ordered, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return ordered as AnalysisObject;
}

/** Postgres prints `2026-11-22 09:30:00.123+00`; the contract's form is `2026-11-22T09:30:00.123Z`. */
const isoTimestamp = (value: string) => new Date(value).toISOString();
