import { useEffect, useMemo, useRef } from "react";
import { i18n } from "#i18n";
import type { AnalyzeJob } from "../../lib/db/schema";
import { sendCommand } from "../../lib/messaging/protocol";
import { Button } from "../ui/button";
import { useQueueWake } from "../use-queue-wake";
import { JobError } from "./job-error";
import { JobProgress } from "./job-progress";
import { JobResult } from "./job-result";

export interface JobPanelProps {
  job: AnalyzeJob;
  baseUrl: string;
  windowId: number | undefined;
}

/** The job started last on this page, followed live: progress, then the result or a readable error. */
export function JobPanel({ job, baseUrl, windowId }: JobPanelProps) {
  const active = job.status === "queued" || job.status === "running";
  const waitingToRetry = job.status === "queued" && job.retryAt !== undefined;
  const ref = useRef<HTMLElement>(null);
  // While it waits on the queue, the worker is kept running it (a stopped one is started again at once).
  useQueueWake(useMemo(() => [job], [job]));

  // A new job scrolls into view: the form above it is long.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new job, not on every render
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [job.id]);

  // Seen here, a failure no longer needs the badge's "!".
  useEffect(() => {
    if (job.status === "failed" && job.seen !== true) {
      sendCommand("job.seen", { jobId: job.id }).catch((error: unknown) => {
        console.warn("[linklens] could not mark the failure as seen", error);
      });
    }
  }, [job.id, job.status, job.seen]);

  return (
    <section ref={ref} className="job" aria-labelledby="job-heading" aria-busy={active}>
      <h2 id="job-heading">{i18n.t("popup.job.heading")}</h2>
      {active && !waitingToRetry ? <JobProgress job={job} /> : null}
      {job.error && (waitingToRetry || job.status === "failed") ? (
        <JobError error={job.error} baseUrl={baseUrl} retryAt={waitingToRetry ? job.retryAt : undefined} />
      ) : null}
      {job.status === "cancelled" ? <p>{i18n.t("popup.job.cancelled")}</p> : null}
      {job.status === "done" ? <JobResult job={job} windowId={windowId} /> : null}
      {active ? (
        <div>
          <Button
            size="small"
            onClick={() => {
              sendCommand("job.cancel", { jobId: job.id }).catch((error: unknown) => {
                console.warn("[linklens] could not cancel the job", error);
              });
            }}
          >
            {i18n.t("popup.job.cancel")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
