/**
 * A comparison as its jobs: the comparison's own job and the jobs that analyzed one of its pages again
 * ("Retry this page"). What the table's progress line and the library's row say of it is read from
 * all of them: a retry's credits count, and so does its wait.
 */
import type { AnalyzeJob } from "../db/schema";

export interface ComparisonJobs {
  job: AnalyzeJob;
  /** Its pages' retries, oldest first. */
  retries: AnalyzeJob[];
}

/** The comparisons among `jobs` (a comparison's job, or a retry of one of its pages), newest first. */
export function groupComparisonJobs(jobs: readonly AnalyzeJob[]): ComparisonJobs[] {
  const groups = new Map<string, ComparisonJobs>();
  for (const job of jobs) if (job.comparison) groups.set(job.id, { job, retries: [] });
  for (const job of jobs) if (job.retryOf) groups.get(job.retryOf.jobId)?.retries.push(job);
  for (const group of groups.values()) group.retries.sort((a, b) => a.createdAt - b.createdAt);
  return [...groups.values()].sort((a, b) => b.job.createdAt - a.job.createdAt);
}

/** The credits a comparison cost: its job's, and every retry's. */
export function comparisonCredits({ job, retries }: ComparisonJobs): number {
  return retries.reduce((sum, retry) => sum + retry.costCredits, job.costCredits);
}

/** When a comparison last changed (epoch ms): its job's or a retry's last write. */
export function comparisonUpdatedAt({ job, retries }: ComparisonJobs): number {
  return retries.reduce((latest, retry) => Math.max(latest, retry.updatedAt), job.updatedAt);
}

/** Whether any of its jobs is queued or running. */
export function comparisonActive({ job, retries }: ComparisonJobs): boolean {
  return [job, ...retries].some((each) => each.status === "queued" || each.status === "running");
}

/** The job of the comparison that waits to be tried again (queued with a time and a reason), if one does. */
export function waitingJobOf({ job, retries }: ComparisonJobs): AnalyzeJob | undefined {
  return [job, ...retries].find(
    (each) => each.status === "queued" && each.retryAt !== undefined && each.error !== undefined,
  );
}
