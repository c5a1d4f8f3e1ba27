/**
 * Deleting a comparison in the worker's library: its pages' analyses and its jobs (its own and its pages'
 * retries) go together, and Undo brings all of them back; other jobs stay.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { createLibrary, libraryCommandHandlers } from "../../entrypoints/background/library";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { jobRow } from "./helpers/job-rows";
import { workerRecord } from "./library-fixtures";

let db: LinklensDatabase;
freshDatabaseEachTest("comparison-delete", (fresh) => {
  db = fresh;
});

const comparison = jobRow("job_c", "done", {
  source: "compare",
  comparison: {},
  analysisIds: ["ana_1", "ana_2"],
});
const retry = jobRow("job_r", "done", {
  source: "compare",
  retryOf: { jobId: "job_c", link: "https://example.com/ana_3" },
  analysisIds: ["ana_3"],
});
const otherComparison = jobRow("job_o", "done", {
  source: "compare",
  comparison: {},
  analysisIds: ["ana_4"],
});
const plain = jobRow("job_p", "done", { analysisIds: ["ana_5"] });

beforeEach(async () => {
  await cacheRecords(
    db,
    ["ana_1", "ana_2", "ana_3", "ana_4", "ana_5"].map((id) => workerRecord(id)),
    { now: 500 },
  );
  await db.jobs.bulkPut([comparison, retry, otherComparison, plain]);
});

const jobIds = async () => (await db.jobs.toCollection().primaryKeys()).sort();
const analysisIds = async () => (await db.analyses.toCollection().primaryKeys()).sort();

describe("deleting a comparison", () => {
  it("takes its analyses and its jobs, retries included, and Undo puts every one back", async () => {
    const handlers = libraryCommandHandlers(createLibrary({ db, now: () => 1_000 }));
    const result = await handlers["analyses.delete"]({
      analysisIds: ["ana_1", "ana_2", "ana_3"],
      jobIds: ["job_c"],
    });
    expect(result).toMatchObject({ deleted: 3, keptPending: [] });
    expect(await analysisIds()).toEqual(["ana_4", "ana_5"]);
    expect(await jobIds()).toEqual(["job_o", "job_p"]);

    const restored = await handlers["analyses.restore"]({ undoToken: result.undoToken as string });
    expect(restored).toEqual({ restored: 3, skipped: 0 });
    expect(await analysisIds()).toEqual(["ana_1", "ana_2", "ana_3", "ana_4", "ana_5"]);
    expect(await db.jobs.get("job_c")).toEqual(comparison);
    expect(await db.jobs.get("job_r")).toEqual(retry);
  });

  it("is undone even when no page of it was answered", async () => {
    const library = createLibrary({ db, now: () => 1_000 });
    const result = await library.delete([], ["job_o"]);
    expect(result.undoToken).toEqual(expect.any(String));
    expect(await jobIds()).toEqual(["job_c", "job_p", "job_r"]);
    await library.restore(result.undoToken as string);
    expect(await jobIds()).toEqual(["job_c", "job_o", "job_p", "job_r"]);
  });

  it("never takes a job that is no comparison", async () => {
    const result = await createLibrary({ db, now: () => 1_000 }).delete([], ["job_p", "job_r"]);
    expect(result).toEqual({ deleted: 0, undoToken: null, keptPending: [] });
    expect(await jobIds()).toEqual(["job_c", "job_o", "job_p", "job_r"]);
  });
});
