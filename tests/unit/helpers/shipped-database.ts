/**
 * A profile's database as an earlier release left it, for the tests that open it as the current version:
 * the stores of versions 1 to `version` as they shipped, written out here rather than read from
 * lib/db/database.ts: they are what an old profile holds, whatever that file declares now.
 */
import Dexie from "dexie";

const SHIPPED_STORES: Record<string, string>[] = [
  {
    analyses: "&analysisId, updatedAt, pageUrl, pageId, host, cachedAt",
    usage: "&usageId, createdAt",
    jobs: "&id, status, createdAt, updatedAt, tabUrl",
    presets: "&id, order",
    outbox: "++seq, analysisId, createdAt",
  },
  { deleted: "&token, expiresAt" },
];

/** The database under `name` at shipped `version` (1 or 2), with no upgrade of a later one. */
export function shippedDatabase(name: string, version: number): Dexie {
  if (version < 1 || version > SHIPPED_STORES.length) throw new Error(`no shipped version ${version}`);
  const database = new Dexie(name);
  SHIPPED_STORES.slice(0, version).forEach((stores, index) => {
    database.version(index + 1).stores(stores);
  });
  return database;
}
