/**
 * Waking the worker for the queue a page waits on. An MV3 worker stopped mid-job is started again by
 * the jobs alarm, which Chrome fires no sooner than 30 s (and while the job ran it was set a minute
 * ahead): an open page that shows the job (the comparison's table, the popup's job) does not wait for
 * it. It holds a port to the worker while a job it shows could run; the port breaks when the worker
 * stops, and connecting again starts the worker, whose start resumes the queue. A job waiting to be
 * tried again is woken for at its time. Nothing crosses the port: connecting is the whole message.
 */
import type { AnalyzeJob } from "../db/schema";

export const QUEUE_WAKE_PORT = "linklens.queue-wake";

/** At once, at a time (epoch ms), or never (`null`). */
export type QueueWake = "now" | number | null;

/**
 * When the page should hold the worker awake for `jobs`: at once when one runs or is due, at the time
 * the first of them waits for, or never when none of them will run again.
 */
export function queueWakeAt(jobs: readonly (AnalyzeJob | undefined)[], now: number): QueueWake {
  let at: number | null = null;
  for (const job of jobs) {
    if (job?.status === "running") return "now";
    if (job?.status !== "queued") continue;
    const due = job.retryAt ?? now;
    if (due <= now) return "now";
    at = at === null ? due : Math.min(at, due);
  }
  return at;
}

export function isQueueWakePort(port: { name: string }): boolean {
  return port.name === QUEUE_WAKE_PORT;
}
