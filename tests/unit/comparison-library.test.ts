/**
 * A comparison in the library (issue 44): one row standing for its pages, found by a word of any page,
 * never beside rows of its own pages; its credits and its wait follow its pages' retries.
 */
import { describe, expect, it } from "vitest";
import {
  comparisonActive,
  comparisonCredits,
  comparisonUpdatedAt,
  groupComparisonJobs,
  waitingJobOf,
} from "../../lib/compare/comparison-jobs";
import type { AnalyzeJob } from "../../lib/db/schema";
import {
  isComparisonEntry,
  type LibraryComparison,
  oneRowPerComparison,
} from "../../lib/library/comparison-entries";
import { compareEntries } from "../../lib/library/library-entry";
import { createLibrarySearch } from "../../lib/library/library-search";
import { idsOfRow, oneRowPerThread, threadGroups } from "../../lib/library/thread-entries";
import { jobRow } from "./helpers/job-rows";
import { cachedLibrary, record } from "./library-fixtures";

const job = (id: string, fields: Partial<AnalyzeJob> = {}) =>
  jobRow(id, fields.status ?? "done", { source: "compare", ...fields });

const records = [
  record("ana_1", "2026-01-01T10:00:00.000Z", { textContent: "The tram costs 412 pounds." }),
  record("ana_2", "2026-01-01T10:01:00.000Z", { textContent: "The ferry is free on Sundays." }),
  record("ana_3", "2026-01-01T10:02:00.000Z", { textContent: "The bus runs every hour." }),
  record("ana_4", "2026-01-01T09:00:00.000Z", { textContent: "Another page, not compared." }),
];

const compared = (fields: Partial<LibraryComparison> = {}): LibraryComparison => ({
  jobId: "job_compare",
  title: "Compare: 3 pages",
  line: "Done · 3 of 3 pages answered",
  prompt: "Price?",
  time: Date.parse("2026-01-01T10:05:00.000Z"),
  credits: 6,
  hasSchema: true,
  analysisIds: ["ana_1", "ana_2", "ana_3"],
  ...fields,
});

async function library() {
  const { entries, index } = await cachedLibrary(records);
  return { entries: [...entries].sort(compareEntries), index };
}

describe("a comparison in the library", () => {
  it("is one row, in its place by time, and none of its pages has a row of its own", async () => {
    const { entries } = await library();
    const rows = oneRowPerComparison(entries, [compared()], true);
    expect(rows.map((row) => row.analysisId)).toEqual(["job_compare", "ana_4"]);
    const [row] = rows;
    expect(row && isComparisonEntry(row)).toBe(true);
    expect(row).toMatchObject({
      title: "Compare: 3 pages",
      costCredits: 6,
      firstLine: "Done · 3 of 3 pages answered",
    });

    const earlier = compared({ time: Date.parse("2026-01-01T08:00:00.000Z") });
    expect(oneRowPerComparison(entries, [earlier], true).map((each) => each.analysisId)).toEqual([
      "ana_4",
      "job_compare",
    ]);
  });

  it("is found by a word of any of its pages, and shown once; a search that misses them leaves it out", async () => {
    const { entries, index } = await library();
    const search = createLibrarySearch(entries, index);
    for (const query of ["412", "ferry", "hour"]) {
      expect(
        oneRowPerComparison(search.search(query), [compared()], false).map((row) => row.analysisId),
      ).toEqual(["job_compare"]);
    }
    expect(
      oneRowPerComparison(search.search("another"), [compared()], false).map((row) => row.analysisId),
    ).toEqual(["ana_4"]);
  });

  it("has its row before any page is answered, and takes no other row's place with threads about", async () => {
    const { entries } = await library();
    const waiting = compared({
      jobId: "job_new",
      analysisIds: [],
      time: Date.parse("2026-01-02T00:00:00.000Z"),
    });
    const rows = oneRowPerComparison(
      oneRowPerThread(entries, threadGroups(entries)),
      [waiting, compared()],
      true,
    );
    expect(rows.map((row) => row.analysisId)).toEqual(["job_new", "job_compare", "ana_4"]);
    expect(oneRowPerComparison(entries, [waiting], false)).toBe(entries);
    expect(oneRowPerComparison(entries, [], true)).toBe(entries);
    expect(idsOfRow(rows[2] ?? (undefined as never))).toEqual(["ana_4"]);
  });
});

describe("a comparison's jobs", () => {
  const base = job("job_c", {
    comparison: {},
    costCredits: 60,
    createdAt: 10,
    updatedAt: 20,
    analysisIds: ["ana_1"],
  });
  const retry = job("job_r", {
    retryOf: { jobId: "job_c", link: "https://a.example/" },
    costCredits: 2,
    createdAt: 30,
    updatedAt: 40,
    analysisIds: ["ana_2"],
  });
  const other = job("job_o", { comparison: {}, createdAt: 50, updatedAt: 50 });
  const plain = job("job_p", { source: "popup", costCredits: 1 });

  it("groups each comparison with its pages' retries, newest first; plain jobs are none", () => {
    const groups = groupComparisonJobs([retry, plain, base, other]);
    expect(groups.map((group) => [group.job.id, group.retries.map((each) => each.id)])).toEqual([
      ["job_o", []],
      ["job_c", ["job_r"]],
    ]);
  });

  it("counts a retry's credits and its last change", () => {
    const [, group] = groupComparisonJobs([base, retry, other]);
    expect(group && comparisonCredits(group)).toBe(62);
    expect(group && comparisonUpdatedAt(group)).toBe(40);
    expect(comparisonCredits({ job: base, retries: [] })).toBe(60);
  });

  it("names the job that waits to be tried again, and whether any of them still runs", () => {
    const error = { status: 429, code: "rate_limited", message: "slow down" };
    const waitingRetry = { ...retry, status: "queued" as const, retryAt: 99, error };
    expect(waitingJobOf({ job: base, retries: [waitingRetry] })).toBe(waitingRetry);
    expect(waitingJobOf({ job: base, retries: [retry] })).toBeUndefined();
    expect(waitingJobOf({ job: { ...base, status: "queued" }, retries: [] })).toBeUndefined();
    expect(comparisonActive({ job: base, retries: [waitingRetry] })).toBe(true);
    expect(comparisonActive({ job: base, retries: [retry] })).toBe(false);
  });
});
