/**
 * The one answer to "try this request again, and when?" for every layer that retries: the API client
 * within a request (it waits in place), the analyze job queue and the edit outbox (they wait on an
 * alarm, across worker restarts). The rules are the contract's ("Error body", "Idempotency-Key"); the
 * layers differ only in their schedule below: how long they wait and how many times.
 */
import type { ApiErrorInit } from "./errors";

export interface RetrySchedule {
  /** Retries after the first attempt before a retryable failure is given up (`Infinity`: never). */
  retries: number;
  /**
   * Retries while the service answers 409 (a request with the same `Idempotency-Key` is still running):
   * it will answer, so these may be many more. They count among all attempts made.
   */
  inProgressRetries: number;
  /** The backoff's wait after the first failed attempt; it doubles after each one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited out here: the failure goes to the caller. */
  maxRetryAfterMs: number;
}

/** The API client, within one call: short waits. 180 in-progress retries ≈ 3 min at `Retry-After: 1`. */
const IN_REQUEST: RetrySchedule = {
  retries: 3,
  inProgressRetries: 180,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export const RETRY_SCHEDULES = {
  request: IN_REQUEST,
  /**
   * The worker's client, under the job queue and the outbox: a longer `Retry-After` is left to them, so a
   * job shows "retrying in N s" and the wait survives the worker being stopped.
   */
  workerRequest: { ...IN_REQUEST, maxRetryAfterMs: 10_000 },
  /** An analyze job, run again on an alarm: 5 attempts in all. */
  analyzeJob: {
    retries: 4,
    inProgressRetries: 4,
    baseDelayMs: 10_000,
    maxDelayMs: 5 * 60_000,
    maxRetryAfterMs: Number.POSITIVE_INFINITY,
  },
  /** A queued edit, sent again on an alarm until it lands or the user discards it: never given up. */
  edit: {
    retries: Number.POSITIVE_INFINITY,
    inProgressRetries: Number.POSITIVE_INFINITY,
    baseDelayMs: 5_000,
    maxDelayMs: 5 * 60_000,
    maxRetryAfterMs: Number.POSITIVE_INFINITY,
  },
} as const satisfies Record<string, RetrySchedule>;

/** What failed, as the API client reports it (`ApiError` or its stored `toJSON()`). */
export type RetryError = Pick<ApiErrorInit, "status" | "code" | "retryAfter">;

export interface FailedRequest {
  /** Whether sending it again cannot do its work twice: a GET, or a POST with an `Idempotency-Key`. */
  repeatable: boolean;
  /** Whether it carried an `Idempotency-Key` (a 409 then means "the same request is still running"). */
  keyed: boolean;
}

type GiveUpReason = "not_retryable" | "cancelled" | "attempts_exhausted" | "wait_too_long";

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; reason: GiveUpReason; message: string };

/** The shortest wait a `Retry-After` gives, even one of 0: the service is never asked again at once. */
const MIN_RETRY_AFTER_MS = 1_000;
/** 5xx that no retry changes: the method or the HTTP version is not supported. */
const PERMANENT_SERVER_ERRORS = new Set([501, 505]);

type Kind = "in_progress" | "transient" | "cancelled" | "permanent";

/**
 * Whether attempt number `attempt` (1 for the first) of a request that failed with `error` is tried
 * again, and after how long; `random` (0 to 1) spreads the backoff (tests pass a fixed one).
 */
export function decideRetry(
  error: RetryError,
  attempt: number,
  request: FailedRequest,
  schedule: RetrySchedule,
  random: () => number = Math.random,
): RetryDecision {
  const kind = kindOf(error, request);
  if (kind === "cancelled") return giveUp("cancelled", "the request was cancelled");
  if (kind === "permanent") return giveUp("not_retryable", "the service refused the request as it is");
  const allowed = kind === "in_progress" ? schedule.inProgressRetries : schedule.retries;
  if (attempt > allowed) return giveUp("attempts_exhausted", `gave up after ${attempt} attempts`);
  if (error.retryAfter !== undefined) {
    const asked = error.retryAfter * 1000;
    if (asked > schedule.maxRetryAfterMs) {
      return giveUp("wait_too_long", `the service asks to wait ${error.retryAfter} s`);
    }
    return { retry: true, delayMs: Math.max(MIN_RETRY_AFTER_MS, asked) };
  }
  return { retry: true, delayMs: backoffDelay(attempt, schedule, random) };
}

/**
 * The contract's error table read for retries: 429 (rate limited) and 503 (unavailable) were not
 * processed, so any request may be sent again; a network failure, a timeout, 408 and other 5xx may have
 * done part of the work, so only a repeatable request is; 409 on a keyed request waits for the first.
 * Every other answer (400, 401, 402, 404, 412, 413, 422, …) is about the request itself, and so is an
 * answer the client could not read (`invalid_response`): sending it again gets the same.
 */
function kindOf(error: RetryError, request: FailedRequest): Kind {
  const { status, code } = error;
  if (status === 0) {
    if (code === "aborted") return "cancelled";
    const transport = code === "network_error" || code === "timeout";
    return transport && request.repeatable ? "transient" : "permanent";
  }
  if (code === "invalid_response") return "permanent";
  if (status === 429 || status === 503) return "transient";
  if (status === 409) return request.keyed ? "in_progress" : "permanent";
  const serverFailed = status >= 500 && status <= 599 && !PERMANENT_SERVER_ERRORS.has(status);
  if ((status === 408 || serverFailed) && request.repeatable) return "transient";
  return "permanent";
}

/** Exponential backoff with "equal jitter": between half and all of `base · 2^(attempt−1)`, capped. */
function backoffDelay(attempt: number, schedule: RetrySchedule, random: () => number): number {
  const ceiling = Math.min(schedule.maxDelayMs, schedule.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function giveUp(reason: GiveUpReason, message: string): RetryDecision {
  return { retry: false, reason, message };
}
