/**
 * `extractPage` on the news and blog pages authored for this project (tests/fixtures/news-pages): the
 * boilerplate that survives Readability on news sites goes, the article stays. `npm run bench:extraction`
 * prints the same scores beside jsdom + Readability's.
 */
import { describe, expect, it } from "vitest";
import { meanScore, shingleScore } from "../../bench/shingle-f1";
import { extractPage } from "../../server/pages/extract-page";
import { loadNewsPages } from "../fixtures/news-pages";

const scored = loadNewsPages().map((page) => {
  const { analysis } = extractPage({
    url: `https://news.example/${page.name}`,
    contentType: "text/html",
    body: page.html,
  });
  return { name: page.name, score: shingleScore(analysis.text, page.expectedText) };
});

describe("extractPage on the authored news pages", () => {
  it("covers pages in English, French, German and Spanish", () => {
    expect(scored.length).toBeGreaterThanOrEqual(8);
  });

  it("keeps the article: recall at least 0.98 on average and 0.95 on every page", () => {
    expect(meanScore(scored.map((page) => page.score)).recall).toBeGreaterThanOrEqual(0.98);
    expect(scored.filter((page) => page.score.recall < 0.95).map((page) => page.name)).toEqual([]);
  });

  it("leaves the boilerplate out: precision at least 0.98 on average and 0.93 on every page", () => {
    expect(meanScore(scored.map((page) => page.score)).precision).toBeGreaterThanOrEqual(0.98);
    expect(scored.filter((page) => page.score.precision < 0.93).map((page) => page.name)).toEqual([]);
  });
});
