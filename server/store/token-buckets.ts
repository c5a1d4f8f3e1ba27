/**
 * Token buckets for rate limits: `perMinute` tokens a minute, refilled continuously, at most `perMinute`
 * held (the burst). A request takes one token, or learns how long until one is there.
 */
export interface TokenBuckets {
  /**
   * Takes a token from the tenant's bucket (e.g. `analyze`): answers 0, or the milliseconds until a token
   * will be there (and takes none).
   */
  take(tenantId: string, bucket: string, perMinute: number): Promise<number>;
}

/** Buckets in this process's memory: right where one process serves every request (PGlite). */
export function memoryTokenBuckets(now: () => number = Date.now): TokenBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(tenantId, bucketName, perMinute) {
      const key = `${bucketName} ${tenantId}`;
      const time = now();
      const refillPerMs = perMinute / 60_000;
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: time };
      bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.at) * refillPerMs);
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return (1 - bucket.tokens) / refillPerMs;
    },
  };
}
