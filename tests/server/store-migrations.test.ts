/**
 * The store's migrations: applied once when several processes start together on one Postgres database, and
 * PGlite folders made before the migrations were drizzle-kit's (versioned in `schema_version`) converted
 * with their data.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../server/store/key-hash";
import { MIGRATIONS_FOLDER } from "../../server/store/migrate";
import { openStore } from "../../server/store/open-store";
import { postgresPerFile } from "../helpers/postgres-cluster";

const postgresServer = postgresPerFile();
const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: { when: number }[];
};

describe("on Postgres", () => {
  let database = 0;
  const freshDatabase = () => postgresServer.cluster.createDatabase(`migrations_${++database}`);

  async function query<Row>(url: string, text: string): Promise<Row[]> {
    const client = postgres(url, { max: 1, onnotice: () => {} });
    try {
      return (await client.unsafe(text)) as unknown as Row[];
    } finally {
      await client.end();
    }
  }

  it("migrates once when several processes open a new database together", async () => {
    const url = await freshDatabase();
    const stores = await Promise.all(Array.from({ length: 4 }, () => openStore({ databaseUrl: url })));
    try {
      const tenant = await stores[0]?.ensureKey(hashApiKey("together"), 5);
      expect(await stores[3]?.getTenant(tenant?.id ?? "")).toEqual(tenant);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
    const applied = await query<{ created_at: string }>(
      url,
      "SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY id",
    );
    expect(applied.map((row) => Number(row.created_at))).toEqual(journal.entries.map((entry) => entry.when));
    const [unlogged] = await query<{ persistence: string }>(
      url,
      "SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'rate_buckets'",
    );
    expect(unlogged?.persistence).toBe("u");
  });

  it("leaves alone a schema_version table that is not an old store's", async () => {
    const url = await freshDatabase();
    await query(url, "CREATE TABLE schema_version (version integer); INSERT INTO schema_version VALUES (7)");
    await (await openStore({ databaseUrl: url })).close();
    expect(await query(url, "SELECT version FROM public.schema_version")).toEqual([{ version: 7 }]);
  });

  it("refuses a database that a newer server migrated", async () => {
    const url = await freshDatabase();
    await (await openStore({ databaseUrl: url })).close();
    const future = (journal.entries.at(-1)?.when ?? 0) + 1;
    await query(
      url,
      `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('next', ${future})`,
    );
    await expect(openStore({ databaseUrl: url })).rejects.toThrow(/newer version/);
  });
});

/** The hand-written migrations of the store before drizzle-kit (version 1, then 2), as they created folders. */
const LEGACY_MIGRATIONS = [
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

/** A PGlite folder as the old store left it at `version`, holding one tenant, two analyses and a usage row. */
async function legacyFolder(version: 1 | 2): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "linklens-legacy-"));
  const db = await PGlite.create(dataDir);
  try {
    await db.exec("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)");
    for (const migration of LEGACY_MIGRATIONS.slice(0, version)) await db.exec(migration);
    await db.query("INSERT INTO schema_version (version) VALUES ($1)", [version]);
    await db.query("INSERT INTO tenants (id, key_hash, credits) VALUES ('ten_old', $1, 42)", [
      hashApiKey("old key"),
    ]);
    // json columns hold the text as written: key order, and \u0000 escapes that jsonb refuses
    await db.query(
      `INSERT INTO analyses VALUES
         ('ana_old_1', 'ten_old', '2026-01-02T03:04:05.006Z', '2026-01-02T03:04:05.007Z',
          $1, 'old text', $2, $3, '{"type":"object"}'),
         ('ana_old_2', 'ten_old', '2026-01-03T00:00:00.000Z', '2026-01-03T00:00:00.000Z',
          '{"title":"second"}', NULL, NULL, NULL, NULL)`,
      [
        '{"title":"nul \\u0000 title","url":"https://example.com/old","id":"old"}',
        '{"zeta":1,"alpha":"\\u0000","__proto__":{"b":2,"a":1}}',
        '{"topic":"trams","count":3}',
      ],
    );
    await db.exec("INSERT INTO usage VALUES ('use_old', 'ten_old', 3, 2, '2026-01-02T03:04:05.006Z')");
    if (version === 2) {
      await db.exec(`INSERT INTO idempotency_keys VALUES ('ten_old', 'POST /v1/links', 'old-key', 'hash',
        'token', now(), now(), 200, '{"usageId":"use_old"}', '{"etag":"\\"x\\""}')`);
    }
  } finally {
    await db.close();
  }
  return dataDir;
}

describe.each([1, 2] as const)("a PGlite folder of the hand-written migrations at version %i", (version) => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await legacyFolder(version);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("opens with its data, converted to the current tables, and reopens", async () => {
    for (let round = 0; round < 2; round++) {
      const store = await openStore({ dataDir });
      try {
        expect(await store.findTenant(hashApiKey("old key"))).toEqual({ id: "ten_old", credits: 42 });
        const [first, second] = await store.listAnalyses("ten_old");
        expect(first).toEqual({
          tenantId: "ten_old",
          analysisId: "ana_old_1",
          createdAt: "2026-01-02T03:04:05.006Z",
          updatedAt: "2026-01-02T03:04:05.007Z",
          analysis: { title: "nul \u0000 title", url: "https://example.com/old", id: "old" },
          textContent: "old text",
          jsonContent: JSON.parse('{"zeta":1,"alpha":"\\u0000","__proto__":{"b":2,"a":1}}'),
          metadata: { topic: "trams", count: 3 },
          responseSchema: { type: "object" },
          // the second round reads what the first one wrote
          ...(round === 1 && { metadata: { edited: true }, updatedAt: expect.any(String) }),
        });
        expect(Object.keys(first?.jsonContent ?? {})).toEqual(["zeta", "alpha", "__proto__"]);
        expect(second).toMatchObject({ analysisId: "ana_old_2", analysis: { title: "second" } });

        // still a working store: it charges, updates and claims keys in the converted tables
        if (round === 0) {
          const updated = await store.updateAnalysis("ten_old", "ana_old_1", { metadata: { edited: true } });
          expect(updated.kind).toBe("updated");
        }
        const claim = await store.claimIdempotencyKey(
          { tenantId: "ten_old", endpoint: "POST /v1/links", key: "old-key" },
          "hash",
          { staleAfterMs: 30_000, retentionMs: 24 * 3_600_000 },
        );
        expect(claim).toEqual(
          version === 2
            ? {
                kind: "replay",
                response: { status: 200, body: '{"usageId":"use_old"}', headers: { etag: '"x"' } },
              }
            : { kind: "claimed", claim: expect.objectContaining({ key: "old-key" }) },
        );
        if (claim.kind === "claimed") await store.releaseIdempotencyKey(claim.claim);
      } finally {
        await store.close();
      }
    }
    const db = await PGlite.create(dataDir);
    try {
      const { rows } = await db.query<{ name: string }>(
        `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
         WHERE table_schema = 'linklens_legacy' OR table_name = 'schema_version'`,
      );
      expect(rows).toEqual([]);
      const usage = await db.query("SELECT usage_id, cost_credits FROM usage");
      expect(usage.rows).toEqual([{ usage_id: "use_old", cost_credits: 3 }]);
    } finally {
      await db.close();
    }
  });
});
