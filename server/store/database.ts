import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** A Drizzle database over either driver (PGlite or postgres-js): the store is written once, against this. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rows of a raw statement: Drizzle's PGlite driver answers `{ rows }`, its postgres-js driver the rows. */
export async function queryRows<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}
