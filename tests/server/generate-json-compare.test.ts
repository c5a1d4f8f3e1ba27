/**
 * The comparison fixture's "Articles" schema (tests/fixtures/compare-schema.ts, shown in docs/compare-*.png)
 * filled from each `/many/N.html` page: the article's own number, its city, its date and its topics, as the
 * page states them (issue 42: the number was 1 and the city a sentence).
 */
import { describe, expect, it } from "vitest";
import { createExtractiveGenerator } from "../../server/generate/extractive";
import { extractPage } from "../../server/pages/extract-page";
import { COMPARE_SCHEMA } from "../fixtures/compare-schema";
import { manyPageHtml } from "../fixtures/many-pages";

const generator = createExtractiveGenerator();
const CITY_OF = new Map([
  [2, "Tromsø"],
  [5, "Hobart"],
  [9, "Tromsø"],
  [14, "Montréal"],
  [31, "Valparaíso"],
]);

describe("the comparison fixture's schema", () => {
  it.each([...CITY_OF])("gets article %i's number, city, date and topics", async (n, city) => {
    const page = extractPage({
      url: `https://localhost/many/${n}.html`,
      contentType: "text/html",
      body: manyPageHtml(n),
    });
    const value = (await generator.generateJson({
      prompt: "Compare these articles",
      temperature: 0,
      page,
      schema: COMPARE_SCHEMA,
    })) as { number: number; city: string; published: string; topics: string[] };
    expect(value.number).toBe(n);
    expect(value.city).toBe(city);
    const published = /article:published_time" content="(\d{4}-\d{2}-\d{2})/.exec(manyPageHtml(n))?.[1];
    expect(value.published).toBe(published);
    expect(value.topics.length).toBeGreaterThan(0);
    // Each topic is a word of the page, never a sentence.
    for (const topic of value.topics) {
      expect(topic).not.toMatch(/\s\S+\s/);
      expect(page.analysis.text.toLowerCase()).toContain(topic.toLowerCase());
    }
  });
});
