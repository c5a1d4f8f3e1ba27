/** The store over a database, once the database is migrated to this server's schema (migrate.ts). */
import type { Database } from "./database";
import { createStore, releaseEarlierRunsClaims } from "./drizzle-store";
import { migrate } from "./migrate";
import type { Store } from "./types";

export async function openMigrated(db: Database, options: Parameters<typeof createStore>[1]): Promise<Store> {
  try {
    await migrate(db);
    if (options.singleProcess) await releaseEarlierRunsClaims(db);
  } catch (error) {
    await options.close();
    throw error;
  }
  return createStore(db, options);
}
