/**
 * What a watch's run found: each page's new answer beside the one before (lib/watch/answer-changes.ts),
 * and the watch's answers after it. A page the run could not analyze keeps its last answer.
 */
import { linkOutcomes } from "../compare/comparison-rows";
import type { AnalyzeJob, CachedAnalysis, WatchPageChange } from "../db/schema";
import { answerChanges } from "./answer-changes";

export interface RunComparison {
  /** The pages that changed (their answer, or only their text). */
  pages: WatchPageChange[];
  /** Pages whose answer changed. */
  changed: number;
  /** Each page's answer after the run. */
  latest: Record<string, string>;
  /** New analyses that answered as the one before: kept out of the library (the run records them). */
  repeats: string[];
}

const answerOf = (record: CachedAnalysis | undefined) => ({
  textContent: record?.textContent,
  jsonContent: record?.jsonContent,
  pageText: record?.analysis?.text,
});

/** Compares `job`'s answers with `latest`; `records` holds both (a missing one reads as empty). */
export function compareRun(
  job: AnalyzeJob,
  latest: Readonly<Record<string, string>>,
  records: ReadonlyMap<string, CachedAnalysis>,
): RunComparison {
  const next: Record<string, string> = { ...latest };
  const pages: WatchPageChange[] = [];
  const repeats: string[] = [];
  let changed = 0;
  for (const [link, outcome] of linkOutcomes(job)) {
    if (!("analysisId" in outcome)) continue;
    const afterId = outcome.analysisId;
    const beforeId = latest[link];
    next[link] = afterId;
    if (beforeId === undefined || beforeId === afterId) continue;
    const after = records.get(afterId);
    const changes = answerChanges(answerOf(records.get(beforeId)), answerOf(after));
    if (changes.changed) changed++;
    if (changes.changed || changes.pageChanged) {
      const title = after?.analysis?.title?.trim() || link;
      pages.push({ link, title, beforeId, afterId, ...changes });
    } else {
      // The same answer: the page's last answer stays the one the library shows.
      next[link] = beforeId;
      repeats.push(afterId);
    }
  }
  return { pages, changed, latest: next, repeats };
}
