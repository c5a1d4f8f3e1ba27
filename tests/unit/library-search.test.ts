import { describe, expect, it } from "vitest";
import type { AnalysisRecord } from "../../lib/api/contract";
import { createLibrarySearch } from "../../lib/library/library-search";
import { searchTerms } from "../../lib/library/search-text";
import { cachedLibrary, record } from "./library-fixtures";

const ids = (entries: readonly { analysisId: string }[]) => entries.map((entry) => entry.analysisId);

/** Words past the first 2,000 characters (the old search's cap on page text, 1,000 on textContent). */
const LONG_TEXT = `${"filler ".repeat(2_000)}beyondthecap`;

function sampleRecords(): AnalysisRecord[] {
  return [
    record("a1", "2026-03-01T10:00:00.000Z", {
      title: "Urban Beekeeping on Rooftops",
      url: "https://bees.example/rooftop",
      text: "A single hive can hold 50,000 worker bees.",
      textContent: "Summary about honey.",
      metadata: { project: "Apiary", priority: 3 },
    }),
    record("a2", "2026-03-03T10:00:00.000Z", {
      title: "Coffee roasting",
      url: "https://coffee.example/roast",
      text: "The first crack marks a light roast.",
      jsonContent: { verdict: { grade: "Superb", notes: ["chocolate", 42] } },
      metadata: { project: "Cafe", reviewed: true },
    }),
    record("a3", "2026-03-02T10:00:00.000Z", {
      title: "Lighthouse restoration",
      url: "https://sea.example/light",
      text: LONG_TEXT,
      textContent: `Fresnel lenses and HONEY-coloured glass. ${"more ".repeat(1_000)}resultword`,
    }),
  ];
}

async function sampleSearch() {
  const { entries, index } = await cachedLibrary(sampleRecords());
  return { entries, index, search: createLibrarySearch(entries, index) };
}

describe("library entries", () => {
  it("are newest first by createdAt", async () => {
    expect(ids((await sampleSearch()).entries)).toEqual(["a2", "a3", "a1"]);
  });
});

describe("library search", () => {
  it("matches title, URL, page text, result and metadata values, case-insensitively", async () => {
    const { search } = await sampleSearch();
    expect(ids(search.search("BEEKEEPING"))).toEqual(["a1"]); // title
    expect(ids(search.search("coffee.example/roast"))).toEqual(["a2"]); // URL
    expect(ids(search.search("worker bees"))).toEqual(["a1"]); // page text, two terms
    expect(ids(search.search("honey"))).toEqual(["a3", "a1"]); // textContent of both
    expect(ids(search.search("superb chocolate"))).toEqual(["a2"]); // values inside jsonContent
    expect(ids(search.search("apiary"))).toEqual(["a1"]); // a metadata value
    expect(ids(search.search("true"))).toEqual(["a2"]); // a boolean metadata value as text
  });

  it("finds words anywhere in a word, punctuation included, as a substring", async () => {
    const { search } = await sampleSearch();
    expect(ids(search.search("keep"))).toEqual(["a1"]);
    expect(ids(search.search("ffee.exa"))).toEqual(["a2"]);
    expect(ids(search.search("50,000"))).toEqual(["a1"]);
    expect(ids(search.search("honey-col"))).toEqual(["a3"]);
  });

  it("needs every term, and an empty query is everything", async () => {
    const { entries, search } = await sampleSearch();
    expect(ids(search.search("honey fresnel"))).toEqual(["a3"]);
    expect(ids(search.search("honey coffee"))).toEqual([]);
    expect(search.search("   ")).toBe(entries);
  });

  it("searches the whole page text and result, past their first 2,000 characters", async () => {
    const { search } = await sampleSearch();
    expect(ids(search.search("beyondthecap"))).toEqual(["a3"]);
    expect(ids(search.search("resultword"))).toEqual(["a3"]);
  });

  it("gives the same answers typed keystroke by keystroke, forwards and back, as from scratch", async () => {
    const { entries, index } = await sampleSearch();
    const typing = createLibrarySearch(entries, index);
    const query = "ro light";
    const steps = [...query].map((_, index) => query.slice(0, index + 1));
    for (const step of [...steps, ...steps.reverse()]) {
      expect(ids(typing.search(step)), step).toEqual(ids(createLibrarySearch(entries, index).search(step)));
    }
  });

  it("finds nothing until the index is there", async () => {
    const { entries } = await sampleSearch();
    const search = createLibrarySearch(entries, undefined);
    expect(ids(search.search("honey"))).toEqual([]);
    expect(search.search("")).toBe(entries);
  });

  it("reads a query as lower-cased terms split on whitespace", () => {
    expect(searchTerms("  Honey\tBEE\nhive ")).toEqual(["honey", "bee", "hive"]);
  });
});
