/** Cached rows for the library's unit tests, built as `cacheRecords` builds them (through fake-indexeddb). */
import "fake-indexeddb/auto";
import type { AnalysisRecord } from "../../lib/api/contract";
import { createDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import type { CachedAnalysis } from "../../lib/db/schema";

let counter = 0;

export function record(
  id: string,
  createdAt: string,
  fields: {
    title?: string;
    url?: string;
    text?: string;
    textContent?: string;
    jsonContent?: Record<string, unknown>;
    metadata?: AnalysisRecord["metadata"];
  } = {},
): AnalysisRecord {
  return {
    analysisId: id,
    createdAt,
    updatedAt: createdAt,
    analysis: {
      title: fields.title ?? `Title ${id}`,
      url: fields.url ?? `https://example.com/${id}`,
      id: `pg_${fields.url ?? id}`,
      text: fields.text ?? "",
    },
    ...(fields.textContent !== undefined && { textContent: fields.textContent }),
    ...(fields.jsonContent !== undefined && { jsonContent: fields.jsonContent }),
    ...(fields.metadata !== undefined && { metadata: fields.metadata }),
  };
}

/** The rows the cache holds for `records`. */
export async function cachedRows(records: AnalysisRecord[]): Promise<CachedAnalysis[]> {
  const db = createDatabase(`linklens-library-test-${++counter}`);
  try {
    await cacheRecords(db, records);
    return await db.analyses.toArray();
  } finally {
    await db.delete();
  }
}
