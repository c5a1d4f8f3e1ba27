/**
 * Brings a database to the schema of this server: the migrations drizzle-kit wrote under `migrations/`, in
 * one transaction that first takes a Postgres advisory lock, so processes starting together on one database
 * wait for each other instead of racing (the second finds everything applied).
 *
 * Applied migrations are recorded as Drizzle's own migrator records them (`drizzle.__drizzle_migrations`,
 * by the journal's `when`), so `drizzle-kit migrate` and this agree. Drizzle's `migrate()` is not used
 * because it runs its own transaction, outside the lock.
 *
 * A store created before the migrations were drizzle-kit's (PGlite folders holding `schema_version`) is
 * converted in the same transaction (legacy-store.ts).
 */
import { fileURLToPath } from "node:url";
import { desc, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { bigint, pgSchema, serial, text } from "drizzle-orm/pg-core";
import type { Database } from "./database";
import { copyLegacyData, setLegacyTablesAside } from "./legacy-store";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any fixed number: the lock every process of the service takes to migrate. */
const MIGRATION_LOCK = 0x6c6b_6d69_6772; // "lkmigr"

const drizzleSchema = pgSchema("drizzle");
const appliedMigrations = drizzleSchema.table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
  createdAt: bigint("created_at", { mode: "number" }),
});

export async function migrate(db: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK}::bigint)`);
    const legacy = await setLegacyTablesAside(tx);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(sql`
      CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
        id SERIAL PRIMARY KEY,
        hash text NOT NULL,
        created_at bigint
      )`);
    const [last] = await tx
      .select({ createdAt: appliedMigrations.createdAt })
      .from(appliedMigrations)
      .orderBy(desc(appliedMigrations.createdAt))
      .limit(1);
    const newest = migrations.at(-1)?.folderMillis ?? 0;
    if (last?.createdAt && last.createdAt > newest) {
      throw new Error("the database was migrated by a newer version of this server; update the server");
    }
    for (const migration of migrations) {
      if (last?.createdAt && last.createdAt >= migration.folderMillis) continue;
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.insert(appliedMigrations).values({ hash: migration.hash, createdAt: migration.folderMillis });
    }
    if (legacy) await copyLegacyData(tx, legacy);
  });
}
