/**
 * The store's tables, the same on PGlite and on a Postgres server. A change here is followed by
 * `npx drizzle-kit generate` (drizzle.config.ts), which writes the migration under `migrations/`; the store
 * applies pending migrations when it opens (migrate.ts).
 *
 * Timestamps are `timestamptz(3)` (millisecond precision, what the contract's ISO strings carry); the store
 * turns them back into `2026-11-22T09:30:00.000Z` strings. Documents are `jsonb` (json-columns.ts says how
 * they stay exact); jsonContent and metadata also keep the text as written, whose key order clients see.
 */
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { AnalysisObject, JsonSchemaDocument, Metadata } from "../../lib/api/contract";
import { jsonbDocument, jsonText } from "./json-columns";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "string" });

export const tenants = pgTable(
  "tenants",
  {
    id: text("id").primaryKey(),
    keyHash: text("key_hash").notNull().unique(),
    credits: integer("credits").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [check("tenants_credits_check", sql`${table.credits} >= 0`)],
);

export const analyses = pgTable(
  "analyses",
  {
    analysisId: text("analysis_id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    createdAt: timestamptz("created_at").notNull(),
    updatedAt: timestamptz("updated_at").notNull(),
    analysis: jsonbDocument<AnalysisObject>()("analysis").notNull(),
    textContent: text("text_content"),
    /** For SQL (filters); `jsonContentText` is what is returned. */
    jsonContent: jsonbDocument<Record<string, unknown>>()("json_content"),
    jsonContentText: jsonText<Record<string, unknown>>()("json_content_text"),
    /** For SQL (filters); `metadataText` is what is returned. */
    metadata: jsonbDocument<Metadata>()("metadata"),
    metadataText: jsonText<Metadata>()("metadata_text"),
    responseSchema: jsonbDocument<JsonSchemaDocument>()("response_schema"),
  },
  (table) => [index("analyses_tenant_updated_idx").on(table.tenantId, table.updatedAt)],
);

export const usage = pgTable(
  "usage",
  {
    usageId: text("usage_id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    costCredits: integer("cost_credits").notNull(),
    links: integer("links").notNull(),
    createdAt: timestamptz("created_at").notNull(),
  },
  (table) => [
    check("usage_cost_credits_check", sql`${table.costCredits} >= 0`),
    check("usage_links_check", sql`${table.links} >= 0`),
  ],
);

/**
 * `Idempotency-Key`s (CONTRACT.md): one row per tenant, endpoint and key. `status` null: a request holding
 * the key (its `token`) is still running, and proves it is alive by holding the key's advisory lock on
 * Postgres (claim-locks.ts) and by moving `heartbeat_at`; otherwise the final response (`status`, `body` as
 * sent, `headers`) to replay.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    endpoint: text("endpoint").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    token: text("token").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    heartbeatAt: timestamptz("heartbeat_at").notNull(),
    status: smallint("status"),
    body: text("body"),
    headers: jsonbDocument<Record<string, string>>()("headers"),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.endpoint, table.key] }),
    index("idempotency_keys_created_idx").on(table.createdAt),
  ],
);

/**
 * Rate limits (CONTRACT.md "Limits"): a token bucket per tenant and bucket (`analyze`, `other`), shared by
 * every process of the service. Unlogged (a later migration): a crash forgets the buckets, which only
 * refills them, and no request waits on a WAL flush for its rate check.
 */
export const rateBuckets = pgTable(
  "rate_buckets",
  {
    tenantId: text("tenant_id").notNull(),
    bucket: text("bucket").notNull(),
    tokens: doublePrecision("tokens").notNull(),
    refilledAt: timestamp("refilled_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.bucket] })],
);
