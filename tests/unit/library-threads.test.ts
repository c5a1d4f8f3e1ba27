import { describe, expect, it } from "vitest";
import { compareEntries } from "../../lib/library/library-entry";
import { createLibrarySearch } from "../../lib/library/library-search";
import { idsOfRow, oneRowPerThread, threadGroups } from "../../lib/library/thread-entries";
import { QUESTION_KEY, THREAD_KEY } from "../../lib/thread/thread-metadata";
import { newestTurnOfEachThread } from "../../lib/thread/thread-turns";
import { cachedLibrary, record } from "./library-fixtures";

const page = "https://example.com/tram";
const turn = (id: string, at: string, question: string, answer: string) =>
  record(id, at, {
    url: page,
    textContent: answer,
    metadata: { topic: "trams", [THREAD_KEY]: "ana_1", [QUESTION_KEY]: question },
  });

const records = [
  record("ana_1", "2026-01-01T10:00:00.000Z", { url: page, textContent: "The tram line **opened**." }),
  turn("ana_2", "2026-01-01T10:01:00.000Z", "How much did it cost?", "It cost 412 million pounds."),
  turn("ana_3", "2026-01-01T10:02:00.000Z", "Who paid for it?", "The council paid most of it."),
  record("ana_4", "2026-01-01T09:00:00.000Z", { textContent: "Another page." }),
];

async function library() {
  const { entries, index } = await cachedLibrary(records);
  const sorted = [...entries].sort(compareEntries);
  return { entries: sorted, index, groups: threadGroups(sorted) };
}

describe("threads in the library", () => {
  it("shows a thread as one row: its first turn, the newest answer's start, every turn behind it", async () => {
    const { entries, groups } = await library();
    const rows = oneRowPerThread(entries, groups);
    expect(rows.map((row) => row.analysisId)).toEqual(["ana_1", "ana_4"]);
    const thread = rows[0];
    expect(thread?.firstLine).toBe("The council paid most of it.");
    expect(thread?.time).toBe(Date.parse("2026-01-01T10:02:00.000Z"));
    expect(idsOfRow(thread ?? (undefined as never))).toEqual(["ana_1", "ana_2", "ana_3"]);
    expect(idsOfRow(rows[1] ?? (undefined as never))).toEqual(["ana_4"]);
  });

  it("finds a thread by any of its turns, its questions included, and shows it once", async () => {
    const { entries, index, groups } = await library();
    const search = createLibrarySearch(entries, index);
    for (const query of ["412", "paid", "opened", "cost?"]) {
      expect(oneRowPerThread(search.search(query), groups).map((row) => row.analysisId)).toEqual(["ana_1"]);
    }
    expect(oneRowPerThread(search.search("another"), groups).map((row) => row.analysisId)).toEqual(["ana_4"]);
  });

  it("keeps a thread whose first turn this browser does not hold as one row of its follow-ups", async () => {
    const { entries } = await library();
    const withoutRoot = entries.filter((entry) => entry.analysisId !== "ana_1");
    const rows = oneRowPerThread(withoutRoot, threadGroups(withoutRoot));
    expect(rows.map((row) => idsOfRow(row))).toEqual([["ana_2", "ana_3"], ["ana_4"]]);
  });
});

describe("a page's analyses in the popup", () => {
  // as the popup reads them: ana_3, ana_2, ana_1, ana_4
  const newestFirst = [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  it("counts a thread once, as its newest turn", () => {
    expect(newestTurnOfEachThread(newestFirst).map((row) => row.analysisId)).toEqual(["ana_3", "ana_4"]);
  });

  it("leaves out the whole thread of an analysis shown elsewhere", () => {
    expect(newestTurnOfEachThread(newestFirst, ["ana_2"]).map((row) => row.analysisId)).toEqual(["ana_4"]);
    expect(newestTurnOfEachThread(newestFirst, ["ana_4"]).map((row) => row.analysisId)).toEqual(["ana_3"]);
    expect(newestTurnOfEachThread(newestFirst, ["ana_1"])).toEqual([newestFirst[3]]);
  });
});
