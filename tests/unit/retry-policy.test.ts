import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../lib/api/errors";
import {
  decideRetry,
  type FailedRequest,
  RETRY_SCHEDULES,
  type RetryError,
  type RetrySchedule,
} from "../../lib/api/retry-policy";

/** A schedule with round numbers, so every wait below can be worked out by hand. */
const SCHEDULE: RetrySchedule = {
  retries: 3,
  inProgressRetries: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 6_000,
  maxRetryAfterMs: 60_000,
};
const KEYED: FailedRequest = { keyed: true, repeatable: true };
const GET: FailedRequest = { keyed: false, repeatable: true };
const UNKEYED_POST: FailedRequest = { keyed: false, repeatable: false };
/** `random()` at its top: the backoff's whole ceiling. */
const FULL = () => 1;

const http = (status: number, code = `http_${status}`, retryAfter?: number): RetryError => ({
  status,
  code,
  ...(retryAfter !== undefined && { retryAfter }),
});
const NETWORK: RetryError = { status: 0, code: "network_error" };
const TIMEOUT: RetryError = { status: 0, code: "timeout" };

const decide = (error: RetryError, attempt = 1, request = KEYED) =>
  decideRetry(error, attempt, request, SCHEDULE, FULL);

describe("which failures are tried again", () => {
  it.each<[string, RetryError, FailedRequest, number]>([
    ["a network failure of a keyed POST", NETWORK, KEYED, 1_000],
    ["a network failure of a GET", NETWORK, GET, 1_000],
    ["a timeout of a keyed POST", TIMEOUT, KEYED, 1_000],
    ["429 with Retry-After: 7", http(429, "rate_limited", 7), UNKEYED_POST, 7_000],
    ["429 with no Retry-After (backoff)", http(429, "rate_limited"), UNKEYED_POST, 1_000],
    ["500 internal_error", http(500, "internal_error"), KEYED, 1_000],
    ["502 upstream_error", http(502, "upstream_error"), KEYED, 1_000],
    ["503 with Retry-After: 3, even unkeyed", http(503, "http_503", 3), UNKEYED_POST, 3_000],
    ["504", http(504), GET, 1_000],
    ["408", http(408), KEYED, 1_000],
    ["409 in progress with Retry-After: 1", http(409, "idempotency_in_progress", 1), KEYED, 1_000],
  ])("%s: tried again", (_, error, request, delayMs) => {
    expect(decideRetry(error, 1, request, SCHEDULE, FULL)).toEqual({ retry: true, delayMs });
  });

  it.each<[string, RetryError]>([
    ["400 invalid_request", http(400, "invalid_request")],
    ["401 unauthorized", http(401, "unauthorized")],
    ["402 insufficient_credits", http(402, "insufficient_credits")],
    ["404 not_found", http(404, "not_found")],
    ["412 precondition_failed", http(412, "precondition_failed")],
    ["413 payload_too_large", http(413, "payload_too_large")],
    ["422 unprocessable", http(422, "unprocessable")],
    ["422 idempotency_key_reused", http(422, "idempotency_key_reused")],
    ["501 (not implemented: no retry changes it)", http(501)],
    ["a 200 the client could not read", { status: 200, code: "invalid_response" }],
    ["input refused before sending", { status: 0, code: "invalid_request" }],
    ["a bug in the extension", { status: 0, code: "internal_error" }],
  ])("%s: never, even with Retry-After and at the first attempt", (_, error) => {
    expect(decide({ ...error, retryAfter: 1 })).toMatchObject({ retry: false, reason: "not_retryable" });
  });

  it("a cancelled request is not tried again", () => {
    expect(decide({ status: 0, code: "aborted" })).toMatchObject({ retry: false, reason: "cancelled" });
  });

  it("a request that may have done its work (no Idempotency-Key, not a GET) is not sent again after a network failure or a 5xx", () => {
    for (const error of [NETWORK, TIMEOUT, http(500), http(502), http(504), http(408)]) {
      expect(decide(error, 1, UNKEYED_POST)).toMatchObject({ retry: false, reason: "not_retryable" });
    }
  });

  it("409 is 'still in progress' only for a request with an Idempotency-Key", () => {
    expect(decide(http(409, "conflict", 1), 1, GET)).toMatchObject({ retry: false, reason: "not_retryable" });
    expect(decide(http(409, "idempotency_in_progress", 1), 1, KEYED)).toEqual({
      retry: true,
      delayMs: 1_000,
    });
  });
});

describe("how long to wait", () => {
  it("doubles the backoff after each attempt, up to its ceiling", () => {
    const waits = [1, 2, 3].map((attempt) => decide(NETWORK, attempt));
    expect(waits).toEqual([
      { retry: true, delayMs: 1_000 },
      { retry: true, delayMs: 2_000 },
      { retry: true, delayMs: 4_000 },
    ]);
    const wide = { ...SCHEDULE, retries: 10 };
    expect(decideRetry(NETWORK, 5, KEYED, wide, FULL)).toEqual({ retry: true, delayMs: 6_000 });
  });

  it("spreads the backoff between half and all of it", () => {
    expect(decideRetry(NETWORK, 3, KEYED, SCHEDULE, () => 0)).toEqual({ retry: true, delayMs: 2_000 });
    expect(decideRetry(NETWORK, 3, KEYED, SCHEDULE, () => 0.5)).toEqual({ retry: true, delayMs: 3_000 });
    for (let i = 0; i < 50; i++) {
      const decision = decideRetry(NETWORK, 1, KEYED, SCHEDULE);
      expect(decision.retry && decision.delayMs).toBeGreaterThanOrEqual(500);
      expect(decision.retry && decision.delayMs).toBeLessThanOrEqual(1_000);
    }
  });

  it("waits exactly as long as Retry-After says, in seconds or as an HTTP date, never less than 1 s", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    const fromDate = parseRetryAfter("Sun, 01 Mar 2026 10:00:30 GMT", now);
    expect(decide(http(429, "rate_limited", fromDate), 3)).toEqual({ retry: true, delayMs: 30_000 });
    expect(decide(http(429, "rate_limited", parseRetryAfter("12")), 3)).toEqual({
      retry: true,
      delayMs: 12_000,
    });
    expect(decide(http(429, "rate_limited", 0))).toEqual({ retry: true, delayMs: 1_000 });
    const past = parseRetryAfter("Sun, 01 Mar 2026 09:59:00 GMT", now);
    expect(decide(http(503, "http_503", past))).toEqual({ retry: true, delayMs: 1_000 });
  });

  it("leaves a Retry-After longer than the schedule waits to the caller", () => {
    expect(decide(http(429, "rate_limited", 61))).toMatchObject({ retry: false, reason: "wait_too_long" });
    expect(decide(http(429, "rate_limited", 60))).toEqual({ retry: true, delayMs: 60_000 });
  });
});

describe("when to give up", () => {
  it("after `retries` retries: the attempt after the last allowed one", () => {
    expect(decide(http(503), 3)).toMatchObject({ retry: true });
    expect(decide(http(503), 4)).toEqual({
      retry: false,
      reason: "attempts_exhausted",
      message: "gave up after 4 attempts",
    });
  });

  it("waits for a request still in progress longer than for other failures", () => {
    const inProgress = http(409, "idempotency_in_progress", 1);
    expect(decide(inProgress, 10)).toEqual({ retry: true, delayMs: 1_000 });
    expect(decide(inProgress, 11)).toMatchObject({ retry: false, reason: "attempts_exhausted" });
  });

  it("a schedule of no retries still waits for a request in progress (the client's `{ retries: 0 }`)", () => {
    const none = { ...RETRY_SCHEDULES.request, retries: 0 };
    expect(decideRetry(http(503), 1, KEYED, none)).toMatchObject({ retry: false });
    expect(decideRetry(http(409, "idempotency_in_progress", 1), 1, KEYED, none)).toEqual({
      retry: true,
      delayMs: 1_000,
    });
  });

  it("the layers' schedules: a job gives up after 5 attempts, an edit never, the worker's client leaves long waits to them", () => {
    const { analyzeJob, edit, workerRequest } = RETRY_SCHEDULES;
    expect(decideRetry(NETWORK, 4, KEYED, analyzeJob)).toMatchObject({ retry: true });
    expect(decideRetry(NETWORK, 5, KEYED, analyzeJob)).toMatchObject({ reason: "attempts_exhausted" });
    expect(decideRetry(NETWORK, 1_000, KEYED, edit, FULL)).toEqual({ retry: true, delayMs: edit.maxDelayMs });
    expect(decideRetry(http(429, "rate_limited", 3_600), 1, KEYED, edit)).toEqual({
      retry: true,
      delayMs: 3_600_000,
    });
    expect(decideRetry(http(429, "rate_limited", 11), 1, KEYED, workerRequest)).toMatchObject({
      reason: "wait_too_long",
    });
  });
});
