import { describe, expect, it } from "vitest";
import { buildLibraryEntries, TEXT_CAPS } from "../../lib/library/library-entry";
import { createLibrarySearch, narrows, searchTerms } from "../../lib/library/library-search";
import { cachedRows, record } from "./library-fixtures";

const ids = (entries: readonly { analysisId: string }[]) => entries.map((entry) => entry.analysisId);

async function sampleEntries() {
  return buildLibraryEntries(
    await cachedRows([
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
        metadata: { project: "Cafe", reviewed: true },
      }),
      record("a3", "2026-03-02T10:00:00.000Z", {
        title: "Lighthouse restoration",
        url: "https://sea.example/light",
        text: `${"x".repeat(TEXT_CAPS.pageText)} beyondthecap`,
        textContent: "Fresnel lenses and HONEY-coloured glass.",
      }),
    ]),
  );
}

describe("library entries", () => {
  it("are newest first by createdAt", async () => {
    expect(ids(await sampleEntries())).toEqual(["a2", "a3", "a1"]);
  });
});

describe("library search", () => {
  it("matches title, URL, page text, textContent and metadata values, case-insensitively", async () => {
    const search = createLibrarySearch(await sampleEntries());
    expect(ids(search.search("BEEKEEPING"))).toEqual(["a1"]); // title
    expect(ids(search.search("coffee.example/roast"))).toEqual(["a2"]); // URL
    expect(ids(search.search("worker bees"))).toEqual(["a1"]); // page text, two terms
    expect(ids(search.search("honey"))).toEqual(["a3", "a1"]); // textContent of both
    expect(ids(search.search("apiary"))).toEqual(["a1"]); // a metadata value
    expect(ids(search.search("true"))).toEqual(["a2"]); // a boolean metadata value as text
  });

  it("needs every term, and an empty query is everything", async () => {
    const entries = await sampleEntries();
    const search = createLibrarySearch(entries);
    expect(ids(search.search("honey fresnel"))).toEqual(["a3"]);
    expect(ids(search.search("honey coffee"))).toEqual([]);
    expect(search.search("   ")).toBe(entries);
  });

  it("does not search page text past its cap", async () => {
    const search = createLibrarySearch(await sampleEntries());
    expect(ids(search.search("beyondthecap"))).toEqual([]);
  });

  it("gives the same answers typed keystroke by keystroke, forwards and back, as from scratch", async () => {
    const entries = await sampleEntries();
    const typing = createLibrarySearch(entries);
    const query = "ro light";
    const steps = [...query].map((_, index) => query.slice(0, index + 1));
    for (const step of [...steps, ...steps.reverse()]) {
      expect(ids(typing.search(step)), step).toEqual(ids(createLibrarySearch(entries).search(step)));
    }
  });

  it("narrows only when each earlier term is inside a new one", () => {
    expect(narrows(searchTerms("ho"), searchTerms("hon"))).toBe(true);
    expect(narrows(searchTerms("honey"), searchTerms("honey bee"))).toBe(true);
    expect(narrows(searchTerms("honey bee"), searchTerms("honey"))).toBe(false);
    expect(narrows(searchTerms("hon"), searchTerms("ho"))).toBe(false);
  });
});
