/**
 * The worker's job runner for unit tests, its client going to a real service through a fetch that records
 * every POST /v1/links it sends (and can lose the answers, as a worker stopped mid-request does).
 */
import { createJobRunner, type JobRunnerDeps } from "../../../entrypoints/background/analyze-jobs";
import { createApiClient } from "../../../lib/api/client";
import type { AnalyzeRequest } from "../../../lib/api/contract";

/** One POST /v1/links as the runner sent it. */
export interface SentRequest {
  body: AnalyzeRequest;
  idempotencyKey: string | null;
  /** The keys of the job rows in the database when the request left. */
  savedKeys: string[] | undefined;
  status?: number;
  replayed?: boolean;
  /** The signal the request left with: aborted once the job is cancelled. */
  signal?: AbortSignal | null;
}

/**
 * `"once"`: the first request reaches the service, but its answer is lost; `"always"`: every request
 * reaches it and never settles, as a stopped worker's.
 */
export type LoseAnswers = "once" | "always";

/**
 * A runner over `deps.db` whose client goes to `target` (read at each run: a test may switch it), with
 * `requests`, every POST /v1/links sent, in order. `hold`: awaited before a request (already recorded)
 * goes on to the service, so a test can keep one on its way while it does something else.
 */
export function recordingJobRunner(
  deps: Omit<JobRunnerDeps, "getClient">,
  target: { baseUrl: string; apiKey: string },
  loseAnswers?: LoseAnswers,
  hold?: (body: AnalyzeRequest) => Promise<void> | undefined,
) {
  const requests: SentRequest[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    if (init?.method !== "POST" || !String(input).endsWith("/v1/links")) return fetch(input, init);
    const body = JSON.parse(String(init.body));
    const jobs = await deps.db.jobs.toArray();
    const request: SentRequest = {
      body,
      idempotencyKey: new Headers(init.headers).get("idempotency-key"),
      savedKeys: jobs.flatMap((job) => job.chunkKeys ?? []),
      signal: init.signal,
    };
    requests.push(request);
    await hold?.(body);
    const response = await fetch(input, init);
    request.status = response.status;
    request.replayed = response.headers.get("idempotent-replayed") === "true";
    if (loseAnswers === "always") return new Promise<Response>(() => {});
    if (loseAnswers === "once" && requests.length === 1) throw new TypeError("the answer was lost");
    return response;
  };
  const runner = createJobRunner({
    ...deps,
    getClient: async () => createApiClient({ ...target, fetch: recordingFetch, retry: { retries: 0 } }),
  });
  return { runner, requests };
}
