import type { z } from "zod";
import {
  type AnalysisRecord,
  AnalysisRecord as AnalysisRecordSchema,
  AnalyzeRequest,
  type AnalyzeResponse,
  AnalyzeResponse as AnalyzeResponseSchema,
  GetAnalysisParams,
  type PartialAnalysisRecord,
  RelatedParams,
  RelatedResponse,
  relatedParamsToQuery,
  UpdateAnalysisRequest,
} from "./contract";
import { apiErrorFromResponse } from "./error-body";
import { ApiError } from "./errors";
import { issueDetails, summarizeDetails } from "./issue-details";
import { decideRetry, RETRY_SCHEDULES, type RetrySchedule } from "./retry-policy";
import { narrowRecord, seedSelectable } from "./seed-fields";

interface RetryNotice {
  attempt: number;
  delayMs: number;
  error: ApiError;
}

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per attempt. Analyze requests fetch and generate pages, so they get a longer default. */
  timeoutMs?: number;
  analyzeTimeoutMs?: number;
  /** Changes to the in-request schedule (lib/api/retry-policy.ts), e.g. `{ retries: 0 }`. */
  retry?: Partial<RetrySchedule>;
  onRetry?: (notice: RetryNotice) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** For a POST that must not take effect twice: the same key on every retry of one request. */
export interface IdempotentCallOptions extends CallOptions {
  idempotencyKey?: string;
}

/** A new `Idempotency-Key`, for one request and all its retries. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The service root without a trailing slash or `/v1` (users paste either). */
export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, "").replace(/\/v1$/, "");
}

/** A typed client of the /v1 API: inputs checked before sending, responses validated tolerantly. */
export function createApiClient(options: ApiClientOptions) {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const schedule: RetrySchedule = { ...RETRY_SCHEDULES.request, ...options.retry };
  const sleep = options.sleep ?? abortableSleep;

  async function request<S extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    call: {
      query?: Record<string, string>;
      body?: unknown;
      headers?: Record<string, string>;
      timeoutMs: number;
    },
    signal?: AbortSignal,
  ): Promise<{ data: z.output<S>; response: Response }> {
    const url = new URL(`${baseUrl}/v1${path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);

    const keyed = call.headers?.[IDEMPOTENCY_KEY_HEADER] !== undefined;
    const sent = { keyed, repeatable: method === "GET" || keyed };
    for (let attempt = 1; ; attempt++) {
      try {
        return await attemptOnce(method, url, schema, call, signal);
      } catch (error) {
        const apiError = error as ApiError;
        const decision = decideRetry(apiError, attempt, sent, schedule);
        if (!decision.retry || signal?.aborted) throw apiError;
        options.onRetry?.({ attempt, delayMs: decision.delayMs, error: apiError });
        await sleep(decision.delayMs, signal);
      }
    }
  }

  async function attemptOnce<S extends z.ZodType>(
    method: string,
    url: URL,
    schema: S,
    call: { body?: unknown; headers?: Record<string, string>; timeoutMs: number },
    signal?: AbortSignal,
  ) {
    const timeout = AbortSignal.timeout(call.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method,
        signal: combined,
        headers: {
          accept: "application/json",
          "x-api-key": options.apiKey,
          ...(call.body !== undefined && { "content-type": "application/json" }),
          ...call.headers,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      text = await response.text();
    } catch (error) {
      throw transportError(error, signal, timeout, call.timeoutMs);
    }
    if (!response.ok) throw apiErrorFromResponse(response, text);

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalidResponse(response, `the service at ${baseUrl} did not answer with JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? first.path.join(".") : "the body";
      throw invalidResponse(
        response,
        `the service answered an unexpected shape (${where}: ${first?.message})`,
      );
    }
    return { data: parsed.data as z.output<S>, response };
  }

  function transportError(error: unknown, signal: AbortSignal | undefined, timeout: AbortSignal, ms: number) {
    if (signal?.aborted)
      return new ApiError({ status: 0, code: "aborted", message: "the request was cancelled", cause: error });
    if (timeout.aborted) {
      return new ApiError({
        status: 0,
        code: "timeout",
        message: `${baseUrl} did not answer within ${ms / 1000} s`,
        cause: error,
      });
    }
    return new ApiError({
      status: 0,
      code: "network_error",
      message: `could not reach the service at ${baseUrl}`,
      cause: error,
    });
  }

  const timeoutMs = options.timeoutMs ?? 30_000;
  const analyzeTimeoutMs = options.analyzeTimeoutMs ?? 180_000;

  /**
   * POST /v1/analyses, with the `ETag` the service gave for the new version, if it gave one. `ifMatch`
   * is an ETag this service gave for the version the edit was made against, sent as it came (412 when the
   * record moved on); never one made up here, since a service compares it with its own.
   */
  async function updateAnalysisWithEtag(
    input: UpdateAnalysisRequest,
    call: IdempotentCallOptions & { ifMatch?: string } = {},
  ): Promise<TaggedRecord> {
    const body = checkInput(UpdateAnalysisRequest, input);
    const headers = {
      ...idempotencyHeaders(call),
      ...(call.ifMatch && { "if-match": call.ifMatch }),
    };
    const { data, response } = await request(
      "POST",
      "/analyses",
      AnalysisRecordSchema,
      { body, headers, timeoutMs },
      call.signal,
    );
    return tagged(data, response);
  }

  /** GET /v1/analyses, with the record's `ETag` when the service gives one. */
  async function getAnalysisWithEtag(analysisId: string, call: CallOptions = {}): Promise<TaggedRecord> {
    const query = checkInput(GetAnalysisParams, { analysisId });
    const { data, response } = await request(
      "GET",
      "/analyses",
      AnalysisRecordSchema,
      { query, timeoutMs },
      call.signal,
    );
    return tagged(data, response);
  }

  return {
    baseUrl,

    /** POST /v1/links; a replayed answer (same `idempotencyKey`) is returned like any other. */
    async analyzeLinks(input: AnalyzeRequest, call: IdempotentCallOptions = {}): Promise<AnalyzeResponse> {
      const body = checkInput(AnalyzeRequest, input);
      const headers = idempotencyHeaders(call);
      const { data } = await request(
        "POST",
        "/links",
        AnalyzeResponseSchema,
        { body, headers, timeoutMs: analyzeTimeoutMs },
        call.signal,
      );
      return data;
    },

    /** POST /v1/analyses; the record the service answered. */
    async updateAnalysis(
      input: UpdateAnalysisRequest,
      call: IdempotentCallOptions & { ifMatch?: string } = {},
    ): Promise<AnalysisRecord> {
      return (await updateAnalysisWithEtag(input, call)).record;
    },

    /**
     * GET /v1/analyses/related. `selectFields` goes out only when it names the seed's fields alone; a list
     * with `metadata` is left out of the request and applied to the answer here instead.
     */
    async listRelated(params: RelatedParams, call: CallOptions = {}): Promise<PartialAnalysisRecord[]> {
      const checked = checkInput(RelatedParams, params);
      const { selectFields, ...rest } = checked;
      const narrowHere = selectFields !== undefined && !seedSelectable(selectFields);
      const query = relatedParamsToQuery(narrowHere ? rest : checked);
      const { data } = await request(
        "GET",
        "/analyses/related",
        RelatedResponse,
        { query, timeoutMs },
        call.signal,
      );
      return narrowHere ? data.map((record) => narrowRecord(record, selectFields)) : data;
    },

    /** GET /v1/analyses */
    async getAnalysis(analysisId: string, call: CallOptions = {}): Promise<AnalysisRecord> {
      return (await getAnalysisWithEtag(analysisId, call)).record;
    },

    updateAnalysisWithEtag,
    getAnalysisWithEtag,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A record and the `ETag` its answer carried (the seed has none; a service may send its own). */
export interface TaggedRecord {
  record: AnalysisRecord;
  etag?: string;
}

function tagged(record: AnalysisRecord, response: Response): TaggedRecord {
  const etag = response.headers.get("etag") ?? undefined;
  return etag ? { record, etag } : { record };
}

const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

function idempotencyHeaders(call: IdempotentCallOptions): Record<string, string> {
  return call.idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: call.idempotencyKey };
}

/** Validates what the caller asked with the contract's schema: a bad input never leaves the machine. */
function checkInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = issueDetails(result.error);
  throw new ApiError({ status: 0, code: "invalid_request", message: summarizeDetails(details), details });
}

function invalidResponse(response: Response, message: string): ApiError {
  return new ApiError({
    status: response.status,
    code: "invalid_response",
    message,
    requestId: response.headers.get("x-request-id") ?? undefined,
  });
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(new ApiError({ status: 0, code: "aborted", message: "the request was cancelled" }));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError({ status: 0, code: "aborted", message: "the request was cancelled" }));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
