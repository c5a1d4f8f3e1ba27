/**
 * Any service's error answer as one short readable line. The seed leaves error bodies open, so a
 * service may send ours, `{message}`, `{error: {message}}`, `{error: "…"}`, `{detail}`, RFC 9457
 * `application/problem+json` (`title`, `detail`), plain text or an HTML page. The line never holds the
 * status (the caller shows it once, beside the line), never markup, and is at most `MAX_ERROR_TEXT`
 * characters.
 */
import statuses from "statuses";
import { escapeRegExp } from "../text/escape-reg-exp";
import { ErrorBody, type ErrorDetail } from "./contract";
import { ApiError, parseRetryAfter } from "./errors";

export const MAX_ERROR_TEXT = 300;

export interface ErrorAnswer {
  status: number;
  /** `Response.statusText`: empty over HTTP/2, so the standard reason phrase stands in for it. */
  statusText?: string;
  contentType?: string | null;
  body: string;
}

export interface DescribedError {
  message: string;
  /** Ours when the body is our contract's, else `http_<status>`. */
  code: string;
  details?: ErrorDetail[];
  requestId?: string;
}

/** The standard reason phrase of `status` ("Forbidden"), or the status text the answer gave. */
export function reasonPhrase(status: number, statusText?: string): string {
  const known = (statuses.message as Record<number, string | undefined>)[status];
  return statusText?.trim() || known || (status >= 500 ? "Server error" : "Error");
}

export function describeErrorAnswer(answer: ErrorAnswer): DescribedError {
  const reason = reasonPhrase(answer.status, answer.statusText);
  const code = `http_${answer.status}`;
  const mediaType = (answer.contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const text = answer.body.trim();
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml" || looksLikeMarkup(text)) {
    return { message: reason, code };
  }
  const json = parseJson(text);
  if (json === undefined) return { message: cleanLine(text, answer.status, reason) || reason, code };

  const ours = ErrorBody.safeParse(json);
  if (ours.success) {
    const { error } = ours.data;
    return {
      message: cleanLine(error.message, answer.status, reason) || reason,
      code: error.code,
      details: error.details,
      requestId: error.requestId,
    };
  }
  const loose = looseMessage(json);
  return { message: (loose && cleanLine(loose, answer.status, reason)) || reason, code };
}

/** The message a JSON error body carries, whatever its shape. */
function looseMessage(body: unknown): string | undefined {
  if (typeof body === "string") return body;
  if (Array.isArray(body)) return joinMessages(body);
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  // RFC 9457: `title` names the kind of problem, `detail` this occurrence.
  const title = typeof record.title === "string" ? record.title : undefined;
  const detail = typeof record.detail === "string" ? record.detail : looseMessage(record.detail);
  if (title && detail) return detail.startsWith(title) ? detail : `${title}: ${detail}`;
  for (const key of ["message", "error_description", "msg", "description"]) {
    if (typeof record[key] === "string") return record[key] as string;
  }
  if (detail) return detail;
  if (record.error !== undefined) {
    const inner = looseMessage(record.error);
    if (inner) return inner;
  }
  if (Array.isArray(record.errors)) return joinMessages(record.errors);
  return title;
}

function joinMessages(items: unknown[]): string | undefined {
  const messages = items.flatMap((item) => {
    const message = looseMessage(item);
    if (!message) return [];
    const where = itemPath(item);
    return [where && !message.includes(where) ? `${where}: ${message}` : message];
  });
  return messages.length > 0 ? messages.join("; ") : undefined;
}

/** Where a validation item points (`path`, `field`, or FastAPI's `loc` array). */
function itemPath(item: unknown): string | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const record = item as Record<string, unknown>;
  const where = record.path ?? record.field ?? record.loc;
  if (typeof where === "string") return where;
  if (Array.isArray(where)) return where.filter((part) => part !== "body").join(".");
  return undefined;
}

/**
 * One line, without the status the caller shows anyway ("503", "503 Service Unavailable:",
 * "Service Unavailable -"), markup or runs of spaces, cut at `MAX_ERROR_TEXT`.
 */
function cleanLine(text: string, status: number, reason: string): string {
  let line = text.replace(/\s+/g, " ").trim();
  const phrase = escapeRegExp(reason);
  // The reason phrase goes only as a label ("Forbidden: …"), never as the first word of a sentence.
  const prefix = new RegExp(
    `^(?:(?:HTTP(?:/[\\d.]+)?\\s*)?(?:error\\s*)?${status}\\b\\s*(?:${phrase}\\b)?|${phrase}(?=\\s*(?:[:\\-–—.]|$)))\\s*[:\\-–—.]?\\s*`,
    "i",
  );
  line = line.replace(prefix, "");
  if (looksLikeMarkup(line)) return "";
  return line.length > MAX_ERROR_TEXT ? `${line.slice(0, MAX_ERROR_TEXT - 1).trimEnd()}…` : line;
}

function looksLikeMarkup(text: string): boolean {
  return /^<(?:!doctype|html|head|body|\?xml|[a-z][\w-]*[\s>/])/i.test(text);
}

function parseJson(text: string): unknown {
  if (!/^[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads whatever error body a service sent (ours, or any other shape) into an ApiError. */
export function apiErrorFromResponse(response: Response, bodyText: string): ApiError {
  const described = describeErrorAnswer({
    status: response.status,
    statusText: response.statusText,
    contentType: response.headers.get("content-type"),
    body: bodyText,
  });
  return new ApiError({
    status: response.status,
    code: described.code,
    message: described.message,
    details: described.details,
    requestId: described.requestId ?? response.headers.get("x-request-id") ?? undefined,
    retryAfter: parseRetryAfter(response.headers.get("retry-after")),
  });
}
