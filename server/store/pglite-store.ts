/**
 * The Store over embedded Postgres (PGlite) through Drizzle. PGlite runs one statement or transaction at a
 * time, but every read-modify-write still locks its row (`SELECT … FOR UPDATE`) inside a transaction, as a
 * Postgres server needs, so the same code stays correct there.
 */
import { PGlite } from "@electric-sql/pglite";
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import { ulid } from "ulid";
import { analyses, idempotencyKeys, MIGRATIONS, tenants, usage } from "./schema";
import {
  type AnalysisPatch,
  type ClaimOutcome,
  type IdempotencyClaim,
  IdempotencyClaimLostError,
  type IdempotencyCompletion,
  type IdempotencyKeyRef,
  InsufficientCreditsError,
  type Store,
  type StoredAnalysis,
  type Tenant,
  type UpdateOutcome,
  type UsageRow,
} from "./types";

type Database = PgliteDatabase<Record<string, never>>;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type AnalysisRow = typeof analyses.$inferSelect;

/** Opens (creating or migrating as needed) the store in `dataDir`, or in memory when it is undefined. */
export async function openPgliteStore(dataDir?: string): Promise<Store> {
  const client = dataDir === undefined ? await openInMemory() : await PGlite.create(dataDir);
  try {
    await migrate(client);
  } catch (error) {
    await client.close();
    throw error;
  }
  return createStore(client, drizzle({ client }));
}

/**
 * A fresh in-memory PGlite runs initdb, about 3 s here; loading a dump of an initialized one takes under 1 s.
 * The first in-memory store of the process dumps itself (gzip, about 5 MB, kept for the process's life) before
 * its first use, and later ones load that dump: this matters to test suites that start a service per test.
 */
let memoryTemplate: Promise<File | Blob> | undefined;

async function openInMemory(): Promise<PGlite> {
  if (memoryTemplate) return PGlite.create({ loadDataDir: await memoryTemplate });
  const client = PGlite.create().then(async (fresh) => {
    await migrate(fresh);
    return fresh;
  });
  const template = client.then((fresh) => fresh.dumpDataDir("gzip"));
  memoryTemplate = template;
  try {
    await template;
  } catch (error) {
    if (memoryTemplate === template) memoryTemplate = undefined;
    await client.then((fresh) => fresh.close()).catch(() => {});
    throw error;
  }
  return client;
}

async function migrate(client: PGlite): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.exec("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)");
    const { rows } = await tx.query<{ version: number }>(
      "SELECT max(version) AS version FROM schema_version",
    );
    const current = rows[0]?.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new Error(
        `the store is at schema version ${current}, newer than this server (${MIGRATIONS.length})`,
      );
    }
    for (const [index, migration] of MIGRATIONS.entries()) {
      if (index + 1 <= current) continue;
      await tx.exec(migration);
    }
    if (current < MIGRATIONS.length) {
      await tx.exec("DELETE FROM schema_version");
      await tx.query("INSERT INTO schema_version (version) VALUES ($1)", [MIGRATIONS.length]);
    }
  });
}

function createStore(client: PGlite, db: Database): Store {
  return {
    async ensureKey(keyHash, credits) {
      await db
        .insert(tenants)
        .values({ id: `ten_${ulid()}`, keyHash, credits })
        .onConflictDoNothing({ target: tenants.keyHash });
      const tenant = await findTenant(db, keyHash);
      if (!tenant) throw new Error("the tenant just created cannot be read back");
      return tenant;
    },

    findTenant: (keyHash) => findTenant(db, keyHash),

    async getTenant(tenantId) {
      if (!isStorableText(tenantId)) return null;
      const [tenant] = await db
        .select({ id: tenants.id, credits: tenants.credits })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      return tenant ?? null;
    },

    async saveAnalyses(records, usageRow, completion) {
      checkUsage(records, usageRow);
      await db.transaction(async (tx) => {
        // The key first: a request that lost its claim charges nothing.
        if (completion && !(await storeResponse(tx, completion))) {
          throw new IdempotencyClaimLostError(completion.claim);
        }
        const [tenant] = await tx
          .select({ credits: tenants.credits })
          .from(tenants)
          .where(eq(tenants.id, usageRow.tenantId))
          .for("update");
        if (!tenant) throw new Error(`unknown tenant ${usageRow.tenantId}`);
        if (tenant.credits < usageRow.costCredits) {
          throw new InsufficientCreditsError(tenant.credits, usageRow.costCredits);
        }
        await tx
          .update(tenants)
          .set({ credits: sql`${tenants.credits} - ${usageRow.costCredits}` })
          .where(eq(tenants.id, usageRow.tenantId));
        if (records.length > 0) await tx.insert(analyses).values(records.map(toRow));
        await tx.insert(usage).values(usageRow);
      });
    },

    async getAnalysis(tenantId, analysisId) {
      if (!isStorableText(analysisId)) return null;
      const [row] = await db
        .select()
        .from(analyses)
        .where(and(eq(analyses.tenantId, tenantId), eq(analyses.analysisId, analysisId)));
      return row ? fromRow(row) : null;
    },

    async getAnalyses(tenantId, analysisIds) {
      const wanted = [...new Set(analysisIds.filter(isStorableText))];
      if (wanted.length === 0) return [];
      const rows = await db
        .select()
        .from(analyses)
        .where(and(eq(analyses.tenantId, tenantId), inArray(analyses.analysisId, wanted)));
      const byId = new Map(rows.map((row) => [row.analysisId, fromRow(row)]));
      return analysisIds.flatMap((id) => byId.get(id) ?? []);
    },

    async updateAnalysis(tenantId, analysisId, patch, ifMatch, completion) {
      if (!isStorableText(analysisId)) return { kind: "not_found" };
      return db.transaction(async (tx): Promise<UpdateOutcome> => {
        if (completion && !(await lockClaim(tx, completion.claim))) {
          throw new IdempotencyClaimLostError(completion.claim);
        }
        const outcome = await updateRow(tx);
        if (completion) await storeResponse(tx, { ...completion, response: completion.respond(outcome) });
        return outcome;
      });

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
      const token = ulid();
      // A row deleted (released) between the two statements is claimed on the next turn.
      for (let turn = 0; turn < 3; turn++) {
        const fresh = { requestHash, token, createdAt: sql`now()`, heartbeatAt: sql`now()` };
        const claimed = await db
          .insert(idempotencyKeys)
          .values({ ...ref, ...fresh })
          .onConflictDoUpdate({
            target: [idempotencyKeys.tenantId, idempotencyKeys.endpoint, idempotencyKeys.key],
            set: { ...fresh, status: null, body: null, headers: null },
            // Taken over when forgotten, or when its request's process stopped proving it is alive.
            setWhere: or(
              lt(idempotencyKeys.createdAt, ago(timing.retentionMs)),
              and(
                isNull(idempotencyKeys.status),
                eq(idempotencyKeys.requestHash, requestHash),
                lt(idempotencyKeys.heartbeatAt, ago(timing.staleAfterMs)),
              ),
            ),
          })
          .returning({ token: idempotencyKeys.token });
        if (claimed.length > 0) return { kind: "claimed", claim: { ...ref, token } };
        const [row] = await db.select().from(idempotencyKeys).where(isKey(ref));
        if (!row) continue;
        if (row.requestHash !== requestHash) return { kind: "mismatch" };
        if (row.status === null) return { kind: "in_progress" };
        return {
          kind: "replay",
          response: { status: row.status, body: row.body ?? "", headers: row.headers ?? {} },
        };
      }
      return { kind: "in_progress" };
    },

    async heartbeatIdempotencyKey(claim) {
      const moved = await db
        .update(idempotencyKeys)
        .set({ heartbeatAt: sql`now()` })
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

    async close() {
      if (!client.closed) await client.close();
    },
  };
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

/** `now() - ms` in the database's clock, which every process shares. */
const ago = (ms: number): SQL => sql`now() - make_interval(secs => ${ms / 1000}::double precision)`;

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

async function findTenant(db: Database, keyHash: string): Promise<Tenant | null> {
  if (!isStorableText(keyHash)) return null;
  const [tenant] = await db
    .select({ id: tenants.id, credits: tenants.credits })
    .from(tenants)
    .where(eq(tenants.keyHash, keyHash));
  return tenant ?? null;
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

function patchColumns(patch: AnalysisPatch): Partial<AnalysisRow> {
  const columns: Partial<AnalysisRow> = {};
  if (patch.textContent !== undefined) columns.textContent = patch.textContent;
  if (patch.jsonContent !== undefined) columns.jsonContent = patch.jsonContent;
  if (patch.metadata !== undefined) columns.metadata = patch.metadata;
  return columns;
}

function toRow(record: StoredAnalysis): AnalysisRow {
  return {
    analysisId: record.analysisId,
    tenantId: record.tenantId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    analysis: record.analysis,
    textContent: record.textContent ?? null,
    jsonContent: record.jsonContent ?? null,
    metadata: record.metadata ?? null,
    responseSchema: record.responseSchema ?? null,
  };
}

function fromRow(row: AnalysisRow): StoredAnalysis {
  return {
    tenantId: row.tenantId,
    analysisId: row.analysisId,
    createdAt: isoTimestamp(row.createdAt),
    updatedAt: isoTimestamp(row.updatedAt),
    analysis: row.analysis,
    ...(row.textContent !== null && { textContent: row.textContent }),
    ...(row.jsonContent !== null && { jsonContent: row.jsonContent }),
    ...(row.metadata !== null && { metadata: row.metadata }),
    ...(row.responseSchema !== null && { responseSchema: row.responseSchema }),
  };
}

/** Postgres prints `2026-11-22 09:30:00.123+00`; the contract's form is `2026-11-22T09:30:00.123Z`. */
const isoTimestamp = (value: string) => new Date(value).toISOString();
