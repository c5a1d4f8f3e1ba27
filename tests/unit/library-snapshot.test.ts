/** The library follows the cache reading only what changed: new, changed, edited, deleted, restored rows. */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { LinklensDatabase } from "../../lib/db/database";
import { enqueueEdit } from "../../lib/db/outbox";
import { cacheRecords } from "../../lib/db/records";
import { createLibrarySearch } from "../../lib/library/library-search";
import { createLibrarySnapshot } from "../../lib/library/library-snapshot";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { record } from "./library-fixtures";

let db: LinklensDatabase;
freshDatabaseEachTest("snapshot", (fresh) => {
  db = fresh;
});

const ids = (entries: readonly { analysisId: string }[]) => entries.map((entry) => entry.analysisId);

describe("the library snapshot", () => {
  it("reads every entry once, then only the ones written since, and drops the deleted ones", async () => {
    await cacheRecords(
      db,
      ["a", "b", "c"].map((id, day) => record(id, `2026-03-0${day + 1}T12:00:00.000Z`)),
      { now: 100 },
    );
    const snapshot = createLibrarySnapshot(db);
    const first = await snapshot.read();
    expect(ids(first.entries)).toEqual(["c", "b", "a"]);
    // Nothing written since: the same library, nothing read but the count of writes.
    expect(await snapshot.read()).toBe(first);

    const newer = { ...record("a", "2026-03-01T12:00:00.000Z", { title: "Renamed" }) };
    newer.updatedAt = "2026-03-09T12:00:00.000Z";
    await cacheRecords(db, [newer, record("d", "2026-03-05T12:00:00.000Z")], { now: 200 });
    await db.analyses.delete("b");
    const { entries, index } = await snapshot.read();
    expect(ids(entries)).toEqual(["a", "d", "c"]);
    expect(entries[0]?.title).toBe("Renamed");
    // The entry not written since is the very object read first.
    expect(entries[2]).toBe(first.entries[0]);
    expect(ids(createLibrarySearch(entries, index).search("renamed"))).toEqual(["a"]);
  });

  it("sees a row put back with its old cachedAt (an undone delete) and a pending edit", async () => {
    await cacheRecords(
      db,
      [record("a", "2026-03-01T12:00:00.000Z"), record("b", "2026-03-02T12:00:00.000Z")],
      {
        now: 100,
      },
    );
    const snapshot = createLibrarySnapshot(db);
    await snapshot.read();

    const removed = await db.analyses.get("a");
    await db.analyses.delete("a");
    expect(ids((await snapshot.read()).entries)).toEqual(["b"]);
    await db.analyses.put(removed as NonNullable<typeof removed>);
    expect(ids((await snapshot.read()).entries)).toEqual(["b", "a"]);

    await enqueueEdit(
      db,
      { analysisId: "b", patch: { textContent: "edited" }, baseUpdatedAt: "2026-03-02T12:00:00.000Z" },
      300,
    );
    const { entries, index } = await snapshot.read();
    expect(entries.find((entry) => entry.analysisId === "b")).toMatchObject({ pending: true });
    expect(ids(createLibrarySearch(entries, index).search("edited"))).toEqual(["b"]);
  });
});
