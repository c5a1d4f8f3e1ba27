import { describe, expect, it } from "vitest";
import { analysisRows, pageGroupRows } from "../../lib/library/page-groups";
import { usageTotals } from "../../lib/library/usage-totals";
import { cachedLibrary, record } from "./library-fixtures";

describe("grouping analyses of the same page", () => {
  it("puts a page's analyses under one header, pages in order of their newest analysis", async () => {
    const entries = (
      await cachedLibrary([
        record("a1", "2026-03-01T10:00:00.000Z", { url: "https://bees.example/hive" }),
        record("a2", "2026-03-02T10:00:00.000Z", { url: "https://coffee.example/roast" }),
        record("a3", "2026-03-03T10:00:00.000Z", { url: "https://BEES.example/hive#top", title: "Hive" }),
        record("a4", "2026-03-04T10:00:00.000Z", { url: "https://sea.example/light" }),
      ])
    ).entries;
    const grouped = pageGroupRows(entries);
    const rows = Array.from({ length: grouped.length }, (_, index) => grouped.at(index)).map((row) =>
      row?.kind === "page"
        ? `page ${row.title} ×${row.count}`
        : `${row?.entry.analysisId}${row?.grouped ? " (grouped)" : ""}`,
    );
    expect(rows).toEqual(["a4", "page Hive ×2", "a3 (grouped)", "a1 (grouped)", "a2"]);
    const flat = analysisRows(entries);
    expect(Array.from({ length: flat.length }, (_, index) => flat.at(index)?.key)).toEqual([
      "a4",
      "a3",
      "a2",
      "a1",
    ]);
    expect(flat.at(4)).toBeUndefined();
    expect([0, 1, 2, 3, 4].map((index) => grouped.isPageAt(index))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(grouped.keyAt(1)).toBe(grouped.at(1)?.key);
  });
});

describe("usage totals", () => {
  it("sums credits and requests of today, this week (from Monday) and this month, in local time", () => {
    const now = new Date(2026, 4, 15, 12).getTime();
    const at = (month: number, day: number, hour: number) => new Date(2026, month - 1, day, hour).getTime();
    const row = (usageId: string, createdAt: number, costCredits: number) => ({
      usageId,
      createdAt,
      costCredits,
      links: [],
    });
    const totals = usageTotals(
      [
        row("u1", at(5, 15, 0), 2),
        row("u2", at(5, 15, 23), 3),
        row("u3", at(5, 14, 23), 5),
        row("u4", at(5, 1, 0), 7),
        row("u5", at(4, 30, 23), 11),
        row("u6", at(6, 1, 0), 13),
      ],
      now,
    );
    expect(totals).toEqual({
      today: { credits: 5, requests: 2 },
      week: { credits: 10, requests: 3 },
      month: { credits: 17, requests: 4 },
    });
  });
});
