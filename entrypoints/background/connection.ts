import { createApiClient } from "../../lib/api/client";
import { ApiError } from "../../lib/api/errors";
import type { ConnectionStatus } from "../../lib/messaging/protocol";

/** An id no service holds: a 404 for it proves the key was accepted without reading anything. */
const PROBE_ID = "linklens_connection_probe";

/** Tells apart an unreachable service, a refused key and a working one. */
export async function testConnection(baseUrl: string, apiKey: string): Promise<ConnectionStatus> {
  const client = createApiClient({ baseUrl, apiKey, timeoutMs: 10_000, retry: { retries: 0 } });
  try {
    await client.getAnalysis(PROBE_ID);
    return { state: "ok", baseUrl: client.baseUrl };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) return { state: "ok", baseUrl: client.baseUrl };
    if (error.status === 401)
      return { state: "unauthorized", baseUrl: client.baseUrl, message: error.message };
    if (error.status === 0) return { state: "unreachable", baseUrl: client.baseUrl, message: error.message };
    return { state: "error", baseUrl: client.baseUrl, message: `${error.status}: ${error.message}` };
  }
}
