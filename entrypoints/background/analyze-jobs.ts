/**
 * Analyze jobs: a request for any number of links, run by the worker in chunks of the contract's link
 * limit, with every state change written to Dexie first, so a stopped MV3 worker loses nothing and the
 * pages follow a job through live queries.
 */
import { type ApiClient, newIdempotencyKey } from "../../lib/api/client";
import {
  AnalyzeRequest,
  type AnalyzeResponse,
  type AnalyzeResult,
  LIMITS,
  type LinkFailure,
  type Metadata,
} from "../../lib/api/contract";
import { ApiError, type ApiErrorInit, toApiError } from "../../lib/api/errors";
import { issueDetails, summarizeDetails } from "../../lib/api/issue-details";
import { type LinkLimitStore, linksPerRequest, refusedAsTooLarge } from "../../lib/api/limits";
import { decideRetry, RETRY_SCHEDULES } from "../../lib/api/retry-policy";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import type { AnalyzeJob, AnalyzeJobRequest, JobSource, RejectedLink } from "../../lib/db/schema";
import { LINK_PROBLEM_MESSAGES, normalizeLink, sortLinks } from "../../lib/links/link-check";
import { turnPrompt } from "../../lib/thread/turn-prompt";
import { createDurableQueue, type ItemRun } from "./durable-queue";
import { learnedLinkLimits } from "./link-limits";

export const JOBS_ALARM = "linklens-jobs";
const JOB_RETRY = RETRY_SCHEDULES.analyzeJob;
/** Every chunk request carries its key: sending one again never runs it twice. */
const CHUNK_REQUEST = { keyed: true, repeatable: true };
/** Attempts (runs of a job) before a retryable error fails it. */
export const MAX_JOB_ATTEMPTS = JOB_RETRY.retries + 1;
/** Worker stops during a run before the job is failed rather than run again. */
export const MAX_JOB_INTERRUPTIONS = 3;
/**
 * While a job runs, the jobs alarm stays set this far ahead (moved on after every chunk): if the browser
 * stops the worker mid-request anyway, the alarm starts it again, and the start resumes the job.
 */
export const JOB_WAKE_MS = 60_000;

const RequestFields = AnalyzeRequest.omit({ link: true });

export interface JobRunnerDeps {
  db: LinklensDatabase;
  /** A client for the current settings; asked once per run. */
  getClient: () => Promise<ApiClient>;
  /** Wakes the worker at `when` (epoch ms) to retry queued jobs; `null` when none waits. */
  scheduleAlarm: (when: number | null) => void | Promise<void>;
  now?: () => number;
  /** Called after every change of a job (the badge listens). */
  onChange?: () => void;
  /** Keeps the worker from being stopped while a job runs; returns the function that lets it go. */
  keepAwake?: () => () => void;
  newJobId?: () => string;
  /** The link limits learned per service (storage.local by default). */
  linkLimits?: LinkLimitStore;
}

export type JobRunner = ReturnType<typeof createJobRunner>;

type ChunkOutcome = { response: AnalyzeResponse } | { unprocessable: ApiError };

export function createJobRunner(deps: JobRunnerDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const newJobId = deps.newJobId ?? (() => `job_${crypto.randomUUID()}`);
  const linkLimits = deps.linkLimits ?? learnedLinkLimits;
  /** Runs the due queued jobs one at a time, oldest first, until none is left. */
  const queue = createDurableQueue<string, AnalyzeJob>({
    name: "the job loop",
    store: {
      due: async (time) => {
        const job = await nextDueJob(time);
        return job ? [job.id] : [];
      },
      claim,
      nextDueAt: nextRetryTime,
      recoverInterrupted,
    },
    run: runChunks,
    settleError: (job, error) => settleError(job.id, toApiError(error)),
    scheduleAlarm: deps.scheduleAlarm,
    wakeMs: JOB_WAKE_MS,
    now,
    keepAwake: deps.keepAwake,
    onChange: changed,
  });
  const pump = queue.runDue;

  function changed() {
    try {
      deps.onChange?.();
    } catch (error) {
      console.error("linklens: job change listener failed", error);
    }
  }

  async function enqueue(
    request: AnalyzeJobRequest,
    source: JobSource,
    tabUrl?: string,
    presetName?: string,
    /**
     * What the job's results belong to: a thread (a follow-up), a comparison, a retry of a compared page,
     * or a watch; `id` is the job's id when the caller wrote it down before (a watch's run).
     */
    grouping?: Pick<AnalyzeJob, "thread" | "comparison" | "retryOf" | "watchId"> & { id?: string },
  ): Promise<string> {
    const { links, ...rawFields } = request;
    const { id = newJobId(), ...belongsTo } = grouping ?? {};
    const sorted = sortLinks(links);
    const fields = RequestFields.safeParse(rawFields);
    const time = now();
    const job: AnalyzeJob = {
      id,
      status: "queued",
      source,
      request: { links: sorted.accepted, ...withoutUndefined(fields.success ? fields.data : rawFields) },
      rejected: sorted.rejected,
      duplicates: sorted.duplicates,
      progress: { done: 0, total: sorted.accepted.length },
      chunksDone: 0,
      analysisIds: [],
      failures: [],
      usageIds: [],
      costCredits: 0,
      attempts: 0,
      createdAt: time,
      updatedAt: time,
      ...(tabUrl && { tabUrl: normalizeLink(tabUrl) ?? tabUrl }),
      ...(presetName && { presetName }),
      ...belongsTo,
    };
    const refusal = fields.success ? noLinksError(sorted.accepted.length, sorted.rejected) : undefined;
    const error = fields.success ? refusal : invalidFieldsError(fields.error);
    if (error) Object.assign(job, { status: "failed", error, finishedAt: time });
    await db.jobs.add(job);
    changed();
    if (!error) void pump();
    return job.id;
  }

  async function nextDueJob(time: number): Promise<AnalyzeJob | undefined> {
    const queued = await db.jobs.where("status").equals("queued").sortBy("createdAt");
    return queued.find((job) => job.retryAt === undefined || job.retryAt <= time);
  }

  /** When the first queued job waiting for a retry is due, or `null` when none waits. */
  async function nextRetryTime(): Promise<number | null> {
    const queued = await db.jobs.where("status").equals("queued").toArray();
    const times = queued.flatMap((job) => (job.retryAt === undefined ? [] : [job.retryAt]));
    return times.length > 0 ? Math.min(...times) : null;
  }

  function claim(id: string): Promise<AnalyzeJob | undefined> {
    return db.transaction("rw", db.jobs, async () => {
      const job = await db.jobs.get(id);
      if (job?.status !== "queued") return undefined;
      const started: AnalyzeJob = {
        ...job,
        status: "running",
        attempts: job.attempts + 1,
        updatedAt: now(),
      };
      delete started.retryAt;
      await db.jobs.put(started);
      return started;
    });
  }

  async function runChunks(claimed: AnalyzeJob, { signal, wake }: ItemRun) {
    const client = await deps.getClient();
    const job = await planChunks(claimed, client.baseUrl);
    if (!job) return;
    const { links: _links, ...fields } = job.request;
    let chunks = job.chunks ?? [];
    let keys = job.chunkKeys ?? [];
    for (let index = job.chunksDone; index < chunks.length; index++) {
      const links = chunks[index] as string[];
      let outcome: ChunkOutcome;
      try {
        const idempotencyKey = keys[index];
        outcome = {
          response: await client.analyzeLinks({ ...fields, link: links }, { signal, idempotencyKey }),
        };
      } catch (error) {
        if (error instanceof ApiError && refusedAsTooLarge(error, links)) {
          // Refused as too large: nothing ran, nothing was charged. The rest goes again in halves.
          const replanned = await replanRest(job.id, index, links.length);
          if (!replanned) return;
          ({ chunks, keys } = replanned);
          index--;
          continue;
        }
        // Every link of this chunk failed: that is a result for these links, not a reason to stop the job.
        if (!(error instanceof ApiError) || error.status !== 422) throw error;
        outcome = { unprocessable: error };
      }
      if (!(await recordChunk(job.id, index, links, outcome))) return;
      if ("response" in outcome) await learnLimit(job.id, client.baseUrl, links.length);
      changed();
      await wake();
    }
    await finish(job.id);
  }

  /**
   * The job's chunks, planned once before its first request with the link limit learned for this service
   * (a job planned earlier keeps its plan), each with the `Idempotency-Key` sent on every retry of it.
   * A follow-up's prompt is written with the plan, from the turns of its thread answered by then (jobs run
   * oldest first, so a turn asked while the one before it was on its way carries it); a job that has keys
   * keeps the prompt they were sent with.
   */
  async function planChunks(job: AnalyzeJob, baseUrl: string): Promise<AnalyzeJob | undefined> {
    if (job.chunks && job.chunkKeys) return job;
    // A job whose keys were made before plans were stored was cut in chunks of the contract's size.
    const size = job.chunkKeys ? LIMITS.maxLinks : linksPerRequest(await linkLimits.get(baseUrl));
    const chunks = job.chunks ?? chunkLinks(job.request.links, size);
    const chunkKeys = job.chunkKeys ?? chunks.map(() => newIdempotencyKey());
    const link = job.request.links[0];
    const turn = job.thread && !job.chunkKeys && link ? await turnPrompt(db, job.thread, link) : undefined;
    return db.transaction("rw", db.jobs, async () => {
      const current = await db.jobs.get(job.id);
      if (current?.status !== "running") return undefined;
      const request = turn === undefined ? current.request : { ...current.request, prompt: turn };
      const planned = { ...current, request, chunks, chunkKeys };
      await db.jobs.put(planned);
      return planned;
    });
  }

  /** Chunk `index` (of `refused` links) was refused as too large: it and the rest go in halves, with new keys. */
  function replanRest(id: string, index: number, refused: number) {
    return db.transaction("rw", db.jobs, async () => {
      const job = await db.jobs.get(id);
      if (job?.status !== "running" || job.chunksDone !== index || !job.chunks || !job.chunkKeys)
        return undefined;
      const rest = chunkLinks(job.chunks.slice(index).flat(), Math.ceil(refused / 2));
      const chunks = [...job.chunks.slice(0, index), ...rest];
      const keys = [...job.chunkKeys.slice(0, index), ...rest.map(() => newIdempotencyKey())];
      const refusedBefore = job.linkLimit?.refused;
      const linkLimit = { refused: refusedBefore === undefined ? refused : Math.min(refusedBefore, refused) };
      await db.jobs.update(id, { chunks, chunkKeys: keys, linkLimit, updatedAt: now() });
      changed();
      return { chunks, keys };
    });
  }

  /** After a refusal, the largest chunk the service then took is its limit, kept for its origin. */
  async function learnLimit(id: string, baseUrl: string, accepted: number) {
    const job = await db.jobs.get(id);
    if (!job?.linkLimit || (job.linkLimit.learned ?? 0) >= accepted) return;
    await db.jobs.update(id, { linkLimit: { ...job.linkLimit, learned: accepted } });
    await linkLimits.learn(baseUrl, accepted);
  }

  /** Stores one chunk's answer; returns whether the job should go on (it was not cancelled meanwhile). */
  function recordChunk(id: string, index: number, links: string[], outcome: ChunkOutcome): Promise<boolean> {
    return db.transaction("rw", [db.jobs, db.usage, db.analyses, db.removed, db.presets], async () => {
      const job = await db.jobs.get(id);
      if (!job || job.chunksDone !== index) return false;
      const time = now();
      const changes: Partial<AnalyzeJob> = {
        chunksDone: index + 1,
        progress: { done: job.progress.done + links.length, total: job.progress.total },
        updatedAt: time,
      };
      if ("response" in outcome) {
        const { response } = outcome;
        const metadata = response.metadata ?? job.request.metadata;
        const records = response.results.map((result) => withRecordMetadata(result, metadata));
        // The user asked for these analyses: a removal of them from the library is forgotten.
        const origin = await originOf(db, job, response);
        await cacheRecords(db, records, { now: time, origin: () => origin, revive: true });
        await db.usage.put({
          usageId: response.usageId,
          costCredits: response.costCredits,
          links,
          createdAt: time,
          jobId: id,
        });
        changes.analysisIds = [...job.analysisIds, ...response.results.map((result) => result.analysisId)];
        changes.failures = [...job.failures, ...(response.failures ?? [])];
        changes.usageIds = [...job.usageIds, response.usageId];
        changes.costCredits = job.costCredits + response.costCredits;
      } else {
        changes.failures = [...job.failures, ...failuresOfUnprocessable(outcome.unprocessable, links)];
        changes.error = outcome.unprocessable.toJSON();
      }
      await db.jobs.update(id, changes);
      return job.status === "running";
    });
  }

  function finish(id: string): Promise<void> {
    return db.transaction("rw", db.jobs, async () => {
      const job = await db.jobs.get(id);
      if (job?.status !== "running") return;
      const time = now();
      if (job.analysisIds.length === 0 && job.failures.length > 0) {
        const error =
          job.error?.status === 422 && job.chunksDone === 1 ? job.error : allLinksFailedError(job.failures);
        await db.jobs.update(id, { status: "failed", error, finishedAt: time, updatedAt: time });
        return;
      }
      await db.jobs.update(id, { status: "done", error: undefined, finishedAt: time, updatedAt: time });
    });
  }

  function settleError(id: string, error: ApiError): Promise<void> {
    return db.transaction("rw", db.jobs, async () => {
      const job = await db.jobs.get(id);
      // A cancelled job's aborted request lands here too: the job stays cancelled.
      if (job?.status !== "running") return;
      const time = now();
      const data = error.toJSON();
      const decision = decideRetry(error, job.attempts, CHUNK_REQUEST, JOB_RETRY);
      if (decision.retry) {
        const retryAt = time + decision.delayMs;
        await db.jobs.update(id, { status: "queued", error: data, retryAt, updatedAt: time });
        return;
      }
      const message =
        decision.reason === "attempts_exhausted" ? `${data.message} (${decision.message})` : data.message;
      await db.jobs.update(id, {
        status: "failed",
        error: { ...data, message },
        finishedAt: time,
        updatedAt: time,
      });
    });
  }

  /** A job still `running` that this worker does not run was cut off by a stopped worker: queued again, or failed. */
  function recoverInterrupted(isRunning: (id: string) => boolean, time: number): Promise<void> {
    return db.transaction("rw", db.jobs, async () => {
      const stale = await db.jobs.where("status").equals("running").toArray();
      for (const job of stale) {
        if (isRunning(job.id)) continue;
        const interruptions = (job.interruptions ?? 0) + 1;
        if (interruptions < MAX_JOB_INTERRUPTIONS && job.attempts < MAX_JOB_ATTEMPTS) {
          await db.jobs.update(job.id, {
            status: "queued",
            interruptions,
            retryAt: undefined,
            updatedAt: time,
          });
        } else {
          await db.jobs.update(job.id, {
            status: "failed",
            interruptions,
            error: interruptedError(interruptions, job.attempts),
            finishedAt: time,
            updatedAt: time,
          });
        }
      }
    });
  }

  /** Stops a queued or running job; returns whether it was stopped. */
  async function cancel(jobId: string): Promise<boolean> {
    const cancelled = await db.transaction("rw", db.jobs, async () => {
      const job = await db.jobs.get(jobId);
      if (job?.status !== "queued" && job?.status !== "running") return false;
      const time = now();
      await db.jobs.update(jobId, {
        status: "cancelled",
        retryAt: undefined,
        finishedAt: time,
        updatedAt: time,
      });
      return true;
    });
    if (!cancelled) return false;
    queue.abort(jobId);
    changed();
    await queue.rescheduleIfIdle();
    return true;
  }

  /**
   * Queues a failed job again from its start, with new request keys (the old ones may hold the failure
   * the service stored). Only a job that analyzed nothing: nothing it did can be charged twice.
   */
  async function retry(jobId: string): Promise<boolean> {
    const queued = await db.transaction("rw", db.jobs, async () => {
      const job = await db.jobs.get(jobId);
      if (job?.status !== "failed" || job.analysisIds.length > 0) return false;
      const fresh: AnalyzeJob = {
        ...job,
        status: "queued",
        progress: { done: 0, total: job.request.links.length },
        chunksDone: 0,
        failures: [],
        attempts: 0,
        updatedAt: now(),
      };
      for (const key of ["chunks", "chunkKeys", "error", "retryAt", "interruptions", "finishedAt"] as const)
        delete fresh[key];
      await db.jobs.put(fresh);
      return true;
    });
    if (queued) {
      changed();
      void pump();
    }
    return queued;
  }

  return {
    enqueue,
    retry,
    /**
     * On worker start: a job still `running` was cut off by a stopped worker; run it again or fail it.
     * Once per worker: later calls (the browser's startup event after the worker's own start) share it.
     */
    resume: queue.resume,
    /** Runs the queued jobs whose `retryAt` has come (the alarm's handler). */
    runDue: pump,
    cancel,
    /** Settles when the runner has nothing left to do now (for tests and callers that must wait). */
    whenIdle: queue.whenIdle,
  };
}

function chunkLinks(links: readonly string[], size: number = LIMITS.maxLinks): string[][] {
  const chunks: string[][] = [];
  for (let start = 0; start < links.length; start += size) {
    chunks.push(links.slice(start, start + size));
  }
  return chunks;
}

/**
 * What a job's analyses keep of it: the prompt, the preset (named by the job, else the preset whose
 * prompt it sent), and each analysis's share of its request's credits (the contract charges each
 * analyzed link alike, 1 or 2 credits; unknown when the share is not a whole number).
 */
async function originOf(db: LinklensDatabase, job: AnalyzeJob, response: AnalyzeResponse) {
  // A follow-up's prompt carries the earlier turns: its turn keeps the question as the user typed it.
  const prompt = job.thread?.question ?? job.request.prompt;
  const presetName = job.presetName ?? (await db.presets.toArray()).find((p) => p.prompt === prompt)?.name;
  const count = response.results.length;
  const share = count > 0 ? response.costCredits / count : Number.NaN;
  return {
    jobId: job.id,
    prompt,
    ...(presetName && { presetName }),
    ...(Number.isInteger(share) && { costCredits: share }),
  };
}

function withRecordMetadata(result: AnalyzeResult, metadata: Metadata | undefined) {
  return metadata === undefined ? result : { ...result, metadata };
}

/** One failure per link of a chunk answered 422, from the error's details when they name the links. */
function failuresOfUnprocessable(error: ApiError, links: string[]): LinkFailure[] {
  if (error.details.length === links.length) {
    return error.details.map((detail, index) => {
      const named = detail as { link?: unknown; code?: unknown };
      return {
        link: typeof named.link === "string" ? named.link : (links[index] as string),
        code: typeof named.code === "string" ? named.code : error.code,
        message: detail.message,
      };
    });
  }
  return links.map((link) => ({ link, code: error.code, message: error.message }));
}

function allLinksFailedError(failures: LinkFailure[]): ApiErrorInit {
  return {
    status: 422,
    code: "unprocessable",
    message:
      failures.length === 1
        ? `the link could not be analyzed: ${failures[0]?.message}`
        : `none of the ${failures.length} links could be analyzed`,
    details: failures.map((failure) => ({ path: failure.link, message: failure.message })),
  };
}

function noLinksError(accepted: number, rejected: RejectedLink[]): ApiErrorInit | undefined {
  if (accepted > 0) return undefined;
  const details = rejected.map(({ link, problem }) => ({
    path: link,
    message: LINK_PROBLEM_MESSAGES[problem],
  }));
  const first = rejected[0];
  let message = "there is no link to analyze";
  if (rejected.length === 1 && first) {
    message = `${first.link} cannot be analyzed: it ${LINK_PROBLEM_MESSAGES[first.problem]}`;
  } else if (rejected.length > 1) {
    message = `none of the ${rejected.length} links can be analyzed: only https:// pages can be`;
  }
  return { status: 0, code: "no_valid_links", message, details };
}

function invalidFieldsError(error: Parameters<typeof issueDetails>[0]): ApiErrorInit {
  const details = issueDetails(error);
  return { status: 0, code: "invalid_request", message: summarizeDetails(details), details };
}

function interruptedError(interruptions: number, attempts: number): ApiErrorInit {
  const message =
    interruptions >= MAX_JOB_INTERRUPTIONS
      ? `the extension stopped ${interruptions} times while this job was running; it was not started again`
      : `the extension stopped while this job was running, after ${attempts} attempts; it was not started again`;
  return { status: 0, code: "interrupted", message };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
