/**
 * `extractPage` on real article pages with known metadata (Readability's test pages, ../shared/testdata/
 * article-pages): titles, authors and dates right on nearly all of them, and the main text Readability
 * expects, less the boilerplate the article benchmark marks as not the article. `npm run bench:extraction`
 * prints the same figures next to jsdom + Readability's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  ARTICLE_PAGES_DIR,
  type CorpusSummary,
  extractWithOurs,
  loadArticlePages,
  type PageScore,
  scorePage,
  share,
  summarize,
} from "../fixtures/article-corpus";

let scores: PageScore[];
let summary: CorpusSummary;

beforeAll(() => {
  const pages = loadArticlePages();
  scores = pages.map((page) => scorePage(page, extractWithOurs(page.html)));
  summary = summarize(scores);
});

const missed = (field: "title" | "author" | "date") =>
  scores.filter((score) => score[field] === false).map((score) => score.name);

describe.skipIf(!ARTICLE_PAGES_DIR)("extractPage on real article pages", () => {
  it("covers a few dozen pages, most with an author, some with a date", () => {
    expect(scores.length).toBeGreaterThanOrEqual(50);
    expect(summary.author.of).toBeGreaterThanOrEqual(35);
    expect(summary.date.of).toBeGreaterThanOrEqual(15);
  });

  it("gets the title right on at least 94% of the pages", () => {
    expect(share(summary.title), `missed: ${missed("title").join(", ")}`).toBeGreaterThanOrEqual(0.94);
  });

  // At least 39 of 41. The two misses are Readability's: the byline it expects on herald-sun-1 and on
  // liberation-1 is a related story's (the page declares Laurie Oakes; liberation-1's related box goes
  // before Readability, which then reads "AFP", the article's own).
  it("gets the author right on at least 95% of the pages that name one", () => {
    expect(share(summary.author), `missed: ${missed("author").join(", ")}`).toBeGreaterThanOrEqual(0.95);
  });

  it("gets the publication date right on at least 94% of the pages that give one", () => {
    expect(share(summary.date), `missed: ${missed("date").join(", ")}`).toBeGreaterThanOrEqual(0.94);
  });

  // Readability's expected text keeps captions, photo credits, the header above the story (standfirst,
  // byline, date) and the writer's note; the article benchmark (bench:extraction) marks none of them as the
  // article, and it wins: ours leaves them out, so it scores about 0.99 here, not 0.999, and ehow-1 (a
  // caption under each of its pictures) about 0.91. The floors stay.
  it("finds the article's text: token F1 at least 0.98 on average and 0.9 on every page", () => {
    expect(summary.textF1).toBeGreaterThanOrEqual(0.98);
    const poor = scores.filter((score) => score.textF1 < 0.9).map((score) => score.name);
    expect(poor).toEqual([]);
  });
});
