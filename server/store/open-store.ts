/**
 * Opens the store (migrating it first, migrate.ts): on a Postgres server when a `postgres://` URL is given,
 * which any number of service processes may share; else on PGlite, embedded Postgres in a folder (or in
 * memory), which one process holds.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Database } from "./database";
import { createStore } from "./drizzle-store";
import { JSONB_OID } from "./json-columns";
import { migrate } from "./migrate";
import type { Store } from "./types";

export interface StoreConfig {
  /** `postgres://…`: the Postgres database to keep everything in. */
  databaseUrl?: string;
  /** Without `databaseUrl`: PGlite's folder; neither: PGlite in memory (tests). */
  dataDir?: string;
}

/** Connections per process: enough for a CPU's worth of concurrent requests, few for a shared server. */
export const POOL_SIZE = 10;
/** Batched record reads at once on Postgres (read-batcher.ts): the rest of the pool serves everything else. */
const READ_CONCURRENCY = 4;

export async function openStore(config: StoreConfig = {}): Promise<Store> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

async function openPostgres(url: string): Promise<Store> {
  const client = postgres(url, {
    max: POOL_SIZE,
    onnotice: () => {},
    // timestamps printed as `…+00`, whatever the server's default time zone
    connection: { TimeZone: "UTC" },
  });
  // jsonb as text: json-columns.ts decodes it
  client.options.parsers[JSONB_OID] = (text: string) => text;
  const close = () => client.end({ timeout: 5 });
  return openOver(drizzlePostgres({ client }), {
    singleProcess: false,
    readConcurrency: READ_CONCURRENCY,
    close,
  });
}

/**
 * PGlite as light as it goes: 16 MB of shared buffers instead of Postgres's 128 MB (the operating system's
 * file cache and the store's record cache stand in for more). Measured here on a reopened folder: 354 MB
 * resident before, 234 MB after.
 */
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  parsers: { [JSONB_OID]: (text: string) => text },
};

async function openPglite(dataDir: string | undefined): Promise<Store> {
  const client = dataDir === undefined ? await openInMemory() : await openFolder(dataDir);
  const close = async () => {
    if (!client.closed) await client.close();
  };
  return openOver(drizzlePglite({ client }), { singleProcess: true, readConcurrency: 1, close });
}

async function openOver(db: Database, options: Parameters<typeof createStore>[1]): Promise<Store> {
  try {
    await migrate(db);
  } catch (error) {
    await options.close();
    throw error;
  }
  return createStore(db, options);
}

/**
 * A new folder is first initialized (initdb) by PGlite, which leaves about 400 MB more resident for the life
 * of the process than opening an initialized folder: so a new folder is initialized, closed, and reopened.
 */
async function openFolder(dataDir: string): Promise<PGlite> {
  if (!existsSync(join(dataDir, "PG_VERSION"))) await (await PGlite.create(dataDir, PGLITE_OPTIONS)).close();
  return PGlite.create(dataDir, PGLITE_OPTIONS);
}

/**
 * A fresh in-memory PGlite runs initdb, about 3 s here; loading a dump of an initialized one takes under 1 s.
 * The first in-memory store of the process dumps itself (gzip, about 5 MB, kept for the process's life) before
 * its first use, and later ones load that dump: this matters to test suites that start a service per test.
 */
let memoryTemplate: Promise<File | Blob> | undefined;

async function openInMemory(): Promise<PGlite> {
  if (memoryTemplate) return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await memoryTemplate });
  const client = PGlite.create(PGLITE_OPTIONS).then(async (fresh) => {
    await migrate(drizzlePglite({ client: fresh }));
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
