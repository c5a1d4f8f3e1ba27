import { normalizeBaseUrl } from "../../lib/api/client";
import { describeErrorAnswer, reasonPhrase } from "../../lib/api/error-body";
import { isKeyRefused } from "../../lib/api/errors";
import type { ConnectionStatus } from "../../lib/messaging/protocol";

/**
 * The read of the seed's `GET /v1/analyses` for an id no service holds, in the most common id format (a
 * UUID): any answer that shows a /v1 API, found or not (200, 400, 404, 422), proves the key was accepted.
 */
const PROBE_PATH = "/v1/analyses?analysisId=00000000-0000-4000-8000-000000000000";
const TIMEOUT_MS = 10_000;
/** Answers about the probe itself, not the key: the id is unknown, or not in the service's format. */
const REACHED_STATUSES = new Set([200, 400, 404, 422]);

/**
 * Tells apart a refused key (401 or 403), a /v1 service that accepted the key, an address that is not
 * a /v1 service (an HTML page, or a 404 with no JSON), and one that cannot be reached (network, TLS,
 * no host permission); each with the status it answered and a one-line reason.
 */
export async function testConnection(rawBaseUrl: string, apiKey: string): Promise<ConnectionStatus> {
  const baseUrl = normalizeBaseUrl(rawBaseUrl);
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${baseUrl}${PROBE_PATH}`, {
      headers: { accept: "application/json", "x-api-key": apiKey },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    const message = timedOut
      ? `no answer within ${TIMEOUT_MS / 1000} s`
      : "no answer: the network, its TLS certificate, or Linklens's permission for this address";
    return { state: "unreachable", baseUrl, message };
  }
  const { status } = response;
  const reason = reasonPhrase(status, response.statusText);
  const described = describeErrorAnswer({
    status,
    statusText: response.statusText,
    contentType: response.headers.get("content-type"),
    body,
  });
  const line =
    described.message === reason
      ? `HTTP ${status} ${reason}`
      : `HTTP ${status} ${reason}: ${described.message}`;
  if (isKeyRefused(response)) return { state: "unauthorized", baseUrl, status, message: line };

  const shape = answerShape(response.headers.get("content-type"), body);
  if (shape === "html") {
    return {
      state: "not_api",
      baseUrl,
      status,
      message: `HTTP ${status} ${reason}: an HTML page, not a /v1 API`,
    };
  }
  if (status === 404 && shape !== "json") {
    return { state: "not_api", baseUrl, status, message: `HTTP 404 ${reason}: no JSON API at /v1/analyses` };
  }
  if (REACHED_STATUSES.has(status) && (status !== 200 || shape === "json")) {
    const probe =
      status === 200 ? "HTTP 200" : `HTTP ${status} ${reason} for a made-up analysis id, as expected`;
    return { state: "ok", baseUrl, status, message: probe };
  }
  if (status === 200) {
    return { state: "not_api", baseUrl, status, message: "HTTP 200 without JSON: not a /v1 API" };
  }
  return { state: "error", baseUrl, status, message: line };
}

function answerShape(contentType: string | null, body: string): "json" | "html" | "text" {
  const type = (contentType ?? "").toLowerCase();
  const text = body.trim();
  if (type.includes("html") || /^<(?:!doctype|html|head|body)/i.test(text)) return "html";
  try {
    JSON.parse(text);
    return "json";
  } catch {
    return "text";
  }
}
