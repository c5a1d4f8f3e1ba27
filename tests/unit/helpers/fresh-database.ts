/**
 * Databases for the unit tests, in fake-indexeddb: each under a name no other database of the file has had,
 * each deleted after the test that opened it, so that no test sees another's rows.
 *
 * `let db: LinklensDatabase; freshDatabaseEachTest("jobs", (fresh) => { db = fresh; });` for the file's one
 * database; `databasesPerTest("export")` where a test opens several (two devices, a fresh profile).
 */
import "fake-indexeddb/auto";
import type Dexie from "dexie";
import { afterEach, beforeEach } from "vitest";
import { createDatabase, type LinklensDatabase } from "../../../lib/db/database";

let named = 0;

/** `linklens-<label>-test-<n>`: a database name not used before in this file. */
export function newDatabaseName(label: string): string {
  return `linklens-${label}-test-${++named}`;
}

/**
 * For a test file: a function that opens a new database (Linklens' own, or what `create` makes of a name);
 * every database it opened during a test is deleted after that test.
 */
export function databasesPerTest(label: string): () => LinklensDatabase;
export function databasesPerTest<D extends Dexie>(label: string, create: (name: string) => D): () => D;
export function databasesPerTest(
  label: string,
  create: (name: string) => Dexie = createDatabase,
): () => Dexie {
  const opened: Dexie[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.delete()));
  });
  return () => {
    const db = create(newDatabaseName(label));
    opened.push(db);
    return db;
  };
}

/**
 * For a test file: a new database before each test, handed to `use` (which keeps it as the file's `db`),
 * deleted after it. Returns the opener, for a test that needs another database beside it.
 */
export function freshDatabaseEachTest(
  label: string,
  use: (db: LinklensDatabase) => void,
): () => LinklensDatabase {
  const open = databasesPerTest(label);
  beforeEach(() => {
    use(open());
  });
  return open;
}
