/**
 * The JSON Schema an analysis was made with, when the extension knows it: the job that created the
 * analysis (in `jobs`) keeps the request's `responseFormat`. Analyses made elsewhere, or whose job was
 * cleared, have no known schema; the service still checks every edit against its own copy.
 */
import { type JsonSchemaDocument, schemaOfResponseFormat } from "../api/contract";
import type { LinklensDatabase } from "./database";

/** The schema of the newest job that created `analysisId` with a response format; `undefined` if none. */
export async function analysisSchemaOf(
  db: LinklensDatabase,
  analysisId: string,
): Promise<JsonSchemaDocument | undefined> {
  // `analysisIds` is not indexed; a cache holds at most a few thousand jobs, so a scan is fine.
  const jobs = await db.jobs
    .filter((job) => job.analysisIds.includes(analysisId) && job.request.responseFormat !== undefined)
    .toArray();
  const newest = jobs.sort((a, b) => b.createdAt - a.createdAt)[0];
  return newest?.request.responseFormat ? schemaOfResponseFormat(newest.request.responseFormat) : undefined;
}
