/** Reading comparisons (lib/compare) from the jobs table: the pages read these; only the worker writes. */
import { type ComparisonJobs, groupComparisonJobs } from "../compare/comparison-jobs";
import { type ComparisonRow, comparisonAnalysisIds, comparisonRows } from "../compare/comparison-rows";
import type { LinklensDatabase } from "./database";
import type { CachedAnalysis, WatchRow, WatchRunRow } from "./schema";
import { runsOf, watchOf } from "./watches";

/** Every comparison with its pages' retries, newest first. */
export async function comparisonJobs(db: LinklensDatabase): Promise<ComparisonJobs[]> {
  const jobs = await db.jobs
    .filter((job) => job.comparison !== undefined || job.retryOf !== undefined)
    .toArray();
  return groupComparisonJobs(jobs);
}

export interface ComparisonData extends ComparisonJobs {
  rows: ComparisonRow[];
  /** The comparison's watch, and its runs oldest first (lib/watch). */
  watch?: WatchRow;
  runs: WatchRunRow[];
}

/**
 * Comparison `jobId` with its rows (its pages' retries applied, and its watch's answers where they are
 * newer), or `null` when there is none.
 */
export async function readComparison(db: LinklensDatabase, jobId: string): Promise<ComparisonData | null> {
  return db.transaction("r", [db.jobs, db.analyses, db.watches, db.watchRuns], async () => {
    const job = await db.jobs.get(jobId);
    if (!job?.comparison) return null;
    const retries = await db.jobs.filter((each) => each.retryOf?.jobId === jobId).toArray();
    retries.sort((a, b) => a.createdAt - b.createdAt);
    const watch = await watchOf(db, { kind: "comparison", jobId });
    const runs = watch ? await runsOf(db, watch.id) : [];
    const ids = [...comparisonAnalysisIds(job, retries), ...Object.values(watch?.latest ?? {})];
    const found = await db.analyses.bulkGet(ids);
    const records = new Map<string, CachedAnalysis>();
    for (const record of found) if (record) records.set(record.analysisId, record);
    const rows = comparisonRows(job, retries, records, watch?.latest);
    return { job, retries, rows, ...(watch && { watch }), runs };
  });
}
