import { useLiveQuery } from "dexie-react-hooks";
import { useMemo } from "react";
import { i18n } from "#i18n";
import {
  type ComparisonJobs,
  comparisonActive,
  comparisonCredits,
  comparisonUpdatedAt,
} from "../../lib/compare/comparison-jobs";
import { comparisonAnalysisIds, comparisonRows } from "../../lib/compare/comparison-rows";
import { comparisonTitle } from "../../lib/compare/comparison-title";
import { comparisonJobs } from "../../lib/db/comparisons";
import { db } from "../../lib/db/database";
import type { LibraryComparison } from "../../lib/library/comparison-entries";
import { promptLine } from "../../lib/library/first-line";

const NONE: readonly LibraryComparison[] = [];

/** Every comparison as the library's row shows it, following the jobs live (lib/library/comparison-entries.ts). */
export function useLibraryComparisons(): readonly LibraryComparison[] {
  const groups = useLiveQuery(() => comparisonJobs(db), []);
  return useMemo(() => (groups && groups.length > 0 ? groups.map(libraryComparison) : NONE), [groups]);
}

function libraryComparison(group: ComparisonJobs): LibraryComparison {
  const { job, retries } = group;
  // Only the rows' states are read here: the records fill the table's cells, not the row.
  const rows = comparisonRows(job, retries, new Map());
  const status = comparisonActive(group) ? "running" : job.status;
  const done = rows.filter((row) => row.status !== "waiting").length;
  return {
    jobId: job.id,
    title: comparisonTitle(job),
    line: i18n.t("compare.rowLine", {
      status: i18n.t(`compare.jobStatus.${status}`),
      done,
      total: rows.length,
    }),
    prompt: promptLine(job.request.prompt),
    ...(job.presetName && { presetName: job.presetName }),
    time: comparisonUpdatedAt(group),
    credits: comparisonCredits(group),
    hasSchema: job.request.responseFormat !== undefined,
    analysisIds: comparisonAnalysisIds(job, retries),
  };
}
