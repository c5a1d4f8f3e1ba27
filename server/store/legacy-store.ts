/**
 * Stores created before the schema was drizzle-kit's: PGlite folders whose tables were made by hand-written
 * migrations and whose version is in `schema_version` (1: tenants, analyses, usage with `json` documents;
 * 2: plus idempotency_keys). Inside the migration transaction (migrate.ts) their tables are first set aside
 * in a schema of their own, the migrations then create the current tables, and the data is copied over:
 * the result is the same database a fresh store would be, holding the old data.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Transaction } from "./database";
import { analyses } from "./schema";

const LEGACY_SCHEMA = "linklens_legacy";
const LEGACY_TABLES = ["schema_version", "tenants", "analyses", "usage", "idempotency_keys"];
const BATCH = 500;

export interface LegacyTables {
  /** Version 2 and later had Idempotency-Keys. */
  idempotencyKeys: boolean;
}

/**
 * Moves a legacy store's tables into `linklens_legacy`; null when the database holds no legacy store (all of
 * `schema_version`, `tenants`, `analyses` and `usage`, and no migrations recorded by drizzle: a database
 * that merely has a `schema_version` table of its own is left alone).
 */
export async function setLegacyTablesAside(tx: Transaction): Promise<LegacyTables | null> {
  const present = await queryRows<{ name: string }>(
    tx,
    sql`SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
        WHERE (table_schema = 'public' AND table_name IN (${sql.join(
          LEGACY_TABLES.map((name) => sql`${name}`),
          sql`, `,
        )})) OR (table_schema = 'drizzle' AND table_name = '__drizzle_migrations')`,
  );
  const names = new Set(present.map((row) => row.name.replace(/^public\./, "")));
  const legacy = ["schema_version", "tenants", "analyses", "usage"].every((name) => names.has(name));
  if (!legacy || names.has("drizzle.__drizzle_migrations")) return null;
  await tx.execute(sql.raw(`CREATE SCHEMA ${LEGACY_SCHEMA}`));
  for (const name of LEGACY_TABLES) {
    if (names.has(name)) await tx.execute(sql.raw(`ALTER TABLE public.${name} SET SCHEMA ${LEGACY_SCHEMA}`));
  }
  return { idempotencyKeys: names.has("idempotency_keys") };
}

/** Copies the set-aside data into the current tables, then drops the legacy schema. */
export async function copyLegacyData(tx: Transaction, legacy: LegacyTables): Promise<void> {
  await tx.execute(
    sql.raw(`INSERT INTO tenants (id, key_hash, credits, created_at)
      SELECT id, key_hash, credits, created_at FROM ${LEGACY_SCHEMA}.tenants`),
  );
  await copyAnalyses(tx);
  await tx.execute(
    sql.raw(`INSERT INTO usage (usage_id, tenant_id, cost_credits, links, created_at)
      SELECT usage_id, tenant_id, cost_credits, links, created_at FROM ${LEGACY_SCHEMA}.usage`),
  );
  if (legacy.idempotencyKeys) {
    // Stored response headers are HTTP header values: no U+0000 (or U+FFFF) to escape for jsonb.
    await tx.execute(
      sql.raw(`INSERT INTO idempotency_keys (tenant_id, endpoint, key, request_hash, token, created_at,
          heartbeat_at, status, body, headers)
        SELECT tenant_id, endpoint, key, request_hash, token, created_at, heartbeat_at, status, body,
          headers::jsonb
        FROM ${LEGACY_SCHEMA}.idempotency_keys`),
    );
  }
  await tx.execute(sql.raw(`DROP SCHEMA ${LEGACY_SCHEMA} CASCADE`));
}

interface LegacyAnalysisRow {
  analysis_id: string;
  tenant_id: string;
  created_at: string;
  updated_at: string;
  analysis: string;
  text_content: string | null;
  json_content: string | null;
  metadata: string | null;
  response_schema: string | null;
}

/**
 * The documents were `json` (text as written, where a string may hold `\u0000`, which jsonb refuses): they
 * are read as text and written through the current columns, which escape them (json-columns.ts).
 */
async function copyAnalyses(tx: Transaction): Promise<void> {
  const parse = (text: string | null) => (text === null ? null : JSON.parse(text));
  let after = "";
  for (;;) {
    const rows = await queryRows<LegacyAnalysisRow>(
      tx,
      sql`SELECT analysis_id, tenant_id, created_at::text AS created_at, updated_at::text AS updated_at,
            analysis::text AS analysis, text_content, json_content::text AS json_content,
            metadata::text AS metadata, response_schema::text AS response_schema
          FROM ${sql.raw(LEGACY_SCHEMA)}.analyses
          WHERE analysis_id COLLATE "C" > ${after}
          ORDER BY analysis_id COLLATE "C"
          LIMIT ${BATCH}`,
    );
    if (rows.length === 0) return;
    await tx.insert(analyses).values(
      rows.map((row) => ({
        analysisId: row.analysis_id,
        tenantId: row.tenant_id,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        analysis: JSON.parse(row.analysis),
        textContent: row.text_content,
        jsonContent: parse(row.json_content),
        jsonContentText: parse(row.json_content),
        metadata: parse(row.metadata),
        metadataText: parse(row.metadata),
        responseSchema: parse(row.response_schema),
      })),
    );
    after = rows.at(-1)?.analysis_id ?? after;
  }
}
