/**
 * Token buckets in the database (`rate_buckets`), which every process of the service shares (Postgres).
 *
 * A bucket is one row: refilled by the time since `refilled_at` (the database's clock, which every process
 * shares), tokens taken when there are enough. A refused take changes nothing and reads how long until a
 * token will be there.
 *
 * Every request takes a token before anything else, and each bucket is one row: one statement per request,
 * each waiting for the row's lock, was half of the statements of a GET on Postgres and a queue of its own.
 * So:
 * - The takes a process asks for at the same time go together (read-batcher.ts): the takes of one bucket
 *   become one statement taking all their tokens at once, when the bucket holds them all; when it does not,
 *   each take goes on its own, as it would have without the batch, so exactly as many pass as the bucket
 *   holds.
 * - A large bucket (`leaseSize`) lends a process a thousandth of its minute's budget ahead of its requests,
 *   taken with a batch when the bucket holds that many more; the process's next requests spend it without
 *   a statement, for at most `LEASE_MS`, after which what is left is forgotten. So no request ever passes
 *   without a token taken from the shared bucket; a lease only holds back from other processes, for a
 *   moment, at most a thousandth of a minute's budget. Budgets under 2,000 a minute lend nothing: there
 *   every take is exact.
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
/** How long a process may spend the tokens it took ahead. */
const LEASE_MS = 1000;
/** Tokens taken ahead for a bucket of `perMinute`: a thousandth of it, at most 1,000. */
const leaseSize = (perMinute: number) => Math.min(1000, Math.floor(perMinute / 1000));

interface Lease {
  tokens: number;
  until: number;
}

export function databaseTokenBuckets(db: Database): TokenBuckets {
  const queries = prepareRateQueries(db);
  const leases = new Map<string, Lease>();
  const keyOf = ({ tenantId, bucket, perMinute }: Take) => `${bucket} ${perMinute} ${tenantId}`;

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
      for (const [index, take] of takes.entries()) {
        const key = keyOf(take);
        const indexes = byBucket.get(key);
        if (indexes) indexes.push(index);
        else byBucket.set(key, [index]);
      }
      const waits: number[] = takes.map(() => 0);
      await Promise.all(
        [...byBucket.values()].map(async (indexes) => {
          const first = takes[indexes[0] as number] as Take;
          const ahead = leaseSize(first.perMinute);
          // more than the bucket ever holds cannot be taken at once (nor inserted as a new row)
          if (ahead > 0 && indexes.length + ahead <= first.perMinute) {
            if ((await takeTokens(first, indexes.length + ahead)) === 0) {
              const lease = leases.get(keyOf(first));
              const left = lease && lease.until > Date.now() ? lease.tokens : 0;
              leases.set(keyOf(first), { tokens: left + ahead, until: Date.now() + LEASE_MS });
              return;
            }
          }
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
    take(tenantId, bucket, perMinute) {
      const request = { tenantId, bucket, perMinute };
      const lease = leases.get(keyOf(request));
      if (lease && lease.tokens >= 1 && lease.until > Date.now()) {
        lease.tokens--;
        return Promise.resolve(0);
      }
      return take(request);
    },
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
