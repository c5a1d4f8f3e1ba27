import { i18n } from "#i18n";
import type { AnalyzeJob } from "../../lib/db/schema";

function announcement(job: AnalyzeJob | null | undefined): string {
  switch (job?.status) {
    case "queued":
      return job.retryAt === undefined ? i18n.t("popup.job.queued") : i18n.t("popup.job.announceRetrying");
    case "running":
      return i18n.t("popup.job.runningOne");
    case "done":
      return i18n.t("popup.job.announceDone");
    case "failed":
      return i18n.t("popup.job.announceFailed");
    case "cancelled":
      return i18n.t("popup.job.cancelled");
    default:
      return "";
  }
}

/**
 * Tells screen readers when the job changes state. It is always in the page (a live region must exist
 * before its text changes) and says only the state, not the countdowns or the result itself.
 */
export function JobAnnouncer({ job }: { job: AnalyzeJob | null | undefined }) {
  return (
    <p role="status" className="ll-visually-hidden">
      {announcement(job)}
    </p>
  );
}
