/**
 * Token buckets in the database (`rate_buckets`), which every process of the service shares (Postgres).
 *
 * A bucket is one row: refilled by the time since `refilled_at` (the database's clock, which every process
 * shares), tokens taken when there are enough. A refused take changes nothing and reads how long until a
 * token will be there.
 *
 * The takes a process asks for at the same time go together (read-batcher.ts): the takes of one bucket
 * become one statement taking all their tokens at once, when the bucket holds them all; when it does not,
 * each take goes on its own, as it would have without the batch, so exactly as many pass as the bucket
 * holds. Every request takes a token before anything else, and each bucket is one row: one statement per
 * request, each waiting for the row's lock, was half of the statements of a GET and a queue of its own.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "./database";
import { createReadBatcher } from "./read-batcher";
import { rateBuckets } from "./schema";
import type { TokenBuckets } from "./token-buckets";

interface Take {
  tenantId: string;
  bucket: string;
  perMinute: number;
}

/** Batches of takes running at once: the row's lock makes the takes of one bucket run in turn anyway. */
const TAKE_CONCURRENCY = 2;

export function databaseTokenBuckets(db: Database): TokenBuckets {
  const queries = prepareRateQueries(db);

  /** Takes `count` tokens, all or none; answers 0, or the milliseconds until one token will be there. */
  async function takeTokens({ tenantId, bucket, perMinute }: Take, count: number): Promise<number> {
    const taken = await queries.takeRateTokens.execute({ tenantId, bucket, perMinute, count });
    if (taken.length > 0) return 0;
    const [wait] = await queries.rateWait.execute({ tenantId, bucket, perMinute });
    // the bucket refilled in between: the next request will find the token
    return Math.max(1, (wait?.seconds ?? 0) * 1000);
  }

  const take = createReadBatcher(
    async (takes: Take[]): Promise<number[]> => {
      const byBucket = new Map<string, number[]>();
      for (const [index, { tenantId, bucket, perMinute }] of takes.entries()) {
        const key = `${bucket} ${perMinute} ${tenantId}`;
        const indexes = byBucket.get(key);
        if (indexes) indexes.push(index);
        else byBucket.set(key, [index]);
      }
      const waits: number[] = takes.map(() => 0);
      await Promise.all(
        [...byBucket.values()].map(async (indexes) => {
          const first = takes[indexes[0] as number] as Take;
          // more than the bucket ever holds cannot be taken at once (nor inserted as a new row)
          if (indexes.length > 1 && indexes.length <= first.perMinute) {
            if ((await takeTokens(first, indexes.length)) === 0) return;
          }
          const alone = await Promise.all(indexes.map((index) => takeTokens(takes[index] as Take, 1)));
          for (const [position, index] of indexes.entries()) waits[index] = alone[position] as number;
        }),
      );
      return waits;
    },
    { concurrency: TAKE_CONCURRENCY },
  );

  return {
    take: (tenantId, bucket, perMinute) => take({ tenantId, bucket, perMinute }),
  };
}

function prepareRateQueries(db: Database) {
  const key = and(
    eq(rateBuckets.tenantId, sql.placeholder("tenantId")),
    eq(rateBuckets.bucket, sql.placeholder("bucket")),
  );
  const capacity = sql`${sql.placeholder("perMinute")}::float8`;
  const count = sql`${sql.placeholder("count")}::float8`;
  const available = sql`least(${capacity}, ${rateBuckets.tokens} + extract(epoch from now() - ${rateBuckets.refilledAt}) * ${capacity} / 60)`;
  return {
    takeRateTokens: db
      .insert(rateBuckets)
      .values({
        tenantId: sql.placeholder("tenantId"),
        bucket: sql.placeholder("bucket"),
        tokens: sql`${capacity} - ${count}`,
        refilledAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [rateBuckets.tenantId, rateBuckets.bucket],
        set: { tokens: sql`${available} - ${count}`, refilledAt: sql`now()` },
        setWhere: sql`${available} >= ${count}`,
      })
      .returning({ tokens: rateBuckets.tokens })
      .prepare("take_rate_tokens"),
    rateWait: db
      .select({ seconds: sql<number>`(1 - ${available}) * 60 / ${capacity}`.mapWith(Number) })
      .from(rateBuckets)
      .where(key)
      .prepare("rate_wait"),
  };
}
