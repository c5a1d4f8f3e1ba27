import { normalizeLink } from "../links/link-check";
import type { LinklensDatabase } from "./database";
import type { AnalyzeJob, JobStatus } from "./schema";

export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ["queued", "running"];

export function jobById(db: LinklensDatabase, jobId: string): Promise<AnalyzeJob | undefined> {
  return db.jobs.get(jobId);
}

/** The newest job started from a tab showing `url` (compared normalized). */
export async function latestJobForTab(db: LinklensDatabase, url: string): Promise<AnalyzeJob | undefined> {
  const tabUrl = normalizeLink(url);
  if (!tabUrl) return undefined;
  const jobs = await db.jobs.where("tabUrl").equals(tabUrl).toArray();
  return jobs.sort((a, b) => b.createdAt - a.createdAt)[0];
}

/** Jobs queued (possibly waiting for a retry) or running, oldest first. */
export function activeJobs(db: LinklensDatabase): Promise<AnalyzeJob[]> {
  return db.jobs.where("status").anyOf(ACTIVE_JOB_STATUSES).sortBy("createdAt");
}

export function unseenFailedJobs(db: LinklensDatabase): Promise<AnalyzeJob[]> {
  return db.jobs
    .where("status")
    .equals("failed")
    .filter((job) => job.seen !== true)
    .toArray();
}

/** Marks one job's failure, or every failure when `jobId` is absent, as seen; returns how many changed. */
export function markFailuresSeen(db: LinklensDatabase, jobId?: string): Promise<number> {
  const failed = db.jobs.where("status").equals("failed");
  const unseen = failed.filter((job) => job.seen !== true && (jobId === undefined || job.id === jobId));
  return unseen.modify({ seen: true });
}

/** The newest job that made analysis `analysisId` (its request holds the prompt), if this browser ran it. */
export async function jobOfAnalysis(
  db: LinklensDatabase,
  analysisId: string,
): Promise<AnalyzeJob | undefined> {
  const jobs = await db.jobs.filter((job) => job.analysisIds.includes(analysisId)).toArray();
  return jobs.sort((a, b) => b.createdAt - a.createdAt)[0];
}

/**
 * The follow-ups of a thread that have no analysis yet: queued or running (pending turns), or failed
 * having analyzed nothing (failed turns, which keep their question), oldest first.
 */
export async function openThreadJobs(db: LinklensDatabase, threadId: string): Promise<AnalyzeJob[]> {
  const jobs = await db.jobs
    .where("status")
    .anyOf([...ACTIVE_JOB_STATUSES, "failed"])
    .filter((job) => job.thread?.id === threadId && job.analysisIds.length === 0)
    .toArray();
  return jobs.sort((a, b) => a.createdAt - b.createdAt);
}
