/**
 * The Store over Drizzle, one implementation for both drivers (PGlite in a folder, postgres-js on a Postgres
 * server). Everything several processes must agree on is decided by the database in one statement or one
 * transaction: credits are charged by a conditional UPDATE, Idempotency-Keys are claimed by INSERT … ON
 * CONFLICT, read-modify-writes lock their row (`SELECT … FOR UPDATE`).
 *
 * The hot queries (reads by id, the rate check) are prepared once: Drizzle builds their SQL here, not
 * per request, and postgres-js prepares them on each pooled connection.
 */
import { and, asc, desc, eq, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { ulid } from "ulid";
import { createRelatedSearch } from "../related/related-search";
import { fromReadRow, fromRow, patchColumns, type ReadAnalysis, toRow } from "./analysis-rows";
import type { ClaimLock, ClaimLocks } from "./claim-locks";
import type { Database, Transaction } from "./database";
import { databaseTokenBuckets } from "./database-token-buckets";
import { createReadBatcher } from "./read-batcher";
import { createRecordCache } from "./record-cache";
import { analyses, idempotencyKeys, tenants, usage } from "./schema";
import { memoryTokenBuckets } from "./token-buckets";
import {
  type ClaimOutcome,
  type ClaimTiming,
  type IdempotencyClaim,
  IdempotencyClaimLostError,
  type IdempotencyCompletion,
  type IdempotencyKeyRef,
  InsufficientCreditsError,
  type Store,
  type StoredAnalysis,
  type UpdateOutcome,
  type UsageRow,
} from "./types";

export interface StoreOptions {
  /**
   * The database serves this process alone (PGlite). Then analyses are cached in memory (invalidated by this
   * process's writes, the only ones) and rate buckets live in memory: a rate check is then no database write
   * on every request, which on PGlite (one connection, every statement in turn) would put a write in front of
   * each GET. With several processes both must live in the database.
   */
  singleProcess: boolean;
  /** Bytes of analysis JSON the single-process cache may hold in its file; default 1 GiB; 0: no cache. */
  recordCacheBytes?: number;
  /** Where that file is made (record-cache.ts): the store's folder; default the system's temporary one. */
  recordCacheDir?: string;
  /** Record reads (batched, read-batcher.ts) running at once: 1 on PGlite, a part of the pool on Postgres. */
  readConcurrency: number;
  /**
   * The clock Idempotency-Keys are stamped and aged by. Default: the database's `now()`, which every process
   * shares; a test passes its own to move time on without waiting for it.
   */
  now?: () => Date;
  /**
   * Where several processes share the database (Postgres): the advisory locks that prove a running claim's
   * request alive (claim-locks.ts). Without them (PGlite, one process), a running claim is alive unless its
   * heartbeat is stale, and the claims running when the store opens are its last run's: released then.
   */
  claimLocks?: ClaimLocks;
  /** After this process wrote `analyses` analyses (PGlite: its statistics, pglite-statistics.ts). */
  written?: (analyses: number) => void;
  close(): Promise<void>;
}

export function createStore(db: Database, options: StoreOptions): Store {
  const cacheBytes = options.recordCacheBytes ?? DEFAULT_RECORD_CACHE_BYTES;
  const cache =
    options.singleProcess && cacheBytes > 0
      ? createRecordCache(cacheBytes, { directory: options.recordCacheDir })
      : undefined;
  const queries = prepareQueries(db);
  const keyNow = (): SQL => (options.now ? sql`${options.now().toISOString()}::timestamptz` : sql`now()`);
  /** `now - ms` in the keys' clock. */
  const ago = (ms: number): SQL => sql`${keyNow()} - make_interval(secs => ${ms / 1000}::double precision)`;
  const related = createRelatedSearch(db, { onlyWriter: options.singleProcess });
  const readBatched = createReadBatcher(
    async (keys: { tenantId: string; analysisId: string }[]) => {
      const analysisIds = [...new Set(keys.map((key) => key.analysisId))];
      const rows = await queries.analysesById.execute({ analysisIds });
      const byId = new Map(rows.map((row) => [row.analysisId, row]));
      return keys.map(({ tenantId, analysisId }) => {
        const row = byId.get(analysisId);
        return row?.tenantId === tenantId ? fromReadRow(row) : null;
      });
    },
    { concurrency: options.readConcurrency },
  );

  /**
   * Every read of analyses by id (GET, the page of related search, the check before an update): from the
   * cache where there is one, else batched with the reads asked for at the same time.
   */
  async function readAnalysis(tenantId: string, analysisId: string): Promise<ReadAnalysis | null> {
    if (!isStorableText(analysisId)) return null;
    // no closure made per read: under tsx, naming each one (esbuild's keepNames) was 2% of a GET's CPU
    const ref = { tenantId, analysisId };
    return cache ? cache.read(ref, readBatched) : readBatched(ref);
  }

  const toStored = (tenantId: string, { record, responseSchema }: ReadAnalysis): StoredAnalysis => ({
    tenantId,
    ...record,
    ...(responseSchema !== null && { responseSchema }),
  });

  let closing = false;

  /**
   * Fills the cache with the newest analyses (ids are time-ordered) until it is full, a page at a time:
   * without it, the first read of each analysis after a start waits for the database (about 0.5 ms of
   * PGlite a read, all in turn), which is what a busy service's slowest answers were made of.
   */
  async function warmRecordCache(): Promise<number> {
    if (!cache) return 0;
    let warmed = 0;
    let before: string | undefined;
    while (!closing) {
      const writesBefore = cache.writeCount();
      const rows = await db
        .select(READ_COLUMNS)
        .from(analyses)
        .where(before === undefined ? undefined : lt(analyses.analysisId, before))
        .orderBy(desc(analyses.analysisId))
        .limit(WARM_UP_PAGE);
      const entries = rows.map((row): [{ tenantId: string; analysisId: string }, ReadAnalysis] => [
        { tenantId: row.tenantId, analysisId: row.analysisId },
        fromReadRow(row),
      ]);
      if (!cache.fill(entries, writesBefore)) {
        if (cache.writeCount() !== writesBefore) continue; // a write ended meanwhile: this page again
        break; // full
      }
      warmed += rows.length;
      if (rows.length < WARM_UP_PAGE) break;
      before = rows[rows.length - 1]?.analysisId;
    }
    return warmed;
  }

  /** The lock of each running claim, by its token, until its request ends (Postgres: claim-locks.ts). */
  const locksByToken = new Map<string, ClaimLock>();

  /**
   * Claims the key's row, or says why not. `holder` is what is known of the request holding a running
   * claim: "dead" (its lock was free: taken over at once), "elsewhere" (its lock is held: only a stale
   * claim is taken, and no new row is made, as the lock's holder may be making it now), or, where there
   * are no locks (PGlite), "alive unless stale".
   */
  async function claimRow(
    ref: IdempotencyKeyRef,
    requestHash: string,
    timing: ClaimTiming,
    holder: "dead" | "elsewhere" | "alive unless stale",
  ): Promise<ClaimOutcome> {
    const token = ulid();
    const running = and(isNull(idempotencyKeys.status), eq(idempotencyKeys.requestHash, requestHash));
    const stale = lt(idempotencyKeys.heartbeatAt, ago(timing.staleAfterMs));
    // A row deleted (released) between the two statements is claimed on the next turn.
    for (let turn = 0; turn < 3; turn++) {
      const fresh = { requestHash, token, createdAt: keyNow(), heartbeatAt: keyNow() };
      const claimed =
        holder === "elsewhere"
          ? await db
              .update(idempotencyKeys)
              .set(fresh)
              .where(and(isKey(ref), running, stale))
              .returning({ token: idempotencyKeys.token })
          : await db
              .insert(idempotencyKeys)
              .values({ ...ref, ...fresh })
              .onConflictDoUpdate({
                target: [idempotencyKeys.tenantId, idempotencyKeys.endpoint, idempotencyKeys.key],
                set: { ...fresh, status: null, body: null, headers: null },
                // Taken over when forgotten, or when its request is dead (or stopped proving it is alive).
                setWhere: or(
                  lt(idempotencyKeys.createdAt, ago(timing.retentionMs)),
                  and(running, holder === "dead" ? undefined : stale),
                ),
              })
              .returning({ token: idempotencyKeys.token });
      if (claimed.length > 0) return { kind: "claimed", claim: { ...ref, token } };
      const [row] = await db.select().from(idempotencyKeys).where(isKey(ref));
      if (!row) {
        if (holder === "elsewhere") return { kind: "in_progress" };
        continue;
      }
      if (row.requestHash !== requestHash) return { kind: "mismatch" };
      if (row.status === null) return { kind: "in_progress" };
      return {
        kind: "replay",
        response: { status: row.status, body: row.body ?? "", headers: row.headers ?? {} },
      };
    }
    return { kind: "in_progress" };
  }

  async function findTenant(keyHash: string) {
    if (!isStorableText(keyHash)) return null;
    const [tenant] = await queries.tenantByKeyHash.execute({ keyHash });
    return tenant ?? null;
  }

  return {
    db,
    rateBuckets: options.singleProcess ? memoryTokenBuckets() : databaseTokenBuckets(db),

    async ensureKey(keyHash, credits) {
      await db
        .insert(tenants)
        .values({ id: `ten_${ulid()}`, keyHash, credits })
        .onConflictDoNothing({ target: tenants.keyHash });
      const tenant = await findTenant(keyHash);
      if (!tenant) throw new Error("the tenant just created cannot be read back");
      return tenant;
    },

    findTenant,

    async getTenant(tenantId) {
      if (!isStorableText(tenantId)) return null;
      const [tenant] = await queries.tenantById.execute({ tenantId });
      return tenant ?? null;
    },

    async saveAnalyses(records, usageRow, completion) {
      checkUsage(records, usageRow);
      await db.transaction(async (tx) => {
        // The key first: a request that lost its claim charges nothing.
        if (completion && !(await storeResponse(tx, completion))) {
          throw new IdempotencyClaimLostError(completion.claim);
        }
        await charge(tx, usageRow.tenantId, usageRow.costCredits);
        if (records.length > 0) await tx.insert(analyses).values(records.map(toRow));
        await tx.insert(usage).values(usageRow);
      });
      cache?.invalidate(records);
      related.written();
      options.written?.(records.length);
    },

    async getAnalysis(tenantId, analysisId) {
      const read = await readAnalysis(tenantId, analysisId);
      return read && toStored(tenantId, read);
    },

    async getRecord(tenantId, analysisId) {
      return (await readAnalysis(tenantId, analysisId))?.record ?? null;
    },

    async getAnalyses(tenantId, analysisIds) {
      // read at once: what the cache lacks goes to the database as one batch
      const reads = await Promise.all(analysisIds.map((analysisId) => readAnalysis(tenantId, analysisId)));
      return reads.flatMap((read) => (read ? [toStored(tenantId, read)] : []));
    },

    async updateAnalysis(tenantId, analysisId, patch, ifMatch, completion) {
      if (!isStorableText(analysisId)) return { kind: "not_found" };
      try {
        const outcome = await db.transaction(async (tx): Promise<UpdateOutcome> => {
          if (completion && !(await lockClaim(tx, completion.claim))) {
            throw new IdempotencyClaimLostError(completion.claim);
          }
          const outcome = await updateRow(tx);
          if (completion) await storeResponse(tx, { ...completion, response: completion.respond(outcome) });
          return outcome;
        });
        if (outcome.kind === "updated") options.written?.(1);
        return outcome;
      } finally {
        cache?.invalidate([{ tenantId, analysisId }]);
        related.written();
      }

      async function updateRow(tx: Transaction): Promise<UpdateOutcome> {
        const [row] = await tx
          .select()
          .from(analyses)
          .where(and(eq(analyses.tenantId, tenantId), eq(analyses.analysisId, analysisId)))
          .for("update");
        if (!row) return { kind: "not_found" };
        const current = fromRow(row);
        if (ifMatch !== undefined && ifMatch !== current.updatedAt)
          return { kind: "precondition_failed", current };
        const [updated] = await tx
          .update(analyses)
          .set({ ...patchColumns(patch), updatedAt: nextUpdatedAt(current.updatedAt) })
          .where(and(eq(analyses.tenantId, tenantId), eq(analyses.analysisId, analysisId)))
          .returning();
        if (!updated) throw new Error(`analysis ${analysisId} vanished during its update`);
        return { kind: "updated", record: fromRow(updated) };
      }
    },

    async listAnalyses(tenantId) {
      const rows = await db
        .select()
        .from(analyses)
        .where(eq(analyses.tenantId, tenantId))
        .orderBy(asc(analyses.createdAt), asc(analyses.analysisId));
      return rows.map(fromRow);
    },

    async claimIdempotencyKey(ref, requestHash, timing): Promise<ClaimOutcome> {
      if (!options.claimLocks) return claimRow(ref, requestHash, timing, "alive unless stale");
      const lock = await options.claimLocks.take(ref);
      let outcome: ClaimOutcome | undefined;
      try {
        outcome = await claimRow(ref, requestHash, timing, lock ? "dead" : "elsewhere");
      } finally {
        if (outcome?.kind === "claimed" && lock) locksByToken.set(outcome.claim.token, lock);
        else await lock?.release();
      }
      return outcome;
    },

    async endIdempotencyClaim(claim) {
      const lock = locksByToken.get(claim.token);
      locksByToken.delete(claim.token);
      await lock?.release();
    },

    async heartbeatIdempotencyKey(claim) {
      const moved = await db
        .update(idempotencyKeys)
        .set({ heartbeatAt: keyNow() })
        .where(isRunningClaim(claim))
        .returning({ token: idempotencyKeys.token });
      return moved.length > 0;
    },

    async completeIdempotencyKey(completion) {
      await storeResponse(db, completion);
    },

    async releaseIdempotencyKey(claim) {
      await db.delete(idempotencyKeys).where(isRunningClaim(claim));
    },

    async purgeIdempotencyKeys(retentionMs) {
      const purged = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, ago(retentionMs)))
        .returning({ key: idempotencyKeys.key });
      return purged.length;
    },

    warmRecordCache,
    relatedAnalysisIds: related.search,
    warmRelatedIndex: related.warmUp,

    async close() {
      closing = true;
      related.stop();
      cache?.close();
      await options.close();
    },
  };
}

/**
 * Forgets the claims still running in a database that one process holds (PGlite), as it opens: they are its
 * last run's, whose process is gone, so a retry runs at once instead of waiting for their heartbeat to age.
 */
export async function releaseEarlierRunsClaims(db: Database): Promise<void> {
  await db.delete(idempotencyKeys).where(isNull(idempotencyKeys.status));
}

/** The columns a read by id answers (`ReadAnalysis`). */
const READ_COLUMNS = {
  tenantId: analyses.tenantId,
  analysisId: analyses.analysisId,
  createdAt: analyses.createdAt,
  updatedAt: analyses.updatedAt,
  analysis: analyses.analysis,
  textContent: analyses.textContent,
  jsonContent: analyses.jsonContentText,
  metadata: analyses.metadataText,
  responseSchema: analyses.responseSchema,
};

/**
 * What the record cache's file holds by default (record-cache.ts): every analysis of a library of 200,000
 * (about 4.6 KB each in the benchmark's), in the OS's page cache rather than in the service's memory.
 */
const DEFAULT_RECORD_CACHE_BYTES = 1024 * 1024 * 1024;

/** Analyses read per statement by the warm-up: a few milliseconds each, so requests keep their turns. */
const WARM_UP_PAGE = 200;

function prepareQueries(db: Database) {
  const tenantId = sql.placeholder("tenantId");
  const tenantColumns = { id: tenants.id, credits: tenants.credits };
  return {
    tenantByKeyHash: db
      .select(tenantColumns)
      .from(tenants)
      .where(eq(tenants.keyHash, sql.placeholder("keyHash")))
      .prepare("tenant_by_key_hash"),
    tenantById: db
      .select(tenantColumns)
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .prepare("tenant_by_id"),
    analysesById: db
      .select(READ_COLUMNS)
      .from(analyses)
      .where(sql`${analyses.analysisId} = any(${sql.placeholder("analysisIds")}::text[])`)
      .prepare("analyses_by_id"),
  };
}

/**
 * Takes `cost` credits from the tenant in one conditional UPDATE: of concurrent requests (in any process),
 * each sees the balance the one before left, so the balance never goes below 0.
 */
async function charge(tx: Transaction, tenantId: string, cost: number): Promise<void> {
  const charged = await tx
    .update(tenants)
    .set({ credits: sql`${tenants.credits} - ${cost}` })
    .where(and(eq(tenants.id, tenantId), gte(tenants.credits, cost)))
    .returning({ credits: tenants.credits });
  if (charged.length > 0) return;
  const [tenant] = await tx
    .select({ credits: tenants.credits })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!tenant) throw new Error(`unknown tenant ${tenantId}`);
  throw new InsufficientCreditsError(tenant.credits, cost);
}

const isKey = (ref: IdempotencyKeyRef) =>
  and(
    eq(idempotencyKeys.tenantId, ref.tenantId),
    eq(idempotencyKeys.endpoint, ref.endpoint),
    eq(idempotencyKeys.key, ref.key),
  );

/** The claim's row while it is still this request's and holds no response yet. */
const isRunningClaim = (claim: IdempotencyClaim) =>
  and(isKey(claim), eq(idempotencyKeys.token, claim.token), isNull(idempotencyKeys.status));

/** Stores the claim's response; false when the claim is no longer this request's or already answered. */
async function storeResponse(db: Database | Transaction, { claim, response }: IdempotencyCompletion) {
  const stored = await db
    .update(idempotencyKeys)
    .set({ status: response.status, body: response.body, headers: response.headers })
    .where(isRunningClaim(claim))
    .returning({ token: idempotencyKeys.token });
  return stored.length > 0;
}

/** Locks the claim's row for the rest of the transaction; false when the claim is no longer held. */
async function lockClaim(tx: Transaction, claim: IdempotencyClaim): Promise<boolean> {
  const [row] = await tx
    .select({ token: idempotencyKeys.token })
    .from(idempotencyKeys)
    .where(isRunningClaim(claim))
    .for("update");
  return row !== undefined;
}

function checkUsage(records: StoredAnalysis[], usageRow: UsageRow): void {
  if (!Number.isInteger(usageRow.costCredits) || usageRow.costCredits < 0) {
    throw new Error(`costCredits must be a whole number >= 0, got ${usageRow.costCredits}`);
  }
  const foreign = records.find((record) => record.tenantId !== usageRow.tenantId);
  if (foreign) throw new Error(`analysis ${foreign.analysisId} belongs to another tenant than its usage row`);
}

/** Postgres text cannot hold U+0000, so an id carrying one names nothing stored (and must not reach SQL). */
const isStorableText = (value: string) => !value.includes("\u0000");

/** `max(now, previous + 1 ms)`: strictly after the previous value even within one millisecond. */
function nextUpdatedAt(previous: string): string {
  return new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();
}
