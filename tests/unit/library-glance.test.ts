/** What a library row shows at a glance: the result's first line, the edit states, the preset filter. */
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../lib/db/schema";
import { editStatesOf } from "../../lib/editing/edit-states";
import { firstLineOf, promptLine } from "../../lib/library/first-line";
import type { LibraryEntry } from "../../lib/library/library-entry";
import { applyFilters, NO_FILTERS, NO_PRESET, presetCounts } from "../../lib/library/library-filters";

describe("firstLineOf", () => {
  it("takes the first line that says something, without Markdown marks", () => {
    expect(firstLineOf("\n\n## The **heading**\nthe rest")).toBe("The heading");
    expect(firstLineOf("---\n- a `listed` point\n")).toBe("a listed point");
    expect(firstLineOf("> quoted\n")).toBe("quoted");
    expect(firstLineOf("1. first\n2. second")).toBe("first");
  });

  it("cuts a long line and falls back to the JSON's first value", () => {
    const line = firstLineOf("word ".repeat(100), undefined, 20);
    expect(line.length).toBeLessThanOrEqual(20);
    expect(line.endsWith("…")).toBe(true);
    expect(firstLineOf("", { nested: { empty: "", summary: "From JSON" } })).toBe("From JSON");
    expect(firstLineOf(undefined, undefined)).toBe("");
  });

  it("puts a prompt on one line", () => {
    expect(promptLine("Summarize\n  this page.")).toBe("Summarize this page.");
    expect(promptLine(undefined)).toBe("");
  });
});

describe("editStatesOf", () => {
  const entry = (seq: number, analysisId: string, state: OutboxEntry["state"]): OutboxEntry => ({
    seq,
    analysisId,
    patch: {},
    baseUpdatedAt: "2026-01-01T00:00:00.000Z",
    state,
    createdAt: 1,
    attempts: 0,
    nextAttemptAt: 0,
  });

  it("reads each analysis's chain from its first edit", () => {
    const states = editStatesOf(
      [
        entry(3, "a", "pending"),
        entry(1, "b", "rejected"),
        entry(2, "a", "conflict"),
        entry(4, "b", "pending"),
      ],
      10,
    );
    expect(Object.fromEntries(states)).toEqual({ a: "conflict", b: "rejected" });
    expect(editStatesOf([entry(1, "c", "sending")], 10).get("c")).toBe("saving");
  });
});

describe("preset filter", () => {
  const entries = ["Brief", "Brief", "Deep", undefined].map(
    (presetName, index) =>
      ({
        analysisId: `ana_${index}`,
        docNo: index,
        title: "",
        url: "",
        host: "example.com",
        pageKey: `${index}`,
        time: index,
        hasJson: false,
        metadata: {},
        partial: false,
        pending: false,
        ...(presetName && { presetName }),
      }) satisfies LibraryEntry,
  );

  it("counts the presets and keeps the analyses of one, or of none", () => {
    expect(presetCounts(entries)).toEqual([
      { preset: "Brief", count: 2 },
      { preset: "Deep", count: 1 },
    ]);
    const ids = (preset: string) => applyFilters(entries, { ...NO_FILTERS, preset }).map((e) => e.analysisId);
    expect(ids("Brief")).toEqual(["ana_0", "ana_1"]);
    expect(ids(NO_PRESET)).toEqual(["ana_3"]);
    expect(ids("")).toHaveLength(4);
  });
});
