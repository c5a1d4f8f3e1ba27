/**
 * Proof that the request holding an `Idempotency-Key` is alive, on Postgres: while it runs, it holds a
 * session-level advisory lock named by the key (`pg_try_advisory_lock` on 64 bits of a hash of tenant,
 * endpoint and key). The locks of a process live on one connection of their own, kept open for the life of
 * the process: when the process dies, the kernel closes its sockets, Postgres ends the session, and every
 * lock it held is free within milliseconds. So a claimer that finds a running claim and gets its lock knows
 * the claim's request is dead, and takes it over at once instead of waiting for its heartbeat to go stale.
 *
 * One connection for every request's lock, not one reserved per request: a lock is two short statements a
 * request, and a request holding a pool connection for its whole life would leave the work none (10
 * concurrent keyed requests on a pool of 10 would wait on each other for ever).
 *
 * The row stays the truth (drizzle-store.ts claims and completes it by its token); the lock only says who
 * is alive. Two keys whose hashes collide share a lock: then a live request looks alive for both, which
 * can delay a takeover, never allow one. A session's advisory locks are re-entrant, so a process cannot ask
 * Postgres whether one of its own requests holds a lock: it keeps one holder per lock itself, and a second
 * request of the same process finds the lock taken, as a request of another process would.
 *
 * A claim whose lock stays held while its heartbeat stops (a host gone without closing its connections,
 * which Postgres notices only by TCP keepalive) is taken over without the lock once stale, as before. Such
 * a claim is then unprotected by a lock, so a later claimer that finds the lock free takes it over too: its
 * request then stores nothing (its token is gone), and nothing is charged twice.
 */
import { createHash } from "node:crypto";
import type { Sql } from "postgres";
import type { IdempotencyKeyRef } from "./types";

/** A lock taken for one claim: `release` frees it (once) when the claim's request ends. */
export interface ClaimLock {
  release(): Promise<void>;
}

export interface ClaimLocks {
  /** The key's lock, unless another session or another request of this process holds it: then undefined. */
  take(ref: IdempotencyKeyRef): Promise<ClaimLock | undefined>;
  close(): Promise<void>;
}

/**
 * The locks of this process on `sql`, a client of one connection that never recycles it on its own
 * (`max: 1`, `max_lifetime` and `idle_timeout` 0): a recycled connection would free every lock at once.
 * Call `relock` when that connection closed anyway (postgres.js `onclose`).
 */
export function createClaimLocks(sql: Sql): ClaimLocks & { relock(): void } {
  /** The locks this process holds, by lock key: one request each. */
  const held = new Set<string>();

  async function take(ref: IdempotencyKeyRef): Promise<ClaimLock | undefined> {
    const key = lockKeyOf(ref);
    // Marked before the statement: a second request of this process must not take the re-entrant lock too.
    if (held.has(key)) return undefined;
    held.add(key);
    let locked = false;
    try {
      const [row] = await sql<{ locked: boolean }[]>`select pg_try_advisory_lock(${key}::bigint) as locked`;
      locked = row?.locked === true;
    } finally {
      if (!locked) held.delete(key);
    }
    if (!locked) return undefined;
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        // Forgotten first: a claim after this one sends its lock after this unlock, on the same connection.
        held.delete(key);
        await sql`select pg_advisory_unlock(${key}::bigint)`;
      },
    };
  }

  return {
    take,
    /**
     * Takes the held locks again on a new session, after the one holding them closed (a network failure, a
     * restarted Postgres): until then a retry elsewhere may have taken a claim over, which the claim's token
     * then refuses to store anything for (drizzle-store.ts), so nothing is done twice.
     */
    relock() {
      if (held.size === 0) return;
      const keys = [...held];
      sql`select pg_try_advisory_lock(key) from unnest(${keys}::bigint[]) as key`.catch(() => {});
    },
    async close() {
      held.clear(); // nothing to take again once the connection closes for good
      await sql.end({ timeout: 5 });
    },
  };
}

/** 64 bits of SHA-256 over the key's three parts (JSON: no two refs give the same text), as a signed bigint. */
export function lockKeyOf({ tenantId, endpoint, key }: IdempotencyKeyRef): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([tenantId, endpoint, key]), "utf8")
    .digest();
  return digest.readBigInt64BE(0).toString();
}
