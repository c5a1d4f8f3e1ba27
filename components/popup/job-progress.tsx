import { i18n } from "#i18n";
import type { AnalyzeJob } from "../../lib/db/schema";

/** Where a queued or running job stands. */
export function JobProgress({ job }: { job: AnalyzeJob }) {
  const { done, total } = job.progress;
  const label =
    job.status === "queued"
      ? i18n.t("popup.job.queued")
      : total > 1
        ? i18n.t("popup.job.running", { done, total })
        : i18n.t("popup.job.runningOne");
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
