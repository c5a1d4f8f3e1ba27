/**
 * The held-out question set (tests/fixtures/answers/held-out-news-pages.json) stays answerable: every
 * string a good answer contains is in the article a person marked on the page and in the text our
 * extraction hands the generator. It checks the questions only, never the generator's answers: reading
 * those would end the set's use as held out (docs/generation.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type LoadedQuestion, loadHeldOutQuestions, normalized } from "../fixtures/answers/question-sets";
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
