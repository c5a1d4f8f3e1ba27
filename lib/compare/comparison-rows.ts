/**
 * A comparison's rows: one per link of its job, filled from the job's answered chunks (the contract keeps
 * `results` in link order and names each failed link), then from the page's latest retry.
 */
import type { LinkFailure } from "../api/contract";
import type { AnalyzeJob, CachedAnalysis } from "../db/schema";
import { normalizeLink, siteOf } from "../links/link-check";

export type RowStatus = "waiting" | "done" | "failed";

export interface ComparisonRow {
  link: string;
  status: RowStatus;
  analysisId?: string;
  /** The page's title, else its link. */
  title: string;
  host: string;
  /** The analysis's `jsonContent` (empty until it lands). */
  values: Record<string, unknown>;
  /** This page's share of its request's credits, when known. */
  credits?: number;
  /** Why the page failed. */
  reason?: string;
}

type Outcome = { analysisId: string } | { failure: string } | { waiting: true };

/** What each link of `job` came to: an analysis, a failure, or nothing yet (absent). */
export function linkOutcomes(job: AnalyzeJob): Map<string, Outcome> {
  const outcomes = new Map<string, Outcome>();
  const failures = new Map<string, LinkFailure>();
  for (const failure of job.failures) failures.set(normalizeLink(failure.link) ?? failure.link, failure);
  const answered = (job.chunks ?? []).slice(0, job.chunksDone).flat();
  let next = 0;
  for (const link of answered) {
    const failure = failures.get(link);
    const analysisId = failure ? undefined : job.analysisIds[next++];
    if (failure) outcomes.set(link, { failure: failure.message });
    else if (analysisId) outcomes.set(link, { analysisId });
  }
  const stopped = job.status === "failed" || job.status === "cancelled";
  for (const link of job.request.links) {
    if (outcomes.has(link)) continue;
    if (stopped) outcomes.set(link, { failure: job.error?.message ?? job.status });
    else outcomes.set(link, { waiting: true });
  }
  return outcomes;
}

/**
 * The rows of comparison `job`: its links in order, each from the newest of its retries that has an
 * answer (a retry still running shows the row waiting), else from the job itself; a watched comparison's
 * last answer for a page (`watched`, link → analysisId) shows when it is newer than that.
 */
export function comparisonRows(
  job: AnalyzeJob,
  retries: readonly AnalyzeJob[],
  records: ReadonlyMap<string, CachedAnalysis>,
  watched: Readonly<Record<string, string>> = {},
): ComparisonRow[] {
  const base = linkOutcomes(job);
  const latestRetry = new Map<string, AnalyzeJob>();
  for (const retry of [...retries].sort((a, b) => a.createdAt - b.createdAt)) {
    if (retry.retryOf) latestRetry.set(retry.retryOf.link, retry);
  }
  return job.request.links.map((link) => {
    const retry = latestRetry.get(link);
    const outcome = (retry && linkOutcomes(retry).get(link)) ?? base.get(link) ?? { waiting: true };
    const watchedId = watched[link];
    const newer = watchedId !== undefined && isNewer(records.get(watchedId), outcome, records);
    return rowOf(link, newer ? { analysisId: watchedId } : outcome, records);
  });
}

/** Whether `record` is a newer answer than `outcome` (which may not be an answer at all). */
function isNewer(
  record: CachedAnalysis | undefined,
  outcome: Outcome,
  records: ReadonlyMap<string, CachedAnalysis>,
): boolean {
  if (!record) return false;
  // A page that failed or waits again still has the watch's last answer to show.
  if (!("analysisId" in outcome)) return true;
  const shown = records.get(outcome.analysisId);
  const time = (each: CachedAnalysis) => Date.parse(each.createdAt ?? "") || 0;
  return !shown || time(record) > time(shown);
}

function rowOf(link: string, outcome: Outcome, records: ReadonlyMap<string, CachedAnalysis>): ComparisonRow {
  if ("waiting" in outcome) return { link, status: "waiting", title: link, host: siteOf(link), values: {} };
  if ("failure" in outcome)
    return { link, status: "failed", title: link, host: siteOf(link), values: {}, reason: outcome.failure };
  const record = records.get(outcome.analysisId);
  const url = record?.analysis?.url ?? link;
  return {
    link,
    status: "done",
    analysisId: outcome.analysisId,
    title: record?.analysis?.title?.trim() || link,
    host: siteOf(url),
    values: record?.jsonContent ?? {},
    ...(record?.origin?.costCredits !== undefined && { credits: record.origin.costCredits }),
  };
}

/** Every analysis id a comparison shows (to read their records). */
export function comparisonAnalysisIds(job: AnalyzeJob, retries: readonly AnalyzeJob[]): string[] {
  return [job, ...retries].flatMap((each) => each.analysisIds);
}
