/**
 * The shape of a factual answer (issue 35): the sentence that answers first, then only sentences that
 * share the question's key terms or carry the one before on; the expected type decides between close
 * candidates; a question the page cannot answer says so, then one or two sentences.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../../server/generate/extractive";
import { CLOSE_MATCH } from "../../server/generate/text/factual-answer";
import { buildPageModel } from "../../server/generate/text/page-model";
import { readPrompt } from "../../server/generate/text/prompt";
import { queryWeights, rankSentences } from "../../server/generate/text/ranking";
import { hasUnrelatedTrailing } from "../fixtures/answers/question-sets";
import { makePage, newsPage } from "./helpers/sample-pages";

const generator = createExtractiveGenerator();
const answer = (prompt: string, page: ReturnType<typeof makePage>) =>
  generator.generateText({ prompt, temperature: 0, page });

beforeAll(async () => {
  await warmUpExtractiveGenerator();
});

/** A page about Warsaw: "Warsaw" is in more than a fifth of its sentences, so it names the subject. */
const warsaw = (zoo: string[]) =>
  makePage({
    url: "https://example.com/warsaw",
    title: "Warsaw",
    text: [
      "Warsaw is the capital and largest city of Poland.",
      "The city stands on the Vistula river in east-central Poland.",
      "Warsaw has a population of about 1.8 million people.",
      "Its historic old town was rebuilt after the Second World War.",
      "The old town is listed as a World Heritage Site.",
      "Warsaw is served by two international airports.",
      "The metro has two lines and more are planned.",
      "Many museums and theatres line the Royal Route.",
      "Warsaw hosts the Chopin piano competition every five years.",
      "The palace of culture is the tallest building in the country.",
      "Parks cover about a quarter of the city's area.",
      "The university was founded in 1816.",
      "Warsaw produces 12% of Poland's national income.",
      "Winters are cold and summers are warm.",
      "Trams run on most main streets.",
      ...zoo,
      "The national stadium was finished in 2011.",
      "The city has many bridges across the river.",
      "Warsaw is a major centre of research.",
      "Tourists visit the castle square in great numbers.",
      "The zoo keeps elephants.",
    ].join(" "),
  });
const football = "Legia Warsaw and Polonia Warsaw play football in Warsaw.";
const carriesOn = "It made Warsaw proud.";
const zooOpened =
  "After years of planning by the city council and many delays over money and land, the zoo finally opened to its first visitors in 1928 on the right bank.";

describe("a factual answer's sentences", () => {
  it("may be one: the sentence that answers, when no other is nearly as good", async () => {
    const text = await answer(
      "How much of Poland's national income does Warsaw produce?",
      warsaw([football, zooOpened]),
    );
    expect(text).toBe("Warsaw produces **12%** of Poland's national income.");
  });

  it("stop at a sentence that shares only the page's subject with the question and carries nothing on", async () => {
    const page = warsaw([football, zooOpened]);
    const text = await answer("When did the Warsaw zoo open?", page);
    expect(text.startsWith("After years of planning")).toBe(true);
    expect(text).toContain("**1928**");
    // "Warsaw" names the page: the next best match, the castle square's sentence read with "The zoo keeps
    // elephants." (a fragment it completes), shares no key term ("zoo", "open") and ends the answer.
    expect(text).not.toContain("Tourists");
    expect(await hasUnrelatedTrailing(page, "When did the Warsaw zoo open?", text)).toBe(false);
    expect(await hasUnrelatedTrailing(page, "When did the Warsaw zoo open?", `${text} ${football}`)).toBe(
      true,
    );

    // A sentence opening with a pronoun or a connective carries the one before on, whatever its terms.
    expect(await hasUnrelatedTrailing(page, "When did the Warsaw zoo open?", `${text} ${carriesOn}`)).toBe(
      false,
    );
    expect(
      await hasUnrelatedTrailing(page, "When did the Warsaw zoo open?", `${text} However, ${football}`),
    ).toBe(false);
  });
});

describe("the expected type between close candidates", () => {
  const board =
    "The ferry service, which links the island with the mainland several times a day in summer, is run by the Harbour Board.";
  const person = (life: string) => `Anna Kowalska, who ${life}, runs the ferry service.`;
  const page = (other: string) =>
    makePage({
      url: "https://example.com/ferry",
      title: "Facts",
      text: `The harbour was rebuilt after the storm and reopened to ferries in the spring. Local shops sell maps and fresh fish every morning.\n\n${board}\n\n${other}`,
    });
  const question = "Who runs the ferry service?";
  /** The person's sentence's term match as a share of the board's. */
  const matchShare = async (other: string) => {
    const model = await buildPageModel(page(other).analysis.text);
    const ranked = rankSentences(model, queryWeights([readPrompt(question, model.language).terms, 1]));
    const match = (text: string) => ranked.find((entry) => entry.sentence.text === text)?.match ?? 0;
    return match(other) / match(board);
  };

  it(`decides within ${CLOSE_MATCH * 100}% of the best match: a person's name answers "who" before an organization`, async () => {
    const close = person(
      "grew up on the island and sailed the old boats for years before she studied law in the capital and then came back home",
    );
    const share = await matchShare(close);
    expect(share).toBeGreaterThanOrEqual(1 - CLOSE_MATCH);
    expect(share).toBeLessThan(1);
    expect((await answer(question, page(close))).startsWith("**Anna Kowalska**")).toBe(true);
  });

  it("leaves a sentence whose match is further behind where the scores put it", async () => {
    const far = person(
      "grew up on the island and sailed the old boats for years before she studied law in the capital and then came back home to her family by the sea",
    );
    expect(await matchShare(far)).toBeLessThan(1 - CLOSE_MATCH);
    expect((await answer(question, page(far))).startsWith("The ferry service, which links")).toBe(true);
  });
});

describe("a question the page cannot answer", () => {
  it("says so in one sentence, then gives the one or two sentences nearest to it", async () => {
    const text = await answer("Who won the football league?", newsPage);
    const [notice, nearest, ...rest] = text.split("\n\n");
    expect(notice).toBe("The page does not mention “football” or “league”.");
    expect(rest).toEqual([]);
    const sentences = (nearest ?? "").split(/(?<=[.!?])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(2);
    for (const sentence of sentences) expect(newsPage.analysis.text).toContain(sentence);
  });

  it("still gives a summary the page's gist", async () => {
    const text = await answer("Summarize what it says about football", newsPage);
    expect(text.startsWith("The page does not mention “football”. What it says:\n\n")).toBe(true);
    expect(text.split(/(?<=[.!?])\s+/).length).toBeGreaterThan(4);
  });
});
