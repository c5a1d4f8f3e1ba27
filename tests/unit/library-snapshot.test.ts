/** The library's entries follow the cache reading only what changed: new, changed, edited, deleted, restored rows. */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabase, type LinklensDatabase } from "../../lib/db/database";
import { enqueueEdit } from "../../lib/db/outbox";
import { cacheRecords } from "../../lib/db/records";
import { createLibrarySnapshot } from "../../lib/library/library-snapshot";
import { record } from "./library-fixtures";

let db: LinklensDatabase;
let counter = 0;
beforeEach(() => {
  db = createDatabase(`linklens-snapshot-test-${++counter}`);
});
afterEach(async () => {
  await db.delete();
});

const ids = (entries: { analysisId: string }[]) => entries.map((entry) => entry.analysisId);

describe("the library snapshot", () => {
  it("reads every row once, then only the rows written since, and drops the deleted ones", async () => {
    await cacheRecords(
      db,
      ["a", "b", "c"].map((id, day) => record(id, `2026-03-0${day + 1}T12:00:00.000Z`)),
      { now: 100 },
    );
    const snapshot = createLibrarySnapshot(db);
    const reads = vi.spyOn(db.analyses, "bulkGet");

    expect(ids(await snapshot.read())).toEqual(["c", "b", "a"]);
    expect(reads.mock.calls.at(-1)?.[0]).toEqual(["a", "b", "c"]);

    expect(ids(await snapshot.read())).toEqual(["c", "b", "a"]);
    expect(reads).toHaveBeenCalledTimes(1);

    const newer = { ...record("a", "2026-03-01T12:00:00.000Z", { title: "Renamed" }) };
    newer.updatedAt = "2026-03-09T12:00:00.000Z";
    await cacheRecords(db, [newer, record("d", "2026-03-05T12:00:00.000Z")], { now: 200 });
    await db.analyses.delete("b");
    const entries = await snapshot.read();
    expect(ids(entries)).toEqual(["a", "d", "c"]);
    expect(entries[0]?.title).toBe("Renamed");
    expect(reads.mock.calls.at(-1)?.[0]?.sort()).toEqual(["a", "d"]);
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
    expect(ids(await snapshot.read())).toEqual(["b"]);
    await db.analyses.put(removed as NonNullable<typeof removed>);
    expect(ids(await snapshot.read())).toEqual(["b", "a"]);

    await enqueueEdit(
      db,
      { analysisId: "b", patch: { textContent: "edited" }, baseUpdatedAt: "2026-03-02T12:00:00.000Z" },
      300,
    );
    const edited = (await snapshot.read()).find((entry) => entry.analysisId === "b");
    expect(edited).toMatchObject({ pending: true });
    expect(edited?.haystack).toContain("edited");
  });
});
