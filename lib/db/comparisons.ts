/** Reading comparisons (lib/compare) from the jobs table: the pages read these; only the worker writes. */
import { type ComparisonJobs, groupComparisonJobs } from "../compare/comparison-jobs";
import { type ComparisonRow, comparisonAnalysisIds, comparisonRows } from "../compare/comparison-rows";
import type { LinklensDatabase } from "./database";
import type { CachedAnalysis } from "./schema";

/** Every comparison with its pages' retries, newest first. */
export async function comparisonJobs(db: LinklensDatabase): Promise<ComparisonJobs[]> {
  const jobs = await db.jobs
    .filter((job) => job.comparison !== undefined || job.retryOf !== undefined)
    .toArray();
  return groupComparisonJobs(jobs);
}

export interface ComparisonData extends ComparisonJobs {
  rows: ComparisonRow[];
}

/** Comparison `jobId` with its rows (its pages' retries applied), or `null` when there is none. */
export async function readComparison(db: LinklensDatabase, jobId: string): Promise<ComparisonData | null> {
  return db.transaction("r", db.jobs, db.analyses, async () => {
    const job = await db.jobs.get(jobId);
    if (!job?.comparison) return null;
    const retries = await db.jobs.filter((each) => each.retryOf?.jobId === jobId).toArray();
    retries.sort((a, b) => a.createdAt - b.createdAt);
    const ids = comparisonAnalysisIds(job, retries);
    const found = await db.analyses.bulkGet(ids);
    const records = new Map<string, CachedAnalysis>();
    for (const record of found) if (record) records.set(record.analysisId, record);
    return { job, retries, rows: comparisonRows(job, retries, records) };
  });
}
