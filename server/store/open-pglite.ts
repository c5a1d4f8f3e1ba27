/**
 * The store on PGlite, embedded Postgres in a folder (or in memory), which one process holds (open-store.ts
 * loads this module only for it).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { warmUpRelatedSearch } from "../related/related-query";
import type { StoreOptions } from "./drizzle-store";
import { JSONB_OID } from "./json-columns";
import { migrate } from "./migrate";
import { openMigrated } from "./migrated-store";
import { createStatisticsKeeper, type StatisticsKeeper } from "./pglite-statistics";
import { takeTurns } from "./pglite-turns";
import type { Store } from "./types";

/**
 * PGlite's shared buffers, which it holds resident from the start: 16 MB, in a folder as in memory (where
 * every page is in memory already, and buffers would only copy it). A folder once had 64 MB, when every
 * related search ran in the database and read its ~300 candidates' search rows at random (a third off the
 * search's CPU at 10,000 analyses); the index in memory (related-index.ts) now answers every search without
 * a filter, record reads miss the buffers anyway past a few tens of thousands of analyses (the file reads
 * hit the OS's cache), and the 48 MB more were a sixth of an idle service's resident memory with 100,000
 * analyses, which read no slower through 16 MB.
 */
const OPTIONS = {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  parsers: { [JSONB_OID]: (text: string) => text },
};

export async function openPglite(
  dataDir: string | undefined,
  options: Pick<StoreOptions, "now" | "recordCacheBytes"> = {},
): Promise<Store> {
  const client = dataDir === undefined ? await openInMemory() : await openFolder(dataDir);
  let statistics: StatisticsKeeper | undefined;
  const close = async () => {
    await statistics?.stop();
    if (!client.closed) await client.close();
  };
  const db = drizzlePglite({ client: takeTurns(client) });
  const store = await openMigrated(db, {
    ...options,
    recordCacheDir: dataDir,
    singleProcess: true,
    readConcurrency: 1,
    written: (analyses) => statistics?.written(analyses),
    close,
  });
  try {
    statistics = await createStatisticsKeeper(db);
    await warmUpRelatedSearch(db);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * A new folder is first initialized (initdb) by PGlite, which leaves about 400 MB more resident for the life
 * of the process than opening an initialized folder: so a new folder is initialized, closed, and reopened.
 */
async function openFolder(dataDir: string): Promise<PGlite> {
  if (!existsSync(join(dataDir, "PG_VERSION"))) await (await PGlite.create(dataDir, OPTIONS)).close();
  return PGlite.create(dataDir, OPTIONS);
}

/**
 * A fresh in-memory PGlite runs initdb, about 3 s here; loading a dump of an initialized one takes under 1 s.
 * The first in-memory store of the process dumps itself (gzip, about 5 MB, kept for the process's life) before
 * its first use, and later ones load that dump: this matters to test suites that start a service per test.
 */
let memoryTemplate: Promise<File | Blob> | undefined;

async function openInMemory(): Promise<PGlite> {
  if (memoryTemplate) return PGlite.create({ ...OPTIONS, loadDataDir: await memoryTemplate });
  const client = PGlite.create(OPTIONS).then(async (fresh) => {
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
