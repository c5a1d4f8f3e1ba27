/** Records for the library's unit tests, and the library the side panel reads once they are cached (fake-indexeddb). */
import "fake-indexeddb/auto";
import type { AnalysisRecord } from "../../lib/api/contract";
import { createDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import { createLibrarySnapshot, type Library } from "../../lib/library/library-snapshot";
import { newDatabaseName } from "./helpers/fresh-database";

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

/** A record as the service answers it, for the worker's library tests (delete, undo, removed). */
export function workerRecord(analysisId: string, updatedAt = "2026-11-22T10:00:00.000Z"): AnalysisRecord {
  return {
    analysisId,
    createdAt: "2026-11-22T09:00:00.000Z",
    updatedAt,
    analysis: { url: `https://example.com/${analysisId}`, title: analysisId },
    textContent: `text of ${analysisId}`,
    metadata: { n: 1 },
  };
}

/** The library (entries and search index) the side panel reads after `records` are cached. */
export async function cachedLibrary(records: AnalysisRecord[]): Promise<Library> {
  const db = createDatabase(newDatabaseName("library-fixtures"));
  try {
    await cacheRecords(db, records);
    return await createLibrarySnapshot(db).read();
  } finally {
    await db.delete();
  }
}
