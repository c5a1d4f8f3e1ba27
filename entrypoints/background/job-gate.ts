/**
 * The gate every job started in the worker (a context menu, the shortcut) passes: a job of up to one
 * request's worth of links (`LIMITS.maxLinks`) is queued at once; a bigger one waits for the user's
 * yes. It is kept as a pending confirmation in `storage.session` (nothing queued, nothing sent; it
 * outlives a stopped worker, not the browser session) and the confirm page (entrypoints/confirm) opens
 * on it, showing how many links and the most it can cost; its answer comes back as a command.
 */
import { browser } from "wxt/browser";
import { storage } from "wxt/utils/storage";
import { ApiError } from "../../lib/api/errors";
import { LIMITS } from "../../lib/api/limits";
import type { AnalyzeJobRequest, JobSource } from "../../lib/db/schema";
import { sortLinks } from "../../lib/links/link-check";
import type { CommandHandlers, JobConfirmation } from "../../lib/messaging/protocol";

/** Jobs of more distinct https links than this ask first. */
export const CONFIRM_ABOVE_LINKS = LIMITS.maxLinks;

export type Enqueue = (
  request: AnalyzeJobRequest,
  source: JobSource,
  tabUrl?: string,
  presetName?: string,
) => Promise<string>;

/** A job as a command would start it. */
export interface JobToQueue {
  /** Links as found: the runner keeps the distinct https ones and records the others as skipped. */
  request: AnalyzeJobRequest;
  source: JobSource;
  tabUrl?: string;
  /** The preset the request comes from, named when asking. */
  presetName: string;
}

/** The job was queued, or waits for the user's answer on the confirm page. */
export type QueueOutcome = { jobId: string } | { confirmationId: string };

interface PendingJob {
  id: string;
  job: JobToQueue;
  /** Epoch ms. */
  createdAt: number;
  /** The confirm page's window: closing it is a "no". */
  windowId?: number;
}

type PendingJobs = Record<string, PendingJob>;

/** Every job waiting for an answer, by confirmation id. Only the gate writes it, one change at a time. */
const pendingJobsItem = storage.defineItem<PendingJobs>("session:pendingJobs", { fallback: {} });

export interface JobGateDeps {
  /** The job runner's `enqueue`. */
  enqueue: Enqueue;
  /** Called with each job queued (to notify its end). */
  onJobStarted?: (jobId: string) => unknown;
  /** Shows the confirm page at `url`; answers the id of the window it opened in, if one of its own. */
  openConfirmPage?: (url: string) => Promise<number | undefined>;
  now?: () => number;
  newId?: () => string;
}

export type JobGate = ReturnType<typeof createJobGate>;

export function createJobGate(deps: JobGateDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => `confirm_${crypto.randomUUID()}`);
  const openPage = deps.openConfirmPage ?? openConfirmWindow;

  // The pending jobs change one at a time: two answers to one question must not both queue it.
  let last: Promise<unknown> = Promise.resolve();
  function exclusive<T>(change: () => Promise<T>): Promise<T> {
    const run = last.then(change);
    last = run.catch(() => undefined);
    return run;
  }

  function changePending(change: (pending: PendingJobs) => PendingJobs): Promise<void> {
    return exclusive(async () => {
      await pendingJobsItem.setValue(change(await pendingJobsItem.getValue()));
    });
  }

  async function start(job: JobToQueue): Promise<string> {
    const jobId = await deps.enqueue(job.request, job.source, job.tabUrl, job.presetName);
    await deps.onJobStarted?.(jobId);
    return jobId;
  }

  /** Queues `job`, or, when it holds more links than one request, asks the user first. */
  async function queue(job: JobToQueue): Promise<QueueOutcome> {
    if (!needsConfirmation(job.request.links)) return { jobId: await start(job) };
    const id = newId();
    await changePending((pending) => ({ ...pending, [id]: { id, job, createdAt: now() } }));
    let windowId: number | undefined;
    try {
      windowId = await openPage(confirmPageUrl(id));
    } catch (error) {
      await changePending(({ [id]: _dropped, ...rest }) => rest);
      throw error;
    }
    if (windowId !== undefined) {
      await changePending((pending) => {
        const entry = pending[id];
        return entry ? { ...pending, [id]: { ...entry, windowId } } : pending;
      });
    }
    return { confirmationId: id };
  }

  /** What the confirm page shows; fails with `confirmation_gone` once the question was answered. */
  async function describe(confirmationId: string): Promise<JobConfirmation> {
    const entry = (await pendingJobsItem.getValue())[confirmationId];
    if (!entry) throw goneError();
    return confirmationOf(entry);
  }

  /**
   * The user's answer: yes queues the job (`jobId`), no drops it (`jobId: null`). Either way the question
   * is gone: a second yes fails (`confirmation_gone`) rather than queue the job twice.
   */
  async function answer(confirmationId: string, confirmed: boolean): Promise<{ jobId: string | null }> {
    const entry = await exclusive(async () => {
      const pending = await pendingJobsItem.getValue();
      const found = pending[confirmationId];
      if (found) {
        const { [confirmationId]: _answered, ...rest } = pending;
        await pendingJobsItem.setValue(rest);
      }
      return found;
    });
    if (!confirmed) return { jobId: null };
    if (!entry) throw goneError();
    try {
      return { jobId: await start(entry.job) };
    } catch (error) {
      // Not queued: the question stays open, so the user can say yes again.
      await changePending((pending) => ({ ...pending, [confirmationId]: entry }));
      throw error;
    }
  }

  /** A confirm window closed: its question (if still open) is answered no. */
  function forgetWindow(windowId: number): Promise<void> {
    return exclusive(async () => {
      const pending = await pendingJobsItem.getValue();
      const kept = Object.values(pending).filter((entry) => entry.windowId !== windowId);
      if (kept.length === Object.keys(pending).length) return;
      await pendingJobsItem.setValue(Object.fromEntries(kept.map((entry) => [entry.id, entry])));
    });
  }

  return { queue, describe, answer, forgetWindow };
}

/** Call synchronously at the top of the worker's main: a confirm window closing wakes the worker. */
export function setupJobGate(deps: JobGateDeps): JobGate {
  const gate = createJobGate(deps);
  browser.windows?.onRemoved.addListener((windowId) => {
    void gate
      .forgetWindow(windowId)
      .catch((error: unknown) => console.error("linklens: could not drop a closed confirmation", error));
  });
  return gate;
}

export function jobGateCommandHandlers(
  gate: JobGate,
): Pick<CommandHandlers, "jobConfirmation.get" | "jobConfirmation.answer"> {
  return {
    "jobConfirmation.get": ({ confirmationId }) => gate.describe(confirmationId),
    "jobConfirmation.answer": ({ confirmationId, confirmed }) => gate.answer(confirmationId, confirmed),
  };
}

/** Whether these links (as found) make more distinct https links than one request holds. */
export function needsConfirmation(links: readonly string[]): boolean {
  return sortLinks(links).accepted.length > CONFIRM_ABOVE_LINKS;
}

/** What a pending job would analyze and cost at most: every link analyzed, 2 credits each with JSON. */
function confirmationOf({ id, job }: PendingJob): JobConfirmation {
  const sorted = sortLinks(job.request.links);
  const links = sorted.accepted.length;
  const creditsPerLink = job.request.responseFormat ? 2 : 1;
  return {
    confirmationId: id,
    source: job.source,
    presetName: job.presetName,
    links,
    skipped: sorted.rejected.length + sorted.duplicates,
    requests: Math.ceil(links / LIMITS.maxLinks),
    creditsPerLink,
    worstCaseCredits: links * creditsPerLink,
  };
}

function confirmPageUrl(confirmationId: string): string {
  return browser.runtime.getURL(`/confirm.html?id=${encodeURIComponent(confirmationId)}`);
}

/** The confirm page in a small window of its own (a tab where the browser has no windows). */
async function openConfirmWindow(url: string): Promise<number | undefined> {
  if (!browser.windows) {
    await browser.tabs.create({ url });
    return undefined;
  }
  const window = await browser.windows.create({ url, type: "popup", width: 480, height: 420, focused: true });
  return window?.id;
}

function goneError(): ApiError {
  return new ApiError({
    status: 0,
    code: "confirmation_gone",
    message: "this analysis no longer waits for an answer; nothing was queued",
  });
}
