/**
 * The store's tables, as Drizzle sees them and as the migrations create them. Keep both in step: a change to
 * a table is a new entry at the end of `MIGRATIONS` plus the matching change to its `pgTable`.
 *
 * Timestamps are `timestamptz(3)` (millisecond precision, what the contract's ISO strings carry); the store
 * turns them back into `2026-11-22T09:30:00.000Z` strings. Documents are `json`, not `jsonb`: `json` keeps
 * the keys in the order the client or the generator wrote them and accepts `\u0000` escapes, where `jsonb`
 * would reorder keys and refuse them. Nothing filters on them in SQL (the related index does it in memory).
 */
import { index, integer, json, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { AnalysisObject, JsonSchemaDocument, Metadata } from "../../lib/api/contract";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "string" });

export const tenants = pgTable("tenants", {
  id: text("id").primaryKey(),
  keyHash: text("key_hash").notNull().unique(),
  credits: integer("credits").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export const analyses = pgTable(
  "analyses",
  {
    analysisId: text("analysis_id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    createdAt: timestamptz("created_at").notNull(),
    updatedAt: timestamptz("updated_at").notNull(),
    analysis: json("analysis").$type<AnalysisObject>().notNull(),
    textContent: text("text_content"),
    jsonContent: json("json_content").$type<Record<string, unknown>>(),
    metadata: json("metadata").$type<Metadata>(),
    responseSchema: json("response_schema").$type<JsonSchemaDocument>(),
  },
  (table) => [index("analyses_tenant_updated_idx").on(table.tenantId, table.updatedAt)],
);

export const usage = pgTable("usage", {
  usageId: text("usage_id").primaryKey(),
  tenantId: text("tenant_id")
    .notNull()
    .references(() => tenants.id),
  costCredits: integer("cost_credits").notNull(),
  links: integer("links").notNull(),
  createdAt: timestamptz("created_at").notNull(),
});

/**
 * `Idempotency-Key`s (CONTRACT.md): one row per tenant, endpoint and key. `status` null: a request holding
 * the key (its `token`) is still running, and proves it is alive by moving `heartbeat_at`; otherwise the
 * final response (`status`, `body` as sent, `headers`) to replay.
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
    headers: json("headers").$type<Record<string, string>>(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.endpoint, table.key] }),
    index("idempotency_keys_created_idx").on(table.createdAt),
  ],
);

/**
 * Migration `n` (1-based) brings the database from version `n - 1` to `n`; `schema_version` holds the last
 * one applied. Every statement is idempotent so a half-applied migration can run again.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS tenants (
    id text PRIMARY KEY,
    key_hash text NOT NULL UNIQUE,
    credits integer NOT NULL CHECK (credits >= 0),
    created_at timestamptz(3) NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS analyses (
    analysis_id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants (id),
    created_at timestamptz(3) NOT NULL,
    updated_at timestamptz(3) NOT NULL,
    analysis json NOT NULL,
    text_content text,
    json_content json,
    metadata json,
    response_schema json
  );
  CREATE INDEX IF NOT EXISTS analyses_tenant_updated_idx ON analyses (tenant_id, updated_at);
  CREATE TABLE IF NOT EXISTS usage (
    usage_id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants (id),
    cost_credits integer NOT NULL CHECK (cost_credits >= 0),
    links integer NOT NULL CHECK (links >= 0),
    created_at timestamptz(3) NOT NULL
  );
  `,
  `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    tenant_id text NOT NULL REFERENCES tenants (id),
    endpoint text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    token text NOT NULL,
    created_at timestamptz(3) NOT NULL,
    heartbeat_at timestamptz(3) NOT NULL,
    status smallint,
    body text,
    headers json,
    PRIMARY KEY (tenant_id, endpoint, key)
  );
  CREATE INDEX IF NOT EXISTS idempotency_keys_created_idx ON idempotency_keys (created_at);
  `,
];
