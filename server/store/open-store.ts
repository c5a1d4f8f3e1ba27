/**
 * Opens the store (migrating it first, migrate.ts): on a Postgres server when a `postgres://` URL is given,
 * which any number of service processes may share; else on PGlite, embedded Postgres in a folder (or in
 * memory), which one process holds.
 */
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { createClaimLocks } from "./claim-locks";
import { JSONB_OID } from "./json-columns";
import { openMigrated } from "./migrated-store";
import type { Store } from "./types";

export interface StoreConfig {
  /** `postgres://…`: the Postgres database to keep everything in. */
  databaseUrl?: string;
  /** Without `databaseUrl`: PGlite's folder; neither: PGlite in memory (tests). */
  dataDir?: string;
  /** PGlite: bytes of analyses its record cache's file holds (drizzle-store.ts; 0: none); Postgres keeps none. */
  recordCacheBytes?: number;
  /** The clock Idempotency-Keys are stamped and aged by (drizzle-store.ts); tests only. */
  now?: () => Date;
}

/** Connections per process: enough for a CPU's worth of concurrent requests, few for a shared server. */
export const POOL_SIZE = 10;
/** The `application_name` of each process's connection for claim locks, as `pg_stat_activity` shows it. */
const CLAIM_LOCKS_APPLICATION = "linklens claim locks";
/** Batched record reads at once on Postgres (read-batcher.ts): the rest of the pool serves everything else. */
const READ_CONCURRENCY = 4;

export async function openStore(config: StoreConfig = {}): Promise<Store> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.now);
  // loaded only here: PGlite's module is about 35 MB of a Postgres service's resident memory
  const { openPglite } = await import("./open-pglite");
  return openPglite(config.dataDir, { now: config.now, recordCacheBytes: config.recordCacheBytes });
}

async function openPostgres(url: string, now: StoreConfig["now"]): Promise<Store> {
  const client = postgres(url, {
    max: POOL_SIZE,
    onnotice: () => {},
    // timestamps printed as `…+00`, whatever the server's default time zone
    connection: { TimeZone: "UTC" },
  });
  // jsonb as text: json-columns.ts decodes it
  client.options.parsers[JSONB_OID] = (text: string) => text;
  const claimLocks = createClaimLocks(
    postgres(url, {
      max: 1,
      // 0: never recycled (postgres.js recycles after 30 to 60 minutes by default), as closing it frees every
      // claim's lock (claim-locks.ts)
      max_lifetime: 0,
      idle_timeout: 0,
      onnotice: () => {},
      onclose: () => claimLocks.relock(),
      connection: { application_name: CLAIM_LOCKS_APPLICATION },
    }),
  );
  const close = async () => {
    await Promise.all([client.end({ timeout: 5 }), claimLocks.close()]);
  };
  return openMigrated(drizzlePostgres({ client }), {
    singleProcess: false,
    readConcurrency: READ_CONCURRENCY,
    now,
    claimLocks,
    close,
  });
}
