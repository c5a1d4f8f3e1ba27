import { HttpError } from "./http/http-error";
import type { TokenBuckets } from "./store/token-buckets";

/**
 * A rate limit per key: `perMinute` requests a minute in the tenant's `bucket` (a token bucket, refilled
 * continuously, bursts up to `perMinute`), kept where the store keeps buckets, so that every process of the
 * service spends one budget. Over the rate: 429 with `Retry-After` in whole seconds until the next request
 * may pass.
 */
export function createRateLimiter(bucket: string, perMinute: number, buckets: TokenBuckets) {
  return async function take(tenantId: string): Promise<void> {
    const waitMs = await buckets.take(tenantId, bucket, perMinute);
    if (waitMs === 0) return;
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    throw new HttpError(429, `too many requests; retry in ${retryAfter} s`, undefined, {
      "Retry-After": String(retryAfter),
    });
  };
}
