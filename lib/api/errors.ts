import type { ErrorDetail } from "./contract";

export interface ApiErrorInit {
  /** HTTP status, or 0 when no response arrived (network, timeout, abort, input refused before sending). */
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[];
  requestId?: string;
  /** Seconds the service asked us to wait (`Retry-After`). */
  retryAfter?: number;
  cause?: unknown;
}

/** Every failure of the API client, whatever its origin, as one readable error. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly requestId?: string;
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }

  /** Plain data, safe to send through extension messaging or store in IndexedDB. */
  toJSON(): ApiErrorInit {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
      retryAfter: this.retryAfter,
    };
  }
}

/**
 * Whatever was thrown, as an `ApiError`: an `ApiError` as it is, anything else (a bug, a Dexie refusal)
 * with its message under `code`, and status 0 (no response was involved).
 */
export function toApiError(error: unknown, code = "internal_error"): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ status: 0, code, message, cause: error });
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** 401 or 403: the service refused the API key (the seed leaves which one open). */
export function isKeyRefused(error: { status: number }): boolean {
  return error.status === 401 || error.status === 403;
}
