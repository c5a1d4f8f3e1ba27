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
import { warmUpRelatedSearch } from "../related/related-query";
import type { Database } from "./database";
import { createStore } from "./drizzle-store";
import { JSONB_OID } from "./json-columns";
import { migrate } from "./migrate";
import { takeTurns } from "./pglite-turns";
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
 * PGlite's shared buffers, which it holds resident from the start. On a folder, 64 MB: related search reads
 * its ~300 candidates' search rows at random (about 5 KB each, 48 MB for 10,000 analyses), and each page not
 * in the buffers is a file read; 64 MB instead of 16 took a third off the search's time (5.0 → 3.5 ms of CPU
 * a search over 10,000 analyses) for 48 MB more resident. Not more: 128 MB (Postgres's default) was no
 * faster. In memory, 16 MB: there every page is in memory already, and buffers would only copy it.
 */
const sharedBuffers = (megabytes: number) => ({
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${megabytes}MB`],
  parsers: { [JSONB_OID]: (text: string) => text },
});
const FOLDER_OPTIONS = sharedBuffers(64);
const MEMORY_OPTIONS = sharedBuffers(16);

async function openPglite(dataDir: string | undefined): Promise<Store> {
  const client = dataDir === undefined ? await openInMemory() : await openFolder(dataDir);
  const close = async () => {
    if (!client.closed) await client.close();
  };
  const db = drizzlePglite({ client: takeTurns(client) });
  const store = await openOver(db, { singleProcess: true, readConcurrency: 1, close });
  try {
    await warmUpRelatedSearch(db);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
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
  if (!existsSync(join(dataDir, "PG_VERSION"))) await (await PGlite.create(dataDir, FOLDER_OPTIONS)).close();
  return PGlite.create(dataDir, FOLDER_OPTIONS);
}

/**
 * A fresh in-memory PGlite runs initdb, about 3 s here; loading a dump of an initialized one takes under 1 s.
 * The first in-memory store of the process dumps itself (gzip, about 5 MB, kept for the process's life) before
 * its first use, and later ones load that dump: this matters to test suites that start a service per test.
 */
let memoryTemplate: Promise<File | Blob> | undefined;

async function openInMemory(): Promise<PGlite> {
  if (memoryTemplate) return PGlite.create({ ...MEMORY_OPTIONS, loadDataDir: await memoryTemplate });
  const client = PGlite.create(MEMORY_OPTIONS).then(async (fresh) => {
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
