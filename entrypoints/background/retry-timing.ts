/** When the worker tries a failed request again, and the failure as an `ApiError` whatever was thrown. */
import { ApiError } from "../../lib/api/errors";

export interface Backoff {
  /** The wait after the first failed attempt; it doubles with each one after. */
  baseMs: number;
  maxMs: number;
}

/** The wait before attempt `attempts + 1`: as long as `Retry-After` says (1 s at least), else backoff. */
export function retryDelay(error: Pick<ApiError, "retryAfter">, attempts: number, backoff: Backoff): number {
  if (error.retryAfter !== undefined) return Math.max(1_000, error.retryAfter * 1_000);
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ status: 0, code: "internal_error", message, cause: error });
}
