import type { AnalyzeJob, JobStatus } from "../../../lib/db/schema";

/** A job row as the runner writes it: one link, nothing done yet, with `fields` over it. */
export function jobRow(id: string, status: JobStatus, fields: Partial<AnalyzeJob> = {}): AnalyzeJob {
  return {
    id,
    status,
    source: "popup",
    request: { links: ["https://example.com/"], prompt: "Summarize" },
    rejected: [],
    duplicates: 0,
    progress: { done: 0, total: 1 },
    chunksDone: 0,
    analysisIds: [],
    failures: [],
    usageIds: [],
    costCredits: 0,
    attempts: 0,
    createdAt: 1,
    updatedAt: 1,
    ...fields,
  };
}
