/**
 * Local delete with undo, in the worker's library: rows and their undo copies in fake-indexeddb (one
 * database, as in the extension), a clock the test moves.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createLibrary, libraryCommandHandlers, type UndoStore } from "../../entrypoints/background/library";
import { ApiError } from "../../lib/api/errors";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import { UNDO_WINDOW_MS } from "../../lib/library/undo-window";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { workerRecord } from "./library-fixtures";

let db: LinklensDatabase;
freshDatabaseEachTest("library", (fresh) => {
  db = fresh;
});
const clock = { now: Date.parse("2026-11-23T10:00:00.000Z") };

beforeEach(async () => {
  fakeBrowser.reset();
  await cacheRecords(db, [workerRecord("ana_1"), workerRecord("ana_2"), workerRecord("ana_3")], { now: 500 });
});

/** A library as the worker builds it; a new one stands for the worker after a stop. */
function library() {
  return createLibrary({ db, now: () => clock.now });
}

const ids = async () => (await db.analyses.toCollection().primaryKeys()).sort();

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("delete with undo", () => {
  it("removes rows from the cache and puts them back exactly, even after the worker stopped", async () => {
    const before = await db.analyses.toArray();
    const handlers = libraryCommandHandlers(library());
    const result = await handlers["analyses.delete"]({ analysisIds: ["ana_1", "ana_3", "ana_missing"] });
    expect(result).toMatchObject({ deleted: 2, keptPending: [] });
    expect(result.undoToken).toEqual(expect.any(String));
    expect(await ids()).toEqual(["ana_2"]);

    const restored = await libraryCommandHandlers(library())["analyses.restore"]({
      undoToken: result.undoToken as string,
    });
    expect(restored).toEqual({ restored: 2, skipped: 0 });
    expect(await db.analyses.toArray()).toEqual(before);

    // An undo is used once.
    const again = await failure(library().restore(result.undoToken as string));
    expect(again.code).toBe("undo_expired");
  });

  it("keeps the undo for 10 minutes, then it expires", async () => {
    const lib = library();
    const first = await lib.delete(["ana_1"]);
    clock.now += UNDO_WINDOW_MS - 1;
    expect(await lib.restore(first.undoToken as string)).toEqual({ restored: 1, skipped: 0 });

    const second = await lib.delete(["ana_2"]);
    clock.now += UNDO_WINDOW_MS;
    const error = await failure(lib.restore(second.undoToken as string));
    expect(error.code).toBe("undo_expired");
    expect(error.message).toMatch(/no longer be undone/);
    expect(await ids()).toEqual(["ana_1", "ana_3"]);
  });

  it("keeps undo copies in the database and drops the expired ones on the next delete", async () => {
    const lib = library();
    const old = await lib.delete(["ana_1"]);
    expect((await db.deleted.get(old.undoToken as string))?.rows.map((row) => row.analysisId)).toEqual([
      "ana_1",
    ]);
    clock.now += UNDO_WINDOW_MS + 1;
    const recent = await lib.delete(["ana_2"]);
    expect(await db.deleted.toCollection().primaryKeys()).toEqual([recent.undoToken]);
  });

  it("never deletes a row whose edit waits to be sent", async () => {
    await db.analyses.update("ana_1", { pending: true });
    await db.outbox.add({
      analysisId: "ana_2",
      state: "pending",
      patch: { textContent: "edit" },
      baseUpdatedAt: "2026-11-22T10:00:00.000Z",
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 1,
    });
    const result = await library().delete(["ana_1", "ana_2", "ana_3"]);
    expect(result).toMatchObject({ deleted: 1, keptPending: ["ana_1", "ana_2"] });
    expect(await ids()).toEqual(["ana_1", "ana_2"]);

    const nothing = await library().delete(["ana_1"]);
    expect(nothing).toEqual({ deleted: 0, undoToken: null, keptPending: ["ana_1"] });
  });

  it("an analysis cached again since the delete keeps its newer row", async () => {
    const lib = library();
    const { undoToken } = await lib.delete(["ana_1", "ana_2"]);
    // Only a new analysis asked for by the user (`revive`) caches a removed one again.
    await cacheRecords(db, [{ ...workerRecord("ana_1", "2026-11-23T09:00:00.000Z"), textContent: "newer" }], {
      revive: true,
    });
    expect(await lib.restore(undoToken as string)).toEqual({ restored: 1, skipped: 1 });
    expect((await db.analyses.get("ana_1"))?.textContent).toBe("newer");
    expect((await db.analyses.get("ana_2"))?.textContent).toBe("text of ana_2");
  });

  it("when the undo copy cannot be kept, nothing is deleted and the error says why", async () => {
    const before = await db.analyses.toArray();
    const full: UndoStore = {
      put: () => Promise.reject(new Error("QUOTA_BYTES quota exceeded")),
      get: async () => undefined,
      remove: async () => undefined,
      removeExpired: async () => undefined,
    };
    const error = await failure(createLibrary({ db, undo: full }).delete(["ana_1"]));
    expect(error.code).toBe("undo_unavailable");
    expect(error.message).toMatch(/not deleted.*QUOTA_BYTES/);
    expect(await db.analyses.toArray()).toEqual(before);
  });
});
