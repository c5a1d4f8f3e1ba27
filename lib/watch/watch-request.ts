/**
 * What a watch sends each run, read from what it watches: an analysis's page with the prompt, temperature
 * and schema its job sent (a follow-up's question, not the earlier turns its prompt carried), or a
 * comparison's pages with its prompt and schema.
 */
import type { AnalyzeJob, AnalyzeJobRequest, CachedAnalysis } from "../db/schema";
import { normalizeLink } from "../links/link-check";
import { promptOf } from "../thread/thread-metadata";

export interface WatchPlan {
  request: AnalyzeJobRequest;
  title: string;
  presetName?: string;
  /** Each page's answer now: what the first run is compared with. */
  latest: Record<string, string>;
}

/** `undefined` when this browser does not know what the analysis was asked, or its page. */
export function analysisWatchPlan(
  record: CachedAnalysis,
  job: AnalyzeJob | undefined,
): WatchPlan | undefined {
  const prompt = promptOf(record) ?? job?.request.prompt;
  const url = record.analysis?.url;
  const link = url ? normalizeLink(url) : null;
  if (!prompt || !link) return undefined;
  const request: AnalyzeJobRequest = { links: [link], prompt };
  if (job?.request.temperature !== undefined) request.temperature = job.request.temperature;
  if (job?.request.responseFormat) request.responseFormat = job.request.responseFormat;
  const presetName = record.origin?.presetName;
  return {
    request,
    title: record.analysis?.title?.trim() || link,
    ...(presetName && { presetName }),
    latest: { [link]: record.analysisId },
  };
}

/** A comparison's pages and question; `latest` is each row's analysis (`rows` from lib/compare). */
export function comparisonWatchPlan(
  job: AnalyzeJob,
  title: string,
  rows: readonly { link: string; analysisId?: string }[],
): WatchPlan {
  const { metadata: _metadata, ...request } = job.request;
  const latest: Record<string, string> = {};
  for (const row of rows) if (row.analysisId) latest[row.link] = row.analysisId;
  return { request, title, ...(job.presetName && { presetName: job.presetName }), latest };
}
