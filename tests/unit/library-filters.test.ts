import { describe, expect, it } from "vitest";
import {
  applyFilters,
  hasActiveFilters,
  type LibraryFilters,
  metadataKeys,
  NO_FILTERS,
  siteCounts,
} from "../../lib/library/library-filters";
import { cachedLibrary, record } from "./library-fixtures";

/** Local-time ISO strings, so the date range (local days) is tested in whatever zone the test runs. */
const localIso = (year: number, month: number, day: number, hour: number) =>
  new Date(year, month - 1, day, hour).toISOString();

async function entries() {
  return (
    await cachedLibrary([
      record("a1", localIso(2026, 3, 1, 0), {
        url: "https://bees.example/one",
        jsonContent: { topic: "bees" },
        metadata: { project: "Apiary", priority: 3 },
      }),
      record("a2", localIso(2026, 3, 1, 23), {
        url: "https://www.bees.example/two",
        metadata: { project: "Cafe", reviewed: true, note: null },
      }),
      record("a3", localIso(2026, 3, 2, 12), { url: "https://coffee.example/three", jsonContent: {} }),
      record("a4", localIso(2026, 3, 5, 8), {
        url: "https://coffee.example/four",
        metadata: { priority: 30 },
      }),
    ])
  ).entries;
}

async function filtered(change: Partial<LibraryFilters>): Promise<string[]> {
  return applyFilters(await entries(), { ...NO_FILTERS, ...change }).map((entry) => entry.analysisId);
}

describe("library filters", () => {
  it("by site (www. is the same site)", async () => {
    expect(await filtered({ site: "bees.example" })).toEqual(["a2", "a1"]);
    expect(await filtered({ site: "coffee.example" })).toEqual(["a4", "a3"]);
  });

  it("by date range, inclusive local days, either bound alone", async () => {
    expect(await filtered({ from: "2026-03-01", to: "2026-03-01" })).toEqual(["a2", "a1"]);
    expect(await filtered({ from: "2026-03-02" })).toEqual(["a4", "a3"]);
    expect(await filtered({ to: "2026-03-02" })).toEqual(["a3", "a2", "a1"]);
    expect(await filtered({ from: "2026-03-03", to: "2026-03-04" })).toEqual([]);
  });

  it("by jsonContent (an empty object is none)", async () => {
    expect(await filtered({ json: "with" })).toEqual(["a1"]);
    expect(await filtered({ json: "without" })).toEqual(["a4", "a3", "a2"]);
  });

  it("by metadata key = value, compared as text; a key alone matches any value", async () => {
    expect(await filtered({ metadataKey: "project", metadataValue: "Cafe" })).toEqual(["a2"]);
    expect(await filtered({ metadataKey: "priority", metadataValue: "3" })).toEqual(["a1"]);
    expect(await filtered({ metadataKey: "reviewed", metadataValue: "true" })).toEqual(["a2"]);
    expect(await filtered({ metadataKey: "note", metadataValue: "null" })).toEqual(["a2"]);
    expect(await filtered({ metadataKey: "priority" })).toEqual(["a4", "a1"]);
    expect(await filtered({ metadataKey: "project", metadataValue: "cafe" })).toEqual([]);
  });

  it("together: every filter must match", async () => {
    expect(await filtered({ site: "bees.example", json: "with", metadataKey: "project" })).toEqual(["a1"]);
  });

  it("lists sites by count and metadata keys, and knows when none is active", async () => {
    const all = await entries();
    expect(siteCounts(all)).toEqual([
      { site: "bees.example", count: 2 },
      { site: "coffee.example", count: 2 },
    ]);
    expect(metadataKeys(all)).toEqual(["note", "priority", "project", "reviewed"]);
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, json: "with" })).toBe(true);
  });
});
