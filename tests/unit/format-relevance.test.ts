/** One score formatter for the popup, the side panel and exports: a fraction, a percentage, or the number. */
import { describe, expect, it } from "vitest";
import { exportCsv } from "../../lib/export/export-csv";
import { exportMarkdown } from "../../lib/export/export-markdown";
import { formatRelevance, relevancePercent } from "../../lib/format/relevance";
import { cachedRow } from "./helpers/cached-rows";

const percent = (value: number) =>
  new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 0 }).format(value);

describe("relevancePercent", () => {
  it("reads a score in [0, 1] as a fraction", () => {
    expect(relevancePercent(0)).toBe(0);
    expect(relevancePercent(0.615)).toBeCloseTo(61.5);
    expect(relevancePercent(1)).toBe(100);
  });

  it("reads a score above 1 and up to 100 as a percentage already", () => {
    expect(relevancePercent(62)).toBe(62);
    expect(relevancePercent(1.5)).toBe(1.5);
    expect(relevancePercent(100)).toBe(100);
  });

  it("knows no scale for anything else", () => {
    for (const score of [-0.1, 100.5, 1e6, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(relevancePercent(score)).toBeUndefined();
    }
  });
});

describe("formatRelevance", () => {
  it("writes 0.62 and 62 alike, as the locale writes 62%", () => {
    expect(formatRelevance(0.62)).toBe(percent(0.62));
    expect(formatRelevance(62)).toBe(percent(0.62));
    expect(formatRelevance(0.62)).toMatch(/62/);
    expect(formatRelevance(1)).toBe(percent(1));
    expect(formatRelevance(100)).toBe(percent(1));
    expect(formatRelevance(0)).toBe(percent(0));
  });

  it("shows a score on no known scale as the number, never as a percentage", () => {
    expect(formatRelevance(150)).toBe(new Intl.NumberFormat().format(150));
    expect(formatRelevance(-3)).toBe(new Intl.NumberFormat().format(-3));
    expect(formatRelevance(150)).not.toMatch(/%/);
    expect(formatRelevance(Number.NaN)).toBe("NaN");
  });
});

describe("the exports", () => {
  const scored = (score: number | undefined) => cachedRow({ analysis: { title: "A story", score } });

  it("write the score as the CSV's relevancePercent, 62 for 0.62 and for 62, empty off any scale", () => {
    const csv = exportCsv([scored(0.62), scored(62), scored(150), scored(undefined)]);
    const [header, ...rows] = csv
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(","));
    const column = header?.indexOf('"relevancePercent"') ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(rows.map((row) => row[column])).toEqual(["62", "62", "", ""]);
    // The raw score stays beside it, as the service sent it.
    expect(rows.map((row) => row[(header?.indexOf('"score"') ?? -1) as number])).toEqual([
      "0.62",
      "62",
      "150",
      "",
    ]);
  });

  it("name it Relevance in Markdown, formatted as in the popup", () => {
    expect(exportMarkdown([scored(0.62)], { now: 0 })).toContain(`- Relevance: ${formatRelevance(0.62)}\n`);
    expect(exportMarkdown([scored(62)], { now: 0 })).toContain(`- Relevance: ${formatRelevance(0.62)}\n`);
    expect(exportMarkdown([scored(undefined)], { now: 0 })).not.toContain("Relevance");
  });
});
