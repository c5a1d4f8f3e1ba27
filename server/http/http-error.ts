import { ERROR_CODES, type ErrorBody, type ErrorDetail, type ErrorStatus } from "../../lib/api/contract";
import { summarizeDetails } from "../../lib/api/issue-details";

/** A failure the server answers with the contract's error body. */
export class HttpError extends Error {
  readonly code: string;
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
    /** For a status with more than one code in the contract (422); otherwise the status's own. */
    code?: string,
  ) {
    super(message);
    this.name = "HttpError";
    this.code = code ?? ERROR_CODES[status];
  }

  body(requestId: string): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details && this.details.length > 0 ? { details: this.details } : {}),
        requestId,
      },
    };
  }
}

export function invalidRequest(details: ErrorDetail[]): HttpError {
  return new HttpError(400, summarizeDetails(details), details);
}
