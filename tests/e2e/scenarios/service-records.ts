/** What a scenario checks on the service's side of a job. */
import { createApiClient } from "../../../lib/api/client";
import type { AnalyzeJob } from "../../../lib/db/schema";
import { expect } from "../fixtures";

/** The job id a menu click or command answered with. */
export function jobIdOf(outcome: unknown): string {
  expect(outcome).toEqual({ jobId: expect.any(String) });
  return (outcome as { jobId: string }).jobId;
}

/** Every analysis of the job is on the service (GET /v1/analyses/{id}), for the links asked. */
export async function expectOnService(baseUrl: string, apiKey: string, job: AnalyzeJob): Promise<void> {
  const client = createApiClient({ baseUrl, apiKey });
  const records = await Promise.all(job.analysisIds.map((id) => client.getAnalysis(id)));
  expect(records.map((record) => record.analysisId)).toEqual(job.analysisIds);
  expect(new Set(records.map((record) => record.analysis?.url))).toEqual(new Set(job.request.links));
}
