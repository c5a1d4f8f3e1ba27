import { type ApiClient, createApiClient } from "../../lib/api/client";
import { RETRY_SCHEDULES } from "../../lib/api/retry-policy";
import { readSettings } from "../../lib/settings/settings-store";

/**
 * A client for the service the settings name, read afresh each time (the user may change them between
 * jobs), retrying on the worker's in-request schedule (long waits are left to the job queue and outbox).
 */
export async function clientFromSettings(): Promise<ApiClient> {
  const { baseUrl, apiKey } = await readSettings();
  return createApiClient({ baseUrl, apiKey, retry: RETRY_SCHEDULES.workerRequest });
}
