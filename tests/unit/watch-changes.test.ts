/**
 * What a watch reports between two runs (lib/watch/answer-changes.ts) and when it runs and what it may
 * cost (lib/watch/watch-schedule.ts).
 */
import { describe, expect, it } from "vitest";
import type { CachedAnalysis, WatchRunRow } from "../../lib/db/schema";
import { answerChanges, fieldChanges, sentenceChanges } from "../../lib/watch/answer-changes";
import { changedCells, changeTimes } from "../../lib/watch/changed-cells";
import { compareRun } from "../../lib/watch/watch-run-changes";
import {
  fitsBudget,
  INTERVAL_MS,
  nextRunAt,
  spentThisWeek,
  WEEK_MS,
  weeklyCredits,
} from "../../lib/watch/watch-schedule";
import { jobRow } from "./helpers/job-rows";

describe("answerChanges", () => {
  it("names the sentences added and removed, in their order, not those only spaced or cased anew", () => {
    const before = "The tram opens in May. Tickets cost 2 euros. The line has 12 stops.";
    const after =
      "The tram opens in June.  TICKETS cost 2 euros! The line has 12 stops. A night service runs.";
    expect(sentenceChanges(before, after)).toEqual({
      added: ["The tram opens in June.", "A night service runs."],
      removed: ["The tram opens in May."],
    });
  });

  it("reads sentences in Markdown as a reader sees them (bullets off)", () => {
    expect(sentenceChanges("- Price: 10 euros\n- In stock", "- Price: 12 euros\n- In stock")).toEqual({
      added: ["Price: 12 euros"],
      removed: ["Price: 10 euros"],
    });
  });

  it("with a schema, is a change only when a value changed: a reworded text is not", () => {
    const before = { textContent: "It costs 10 euros.", jsonContent: { price: 10, name: "Kettle" } };
    const reworded = { textContent: "The price is 10 euros.", jsonContent: { name: "Kettle", price: 10 } };
    expect(answerChanges(before, reworded)).toMatchObject({ changed: false, fields: [] });
    const dearer = { textContent: "It costs 12 euros.", jsonContent: { price: 12, name: "Kettle" } };
    expect(answerChanges(before, dearer)).toMatchObject({
      changed: true,
      fields: [{ path: "/price", before: 10, after: 12 }],
    });
  });

  it("follows nested objects by path, and compares lists as whole values", () => {
    expect(
      fieldChanges(
        { offer: { price: 10, "a/b": 1 }, tags: ["a", "b"], gone: true },
        { offer: { price: 10, "a/b": 2 }, tags: ["b", "a"], added: "x" },
      ),
    ).toEqual([
      { path: "/offer/a~1b", before: 1, after: 2 },
      { path: "/tags", before: ["a", "b"], after: ["b", "a"] },
      { path: "/gone", before: true, after: undefined },
      { path: "/added", before: undefined, after: "x" },
    ]);
  });

  it("tells the page's own text changing apart from the answer's", () => {
    const answer = "The museum opens at 10.";
    const changes = answerChanges(
      { textContent: answer, pageText: "The museum opens at 10. A banner about the shop." },
      { textContent: answer, pageText: "The museum opens at 10. A banner about the café." },
    );
    expect(changes).toMatchObject({ changed: false, added: [], removed: [], pageChanged: true });
  });
});

describe("watch schedule", () => {
  const created = Date.parse("2026-11-01T09:00:00Z");

  it("is due an interval after it was made, then an interval after each run", () => {
    expect(nextRunAt({ interval: "day", createdAt: created })).toBe(created + INTERVAL_MS.day);
    const ranAt = created + 3 * INTERVAL_MS.day + 5000;
    expect(nextRunAt({ interval: "hour", createdAt: created, lastRunAt: ranAt })).toBe(
      ranAt + INTERVAL_MS.hour,
    );
  });

  it("counts a week's credits for each interval", () => {
    expect(weeklyCredits("hour", 1, 1)).toBe(168);
    expect(weeklyCredits("day", 20, 2)).toBe(280);
    expect(weeklyCredits("week", 3, 1.5)).toBe(5);
  });

  it("keeps a run within the week's budget, counting only the last seven days", () => {
    const now = created + 30 * INTERVAL_MS.day;
    const runs = [
      { startedAt: now - WEEK_MS - 1, costCredits: 50 },
      { startedAt: now - WEEK_MS + 1, costCredits: 4 },
      { startedAt: now - 1000, costCredits: 3 },
    ];
    expect(spentThisWeek(runs, now)).toBe(7);
    expect(fitsBudget(10, 7, 3)).toBe(true);
    expect(fitsBudget(10, 7, 4)).toBe(false);
  });
});

describe("compareRun", () => {
  const record = (analysisId: string, jsonContent: Record<string, unknown>, text = "A page.") =>
    ({
      analysisId,
      jsonContent,
      textContent: "",
      analysis: { text, title: `Title ${analysisId}` },
    }) as unknown as CachedAnalysis;

  it("keeps the last answer of a page that answered the same, and names what changed of the others", () => {
    const job = jobRow("run", "done", {
      request: {
        links: ["https://a.example/", "https://b.example/", "https://c.example/"],
        prompt: "Price?",
      },
      chunks: [["https://a.example/", "https://b.example/", "https://c.example/"]],
      chunksDone: 1,
      analysisIds: ["a2", "b2"],
      failures: [{ link: "https://c.example/", code: "fetch_failed", message: "could not be fetched" }],
    });
    const records = new Map(
      [
        record("a1", { price: 10 }),
        record("a2", { price: 10 }),
        record("b1", { price: 5 }),
        record("b2", { price: 6 }),
      ].map((each) => [each.analysisId, each]),
    );
    const latest = { "https://a.example/": "a1", "https://b.example/": "b1", "https://c.example/": "c1" };
    const found = compareRun(job, latest, records);
    expect(found.changed).toBe(1);
    expect(found.repeats).toEqual(["a2"]);
    // A page that failed keeps its last answer.
    expect(found.latest).toEqual({ ...latest, "https://b.example/": "b2" });
    expect(found.pages).toEqual([
      expect.objectContaining({
        link: "https://b.example/",
        title: "Title b2",
        beforeId: "b1",
        afterId: "b2",
        fields: [{ path: "/price", before: 5, after: 6 }],
        pageChanged: false,
      }),
    ]);
  });
});

describe("changedCells", () => {
  const run = (startedAt: number, pages: WatchRunRow["pages"], status: WatchRunRow["status"] = "done") =>
    ({
      id: `r${startedAt}`,
      watchId: "w",
      startedAt,
      status,
      costCredits: 2,
      pages,
      changed: pages.length,
    }) as WatchRunRow;
  const page = (link: string, fields: { path: string; before: unknown; after: unknown }[]) => ({
    link,
    title: link,
    beforeId: "x",
    afterId: "y",
    changed: true,
    added: [],
    removed: [],
    fields,
    pageChanged: false,
  });

  it("marks the last run's cells by default, every run's since a time, with the value they had then", () => {
    const runs = [
      run(1, [page("a", [{ path: "/price", before: 10, after: 12 }])]),
      run(2, [
        page("a", [{ path: "/price", before: 12, after: 15 }]),
        page("b", [{ path: "/offers/0/price", before: 1, after: 2 }]),
      ]),
      run(3, [], "failed"),
    ];
    expect(changeTimes(runs)).toEqual([2, 1]);
    // The newest run that finished (a failed one changed nothing); a deep change marks its column.
    expect(changedCells([...runs, run(4, [])])).toEqual(new Map());
    expect(changedCells(runs)).toEqual(
      new Map<string, Map<string, unknown>>([
        ["a", new Map([["price", 12]])],
        ["b", new Map([["offers", undefined]])],
      ]),
    );
    expect(changedCells(runs, 1).get("a")).toEqual(new Map([["price", 10]]));
    expect(changedCells(runs, 3)).toEqual(new Map());
  });
});
