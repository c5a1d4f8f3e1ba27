/**
 * A thread as the pages show it (issue 44): its total cost beside a turn's, the related list without its
 * own turns, its keys never listed raw (Markdown export, conflicts, the library's key suggestions).
 */
import { describe, expect, it } from "vitest";
import { differingFields } from "../../lib/editing/conflict-fields";
import { exportMarkdown } from "../../lib/export/export-markdown";
import type { LibraryEntry } from "../../lib/library/library-entry";
import { metadataKeys } from "../../lib/library/library-filters";
import { outsideThread } from "../../lib/thread/outside-thread";
import { threadCredits } from "../../lib/thread/thread-cost";
import { promptOf, QUESTION_KEY, THREAD_KEY } from "../../lib/thread/thread-metadata";
import { cachedRow } from "./helpers/cached-rows";

const followUp = { topic: "trams", [THREAD_KEY]: "ana_1", [QUESTION_KEY]: "When did it open?" };

describe("threadCredits", () => {
  it("adds the turns' credits", () => {
    expect(threadCredits([1, 1, 2, 1])).toBe(5);
    expect(threadCredits([0])).toBe(0);
    expect(threadCredits([])).toBe(0);
  });

  it("knows no total when a turn's cost is not known here", () => {
    expect(threadCredits([1, undefined, 1])).toBeUndefined();
  });
});

describe("outsideThread", () => {
  type Listed = { analysisId: string; metadata?: Record<string, string> };
  const records: Listed[] = [
    { analysisId: "ana_1" },
    { analysisId: "ana_2", metadata: followUp },
    { analysisId: "ana_3" },
    { analysisId: "ana_9", metadata: { [THREAD_KEY]: "ana_8", [QUESTION_KEY]: "Who?" } },
    { analysisId: "ana_5", metadata: { topic: "trams" } },
  ];

  it("leaves out the thread's first turn, its turns the library holds, and those its metadata names", () => {
    // ana_3 is a turn known to the library but listed without metadata (fields chosen).
    expect(outsideThread(records, { threadId: "ana_1", turnIds: ["ana_1", "ana_3"] })).toEqual([
      records[3],
      records[4],
    ]);
  });

  it("keeps every other analysis, another thread's turns included", () => {
    expect(outsideThread(records, { threadId: "ana_7", turnIds: ["ana_7"] })).toEqual(records);
  });
});

describe("promptOf", () => {
  it("is a follow-up's question, else the prompt this browser sent, else unknown", () => {
    expect(promptOf({ metadata: followUp, origin: { prompt: "the whole prompt" } })).toBe(
      "When did it open?",
    );
    expect(promptOf({ origin: { prompt: "Summarize the article" } })).toBe("Summarize the article");
    expect(promptOf({ origin: { prompt: "" } })).toBeUndefined();
    expect(promptOf({ metadata: { topic: "trams" } })).toBeUndefined();
  });
});

describe("a thread's keys are never shown raw", () => {
  it("the Markdown export says a follow-up's question and thread in words, and lists the user's keys only", () => {
    const markdown = exportMarkdown([cachedRow({ analysisId: "ana_2", metadata: followUp })], { now: 0 });
    expect(markdown).not.toContain("linklens.");
    expect(markdown).toContain("- Question: When did it open?\n");
    expect(markdown).toContain("- Follow-up in the thread of: ana\\_1\n");
    expect(markdown).toContain('### Metadata\n\n- topic: `"trams"`');
  });

  it("a first turn's section says nothing of a thread", () => {
    const markdown = exportMarkdown([cachedRow({ metadata: { topic: "trams" } })], { now: 0 });
    expect(markdown).not.toContain("Question:");
    expect(markdown).not.toContain("thread");
  });

  it("a metadata conflict compares the user's keys only", () => {
    const [difference] = differingFields(
      { metadata: { ...followUp, topic: "buses" } },
      { metadata: followUp },
    );
    expect(difference).toEqual({ field: "metadata", mine: 'topic: "buses"', theirs: 'topic: "trams"' });
  });

  it("the library's metadata filter does not suggest the thread's keys", () => {
    const entries = [{ metadata: followUp }, { metadata: { project: "alpha" } }] as unknown as LibraryEntry[];
    expect(metadataKeys(entries)).toEqual(["project", "topic"]);
  });
});
