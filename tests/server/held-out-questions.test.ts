/**
 * The held-out question sets (tests/fixtures/answers/held-out-news-pages.json and
 * held-out-reference-pages.json) stay answerable: every string a good answer contains is in the text our
 * extraction hands the generator (and, on the news pages, in the article a person marked on the page). It
 * checks the questions only, never the generator's answers: reading those would end the sets' use as held
 * out (docs/generation.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  type LoadedQuestion,
  loadHeldOutQuestions,
  loadReferenceQuestions,
  normalized,
} from "../fixtures/answers/question-sets";
import { readBenchmarkPage } from "../fixtures/article-benchmark";
import { sharedTestdata } from "../helpers/shared-testdata";

const dir = sharedTestdata("article-benchmark");
let questions: LoadedQuestion[];

beforeAll(() => {
  questions = loadHeldOutQuestions();
});

describe.skipIf(!dir)("the held-out question set", () => {
  it("holds at least 40 questions over at least 10 pages, mostly factual, every intent we measure", () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((question) => question.page)).size).toBeGreaterThanOrEqual(10);
    const factual = questions.filter((question) => question.intent === "factual");
    expect(factual.length / questions.length).toBeGreaterThanOrEqual(0.75);
    expect(new Set(questions.map((question) => question.intent))).toEqual(
      new Set(["factual", "yesno", "summary", "list", "extraction"]),
    );
  });

  it("gives a list prompt its number of bullets and every other prompt a known answer", () => {
    for (const question of questions) {
      if (question.intent === "list") expect(question.count, question.prompt).toBeGreaterThan(0);
      else expect(question.answers?.length, question.prompt).toBeGreaterThan(0);
    }
  });

  it("finds every known answer in the page's marked article and in our extraction of the page", () => {
    for (const question of questions) {
      const article = normalized(readBenchmarkPage(dir ?? "", question.page).articleBody);
      const extracted = normalized(question.extracted.analysis.text);
      for (const known of question.answers ?? []) {
        expect(article, `${question.prompt} → ${known}`).toContain(normalized(known));
        expect(extracted, `${question.prompt} → ${known} (extraction)`).toContain(normalized(known));
      }
    }
  });
});

describe("the held-out set on our own encyclopedia, documentation and product pages", () => {
  const reference = loadReferenceQuestions();

  it("holds 60 to 100 questions over 8 to 12 pages of several paragraphs, mostly factual", () => {
    expect(reference.length).toBeGreaterThanOrEqual(60);
    expect(reference.length).toBeLessThanOrEqual(100);
    const pages = new Set(reference.map((question) => question.page));
    expect(pages.size).toBeGreaterThanOrEqual(8);
    expect(pages.size).toBeLessThanOrEqual(12);
    const factual = reference.filter((question) => question.intent === "factual");
    expect(factual.length / reference.length).toBeGreaterThanOrEqual(0.75);
    // Each page is long enough to hide an answer: several paragraphs.
    for (const page of pages) {
      const text = reference.find((question) => question.page === page)?.extracted.analysis.text ?? "";
      expect(text.split(/\s+/).length, page).toBeGreaterThanOrEqual(200);
    }
  });

  it("finds every known answer in our extraction of its page", () => {
    for (const question of reference) {
      expect(question.answers?.length, question.prompt).toBeGreaterThan(0);
      const extracted = normalized(question.extracted.analysis.text);
      for (const known of question.answers ?? [])
        expect(extracted, `${question.prompt} → ${known}`).toContain(normalized(known));
    }
  });
});
