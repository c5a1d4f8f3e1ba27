import { type ApiClient, createApiClient } from "../../lib/api/client";
import { readSettings } from "../../lib/settings/settings-store";

/**
 * A client for the service the settings name, read afresh each time (the user may change them between
 * jobs). A `Retry-After` over 10 s is not waited out inside the request: the job runner schedules the
 * retry, so the job shows "retrying in N s" and survives the worker being stopped meanwhile.
 */
export async function clientFromSettings(): Promise<ApiClient> {
  const { baseUrl, apiKey } = await readSettings();
  return createApiClient({ baseUrl, apiKey, retry: { maxRetryAfterMs: 10_000 } });
}
