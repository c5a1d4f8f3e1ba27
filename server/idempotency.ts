/**
 * `Idempotency-Key` (CONTRACT.md) for a POST endpoint. The key is claimed in the store (every process sees
 * it) before any work; the final response (any status below 500) is stored with it and replayed to a later
 * request with the same key and body. A route whose work writes to the store passes the claim on, so the
 * response is stored in the same transaction as the work: a crash after the commit cannot lead to the work
 * being done again. A 5xx or an unexpected error releases the claim, so a retry runs again. A claim whose
 * process died is taken over by the retry at once on Postgres (its advisory lock is free: store/claim-locks.ts)
 * and on PGlite (the restarted service released it); otherwise a running claim's heartbeat proves it alive,
 * and one that stopped beating is taken over after `CLAIM_TIMING.staleAfterMs`.
 *
 * The body is fingerprinted after it is read as JSON: a body the server refuses before that (415, 413,
 * malformed JSON) claims nothing. A body the route's schema refuses (400) is stored like any answer.
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler, Next } from "hono";
import { z } from "zod";
import { HttpError, invalidRequest } from "./http/http-error";
import type { AppEnv } from "./routes/env";
import {
  type ClaimTiming,
  type IdempotencyClaim,
  IdempotencyClaimLostError,
  type Store,
  type StoredResponse,
} from "./store/types";

const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
const REPLAYED_HEADER = "Idempotent-Replayed";
const CLAIM_TIMING: ClaimTiming = { staleAfterMs: 30_000, retentionMs: 24 * 60 * 60_000 };
/** How often a running request proves it is alive: well within `staleAfterMs`. */
const HEARTBEAT_MS = 5_000;
const PURGE_EVERY_MS = 60 * 60_000;
/** Headers that are the transport's or the request's own, not part of the stored response. */
const UNSTORED_HEADERS = new Set(["content-type", "content-length", "x-request-id"]);

/**
 * The middleware of a POST route that takes an `Idempotency-Key`, after `jsonBody` and before the route's
 * validation: a request with a key claims it (or gets the stored answer, 409 or 422); what the rest of the
 * route answers, a validation 400 included, is then stored with the key. The handler finds the claim in
 * `c.var.idempotencyClaim`, to store its response (`jsonResponse`) in the transaction of its work.
 */
export function idempotent(store: Store, endpoint: string): MiddlewareHandler<AppEnv> {
  let lastPurge = 0;

  function purgeNowAndThen() {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    store.purgeIdempotencyKeys(CLAIM_TIMING.retentionMs).catch(() => {});
  }

  return async (c, next) => {
    const key = readIdempotencyKey(c);
    c.set("idempotencyClaim", undefined);
    if (key === undefined) return next();

    purgeNowAndThen();
    const ref = { tenantId: c.var.tenantId, endpoint, key };
    const outcome = await store.claimIdempotencyKey(ref, requestHash(c.var.jsonBody), CLAIM_TIMING);
    if (outcome.kind === "mismatch") throw keyReused();
    if (outcome.kind === "in_progress") throw idempotencyInProgress();
    if (outcome.kind === "replay") {
      const { status, body: text, headers } = outcome.response;
      return c.body(text, status as 200, {
        ...headers,
        "content-type": "application/json",
        [REPLAYED_HEADER]: "true",
      });
    }

    const { claim } = outcome;
    c.set("idempotencyClaim", claim);
    try {
      await runHolding(store, claim, c, next);
    } finally {
      // After the response is stored or the claim released: a retry then finds either, never a dead claim.
      // Not waited for: the answer needs nothing from it, and a claim after it is ordered after it.
      store.endIdempotencyClaim(claim).catch(() => {});
    }
  };
}

/** Runs the route holding the claim, then stores its response with the key (or releases the key on a 5xx). */
async function runHolding(store: Store, claim: IdempotencyClaim, c: Context<AppEnv>, next: Next) {
  const heartbeat = setInterval(() => {
    store.heartbeatIdempotencyKey(claim).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    await next();
  } finally {
    clearInterval(heartbeat);
  }
  // The route's errors are answers by now (`app.onError`): `c.res` is what the client gets.
  if (c.error instanceof IdempotencyClaimLostError) return; // answered 409: the key is another's now
  if (c.res.status >= 500) {
    await store.releaseIdempotencyKey(claim).catch(() => {});
    return;
  }
  // Stored already when the handler stored it with its work; then this changes nothing.
  const completed = store.completeIdempotencyKey({ claim, response: await storedResponseOf(c.res) });
  if (c.error) {
    // The request's own refusal is what the client must see, not a failure to record it.
    await completed.catch(() => {});
    return;
  }
  try {
    await completed;
  } catch (error) {
    await store.releaseIdempotencyKey(claim).catch(() => {});
    throw error;
  }
}

/** The `Idempotency-Key` header's value: 1 to 255 printable ASCII characters. */
const IdempotencyKey = z
  .string()
  // HTTP drops white space around a header's value, so a key never starts or ends with a space.
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/)
  .meta({
    description:
      "1 to 255 printable ASCII characters: a repeat of the request with the same key and body within 24 " +
      "hours gets the stored response again (`Idempotent-Replayed: true`); another body, 422.",
  });

/** The headers of a route that takes an `Idempotency-Key`, for its definition. */
export const idempotencyHeaders = z.object({ "idempotency-key": IdempotencyKey.optional() });

/** The request's `Idempotency-Key`: absent, or 1 to 255 printable ASCII characters (else 400). */
function readIdempotencyKey(c: Context): string | undefined {
  const value = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (value === undefined || IdempotencyKey.safeParse(value).success) return value;
  throw invalidRequest([
    { path: IDEMPOTENCY_KEY_HEADER, message: "must be 1 to 255 printable ASCII characters" },
  ]);
}

/** The fingerprint a key's later requests are compared by: SHA-256 of the body as parsed JSON. */
export function requestHash(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body), "utf8").digest("hex");
}

/** A JSON response as stored: the body exactly as `c.json` sends it. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): StoredResponse {
  return { status, body: JSON.stringify(body), headers };
}

/** An error response as stored: the body `app.onError` sends for it. */
export function errorResponse(error: HttpError, requestId: string): StoredResponse {
  return jsonResponse(error.status, error.body(requestId), error.headers);
}

async function storedResponseOf(response: Response): Promise<StoredResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!UNSTORED_HEADERS.has(name)) headers[name] = value;
  });
  return { status: response.status, body: await response.clone().text(), headers };
}

/** 409: a request with the same key is still running (or took the key over from this one). */
export function idempotencyInProgress(): HttpError {
  return new HttpError(
    409,
    `a request with this ${IDEMPOTENCY_KEY_HEADER} is still running; retry in a second`,
    undefined,
    { "Retry-After": "1" },
  );
}

function keyReused(): HttpError {
  const message = "was used before with a different request body; send a new key with a new request";
  return new HttpError(
    422,
    `this ${IDEMPOTENCY_KEY_HEADER} ${message}`,
    [{ path: IDEMPOTENCY_KEY_HEADER, message }],
    {},
    "idempotency_key_reused",
  );
}
