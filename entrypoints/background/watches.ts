/**
 * Watches (issue 46): an analysis's page or a comparison analyzed again every hour, day or week with the
 * same prompt and schema, and each run compared with the one before. A run is a job of the analyze queue
 * (split, retried with backoff on 429/503, resumed after a restart, never charged twice); this module
 * decides when a watch runs and what its run found.
 *
 * A watch claims its run in one transaction that writes the job's id before the job exists, so a run is
 * never started twice: a worker stopped between the two finds the id without a job and frees the watch.
 */

import { comparisonTitle } from "../../lib/compare/comparison-title";
import { creditsPerLink } from "../../lib/compare/cost-estimate";
import { readComparison } from "../../lib/db/comparisons";
import type { LinklensDatabase } from "../../lib/db/database";
import { jobOfAnalysis } from "../../lib/db/jobs";
import { withoutUndefined } from "../../lib/db/records";
import type { AnalyzeJob, CachedAnalysis, WatchRow, WatchRunRow, WatchStopReason } from "../../lib/db/schema";
import { CommandError, type CommandHandlers, type WatchStartRequest } from "../../lib/messaging/protocol";
import { analysisWatchPlan, comparisonWatchPlan, type WatchPlan } from "../../lib/watch/watch-request";
import { compareRun } from "../../lib/watch/watch-run-changes";
import { fitsBudget, nextRunAt, spentThisWeek } from "../../lib/watch/watch-schedule";
import type { JobRunner } from "./analyze-jobs";
import { createRerunningLoop } from "./rerunning-loop";

export const WATCH_ALARM = "linklens-watches";
const SETTLED: ReadonlySet<string> = new Set(["done", "failed", "cancelled"]);

export interface WatcherDeps {
  db: LinklensDatabase;
  enqueue: JobRunner["enqueue"];
  /** Wakes the worker when the next watch is due (`null`: none is). */
  scheduleAlarm: (when: number | null) => void | Promise<void>;
  /**
   * After a run found a change for a watch that notifies: every such run not yet seen, newest first, for
   * one notification that replaces the last (so the user has one, naming them all).
   */
  notifyChanges?: (runs: { watch: WatchRow; run: WatchRunRow }[]) => unknown;
  /** After a run settled or a watch changed (the badge counts unseen changes). */
  onChange?: () => void;
  now?: () => number;
  newId?: () => string;
}

export type Watcher = ReturnType<typeof createWatcher>;

export function createWatcher(deps: WatcherDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());

  async function plan(request: WatchStartRequest): Promise<WatchPlan> {
    const { target } = request;
    let found: WatchPlan | undefined;
    if (target.kind === "analysis") {
      const record = await db.analyses.get(target.analysisId);
      if (record && !record.partial)
        found = analysisWatchPlan(record, await jobOfAnalysis(db, record.analysisId));
    } else {
      const comparison = await readComparison(db, target.jobId);
      if (comparison)
        found = comparisonWatchPlan(comparison.job, comparisonTitle(comparison.job), comparison.rows);
    }
    if (!found) {
      throw new CommandError({
        status: 0,
        code: "not_watchable",
        message: "this browser does not know what this analysis asked, so it cannot ask it again",
      });
    }
    return found;
  }

  async function start(request: WatchStartRequest): Promise<string> {
    checkBudget(request.budgetCredits);
    const planned = await plan(request);
    const id = `watch_${newId()}`;
    await db.watches.put({
      id,
      target: request.target,
      ...planned,
      interval: request.interval,
      budgetCredits: request.budgetCredits,
      notify: request.notify,
      createdAt: now(),
    });
    changed();
    await schedule();
    return id;
  }

  async function update({ watchId, ...changes }: Parameters<CommandHandlers["watch.update"]>[0]) {
    if (changes.budgetCredits !== undefined) checkBudget(changes.budgetCredits);
    // Read and written in one transaction: a run settling meanwhile is not overwritten.
    const found = await db.transaction("rw", db.watches, async () => {
      const current = await db.watches.get(watchId);
      if (!current) return false;
      const updated: WatchRow = { ...current, ...(withoutUndefined(changes) as Partial<WatchRow>) };
      delete updated.stopped;
      await db.watches.put(updated);
      return true;
    });
    if (!found) throw new CommandError({ status: 0, code: "not_found", message: "this watch is gone" });
    changed();
    await runDue();
    return watchId;
  }

  async function stop(watchId: string): Promise<boolean> {
    const removed = await db.transaction("rw", db.watches, db.watchRuns, async () => {
      if (!(await db.watches.get(watchId))) return false;
      await db.watches.delete(watchId);
      await db.watchRuns.where("watchId").equals(watchId).delete();
      return true;
    });
    changed();
    await schedule();
    return removed;
  }

  /** Settles the runs whose jobs ended, then starts the watches that are due; one pass at a time. */
  const loop = createRerunningLoop(async () => {
    await settleRuns();
    await startDue();
    await schedule();
  }, "the watches");
  const runDue = loop.run;

  async function startDue() {
    const time = now();
    const cost = await costPerLink();
    for (const watch of await db.watches.toArray()) {
      if (watch.stopped || watch.runningJobId || nextRunAt(watch) > time) continue;
      if (!(await targetExists(watch))) {
        await stopWatch(watch.id, "gone");
        continue;
      }
      // The worst case of one run: every page analyzed, at what this browser's jobs of the kind cost a page.
      const runCredits = Math.ceil(
        watch.request.links.length * cost(watch.request.responseFormat !== undefined),
      );
      const runs = await db.watchRuns.where("watchId").equals(watch.id).toArray();
      if (!fitsBudget(watch.budgetCredits, spentThisWeek(runs, time), runCredits)) {
        await stopWatch(watch.id, "budget");
        continue;
      }
      const jobId = await claim(watch.id, time);
      if (!jobId) continue;
      await deps.enqueue(watch.request, "watch", undefined, watch.presetName, {
        id: jobId,
        watchId: watch.id,
      });
    }
  }

  /** Whether what the watch watches is still in the library (the user may have deleted it). */
  async function targetExists({ target }: WatchRow): Promise<boolean> {
    if (target.kind === "comparison") return (await db.jobs.get(target.jobId)) !== undefined;
    return (await db.analyses.get(target.analysisId)) !== undefined;
  }

  async function costPerLink(): Promise<(withSchema: boolean) => number> {
    const history = await db.jobs.where("status").equals("done").toArray();
    const costs = [creditsPerLink(history, false), creditsPerLink(history, true)];
    return (withSchema) => costs[withSchema ? 1 : 0] as number;
  }

  /** Writes the run and its job's id on the watch first: a watch with a run under way is never started again. */
  function claim(watchId: string, time: number): Promise<string | undefined> {
    return db.transaction("rw", db.watches, db.watchRuns, async () => {
      const watch = await db.watches.get(watchId);
      if (!watch || watch.stopped || watch.runningJobId) return undefined;
      const jobId = `job_${newId()}`;
      await db.watches.update(watchId, { runningJobId: jobId, lastRunAt: time });
      await db.watchRuns.put({
        id: jobId,
        watchId,
        startedAt: time,
        status: "running",
        costCredits: 0,
        pages: [],
        changed: 0,
      });
      return jobId;
    });
  }

  async function settleRuns() {
    let notify = false;
    for (const watch of await db.watches.toArray()) {
      if (!watch.runningJobId) continue;
      const job = await db.jobs.get(watch.runningJobId);
      if (job && !SETTLED.has(job.status)) continue;
      const run = job ? await settle(watch.id, job) : await free(watch.id, watch.runningJobId);
      if (run) changed();
      if (run && watch.notify && run.changed > 0) notify = true;
    }
    if (notify) await deps.notifyChanges?.(await unseenNotifiedChanges());
  }

  async function unseenNotifiedChanges(): Promise<{ watch: WatchRow; run: WatchRunRow }[]> {
    const watches = new Map((await db.watches.toArray()).map((watch) => [watch.id, watch]));
    const runs = await db.watchRuns.orderBy("startedAt").reverse().toArray();
    return runs.flatMap((run) => {
      const watch = watches.get(run.watchId);
      return watch?.notify && run.changed > 0 && run.seen !== true ? [{ watch, run }] : [];
    });
  }

  /** The worker stopped between a claim and its job: the run never started, nothing was charged. */
  function free(watchId: string, jobId: string): Promise<undefined> {
    return db.transaction("rw", db.watches, db.watchRuns, db.jobs, async () => {
      const watch = await db.watches.get(watchId);
      if (watch?.runningJobId !== jobId || (await db.jobs.get(jobId))) return undefined;
      await db.watchRuns.delete(jobId);
      await db.watches.update(watchId, { runningJobId: undefined, lastRunAt: undefined });
      return undefined;
    });
  }

  /** Records what the run of `job` found, and makes its answers the ones the next run is compared with. */
  async function settle(watchId: string, job: AnalyzeJob): Promise<WatchRunRow | undefined> {
    const records = await recordsOf(watchId, job);
    return db.transaction("rw", [db.watches, db.watchRuns, db.analyses, db.removed], async () => {
      const watch = await db.watches.get(watchId);
      if (watch?.runningJobId !== job.id) return undefined;
      const found = compareRun(job, watch.latest, records);
      // A page that answered as before is recorded by the run, not added to the library again (and kept
      // out of it like a removed analysis, should a listing of the service bring it back).
      await db.analyses.bulkDelete(found.repeats);
      await db.removed.bulkPut(found.repeats.map((analysisId) => ({ analysisId, removedAt: now() })));
      const failed = job.status !== "done";
      const run: WatchRunRow = {
        id: job.id,
        watchId,
        startedAt: watch.lastRunAt ?? job.createdAt,
        finishedAt: job.finishedAt ?? now(),
        status: failed ? "failed" : "done",
        costCredits: job.costCredits,
        pages: found.pages,
        changed: found.changed,
        ...(job.error && failed && { error: job.error }),
      };
      await db.watchRuns.put(run);
      const stopped = outOfCredits(job) ? { reason: "credits" as const, at: now() } : undefined;
      await db.watches.update(watchId, { runningJobId: undefined, latest: found.latest, stopped });
      return run;
    });
  }

  async function recordsOf(watchId: string, job: AnalyzeJob): Promise<Map<string, CachedAnalysis>> {
    const watch = await db.watches.get(watchId);
    const ids = [...job.analysisIds, ...Object.values(watch?.latest ?? {})];
    const records = new Map<string, CachedAnalysis>();
    for (const record of await db.analyses.bulkGet(ids)) if (record) records.set(record.analysisId, record);
    return records;
  }

  async function stopWatch(watchId: string, reason: WatchStopReason) {
    await db.watches.update(watchId, { stopped: { reason, at: now() } });
    changed();
  }

  /** Marks one run's changes, or every run's, as seen; returns how many changed. */
  async function markSeen(runId?: string): Promise<number> {
    const unseen = db.watchRuns.filter(
      (run) => run.seen !== true && (runId === undefined || run.id === runId),
    );
    const updated = await unseen.modify({ seen: true });
    if (updated > 0) changed();
    return updated;
  }

  /** The alarm is set for the soonest watch due that is not running or stopped. */
  async function schedule() {
    const due = (await db.watches.toArray())
      .filter((watch) => !watch.stopped && !watch.runningJobId)
      .map(nextRunAt);
    await deps.scheduleAlarm(due.length > 0 ? Math.max(now(), Math.min(...due)) : null);
  }

  function changed() {
    try {
      deps.onChange?.();
    } catch (error) {
      console.error("linklens: watch change listener failed", error);
    }
  }

  return { start, update, stop, runDue, markSeen };
}

function checkBudget(credits: number) {
  if (Number.isInteger(credits) && credits >= 1) return;
  throw new CommandError({
    status: 0,
    code: "invalid_request",
    message: "a watch's budget is a whole number of credits, at least 1",
  });
}

/** The key's credits ran out (the contract's 402; any service's `insufficient_credits`). */
function outOfCredits(job: AnalyzeJob): boolean {
  return job.status === "failed" && (job.error?.status === 402 || job.error?.code === "insufficient_credits");
}

type WatchHandlers = Pick<CommandHandlers, "watch.start" | "watch.update" | "watch.stop" | "watch.seen">;

export function watchCommandHandlers(watcher: Watcher): WatchHandlers {
  return {
    "watch.start": async (request) => ({ watchId: await watcher.start(request) }),
    "watch.update": async (request) => ({ watchId: await watcher.update(request) }),
    "watch.stop": async ({ watchId }) => ({ stopped: await watcher.stop(watchId) }),
    "watch.seen": async ({ runId }) => ({ updated: await watcher.markSeen(runId) }),
  };
}
