import type { AnalyzeJob } from "../../lib/db/schema";
import { t } from "./messages";

/** Where a queued or running job stands. */
export function JobProgress({ job }: { job: AnalyzeJob }) {
  const { done, total } = job.progress;
  const label =
    job.status === "queued"
      ? t("popup.job.queued")
      : total > 1
        ? t("popup.job.running", { done, total })
        : t("popup.job.runningOne");
  return (
    <div className="job-progress">
      <p id={`progress-${job.id}`}>{label}</p>
      {/* One link has no steps to count: the bar is indeterminate then. */}
      <progress
        aria-labelledby={`progress-${job.id}`}
        max={total > 1 ? total : undefined}
        value={total > 1 ? done : undefined}
      />
    </div>
  );
}
