import { HttpError } from "./http/http-error";

/**
 * A token bucket per key: `perMinute` requests a minute, refilled continuously, bursts up to `perMinute`.
 * Over the rate: 429 with `Retry-After` in whole seconds until the next request may pass.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = perMinute / 60_000;

  return function take(key: string): void {
    const time = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, at: time };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.at) * refillPerMs);
    bucket.at = time;
    buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
    throw new HttpError(429, `too many requests; retry in ${retryAfter} s`, undefined, {
      "Retry-After": String(retryAfter),
    });
  };
}
