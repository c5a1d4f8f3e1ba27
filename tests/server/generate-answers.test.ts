import { beforeAll, describe, expect, it } from "vitest";
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../../server/generate/extractive";
import {
  answerEndsAfter,
  bm25Answer,
  type LoadedQuestion,
  loadQuestions,
  wordsOf,
} from "../fixtures/answers/question-sets";
import { makePage } from "./helpers/sample-pages";
import { siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();
const generator = createExtractiveGenerator();
const answer = (prompt: string, page: LoadedQuestion["extracted"]) =>
  generator.generateText({ prompt, temperature: 0, page });

const analyze = async (path: string, prompt: string): Promise<string> => {
  const response = await env.service.call("POST", "/v1/links", {
    body: { link: [env.site.url(path)], prompt },
  });
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return response.body.results[0].textContent;
};

let questions: LoadedQuestion[];
beforeAll(async () => {
  await warmUpExtractiveGenerator();
  // Our fixture site's questions: the article pages' (bench:answers) take minutes on a busy machine.
  questions = loadQuestions(false);
});

describe("answers from the service (offline generator)", () => {
  it("answers 'Who wrote it and when?' about the article from its metadata", async () => {
    const text = await analyze("/news/article.html", "Who wrote it and when?");
    expect(text).toContain("Ines Okafor");
    expect(text).toContain("14 March 2025");
    expect(text).not.toMatch(/does not mention/);
  });

  it("leads a factual answer with the sentence that answers, its span emphasized", async () => {
    const text = await analyze("/news/article.html", "How much did the project cost?");
    expect(text.startsWith("The project cost **412 million pounds**")).toBe(true);
    expect(wordsOf(text)).toBeLessThanOrEqual(60);
  });

  it("keeps a summary's sentences in page order", async () => {
    const text = await analyze("/news/article.html", "Summarize the article");
    const positions = text
      .split(/(?<=[.!?”"])\s+/)
      .map((sentence) => sentence.trim().slice(0, 40))
      .filter((start) => start.length >= 20)
      .map((start) =>
        questions.find((q) => q.page === "news/article.html")?.extracted.analysis.text.indexOf(start),
      );
    expect(positions.length).toBeGreaterThanOrEqual(3);
    expect(positions.every((position) => position !== undefined && position >= 0)).toBe(true);
    expect([...(positions as number[])].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe("our fixture site's question set (tests/fixtures/answers/site-pages.json)", () => {
  it("contains the known answer and leads with it more often than BM25 sentences of the same length", async () => {
    const factual = questions.filter((q) => !q.about && (q.intent === "factual" || q.intent === "yesno"));
    expect(factual.length).toBeGreaterThanOrEqual(25);
    let contains = 0;
    let within30 = 0;
    let baselineWithin30 = 0;
    const lengths: number[] = [];
    for (const question of factual) {
      const text = await answer(question.prompt, question.extracted);
      lengths.push(wordsOf(text));
      const end = answerEndsAfter(text, question.answers ?? []);
      if (end !== undefined) contains++;
      if (end !== undefined && end <= 30) within30++;
      const baseline = await bm25Answer(question.extracted, question.prompt, wordsOf(text));
      const baselineEnd = answerEndsAfter(baseline, question.answers ?? []);
      if (baselineEnd !== undefined && baselineEnd <= 30) baselineWithin30++;
    }
    const median = [...lengths].sort((a, b) => a - b)[Math.floor(lengths.length / 2)] ?? 0;
    expect(contains / factual.length).toBeGreaterThanOrEqual(0.86);
    expect(within30 / factual.length).toBeGreaterThanOrEqual(0.8);
    expect(within30).toBeGreaterThanOrEqual(baselineWithin30);
    expect(median).toBeLessThanOrEqual(60);
  });

  it("answers every question about a page from its metadata", async () => {
    const aboutPage = questions.filter((q) => q.about === "page");
    expect(aboutPage.length).toBeGreaterThanOrEqual(5);
    for (const question of aboutPage) {
      const text = await answer(question.prompt, question.extracted);
      for (const known of question.answers ?? []) expect(text, question.prompt).toContain(known);
    }
  });

  it("gives a list the number of bullets asked", async () => {
    for (const question of questions.filter((q) => q.intent === "list")) {
      const text = await answer(question.prompt, question.extracted);
      expect(
        text.split("\n").filter((line) => line.startsWith("- ")),
        question.prompt,
      ).toHaveLength(question.count ?? 0);
    }
  });
});

describe("a question about the page's date, without a published date", () => {
  const pageWith = (text: string) => makePage({ url: "https://example.com/news", title: "News", text });

  it("answers from the first date in its text, in any language we read", async () => {
    const cases: Array<[string, string]> = [
      ["Publié le 1er mars 2024 à Lyon.\n\nLa ville a ouvert un nouveau pont.", "1 March 2024 (2024-03-01)"],
      ["Veröffentlicht am 5. März 2024.\n\nDie Stadt hat eine neue Brücke.", "5 March 2024 (2024-03-05)"],
      ["Publicado el 5 de marzo de 2024.\n\nLa ciudad abrió un puente.", "5 March 2024 (2024-03-05)"],
      ["Posted March 14, 2025.\n\nThe city opened a new bridge.", "14 March 2025 (2025-03-14)"],
    ];
    for (const [text, date] of cases) {
      const reply = await answer("When was it published?", pageWith(text));
      expect(reply, text).toContain(`published on **${date}** (the first date in its text)`);
    }
  });
});

describe("long sentences", () => {
  const long = [
    "The committee, which met for the first time in the spring after a long series of delays caused by the",
    "weather, the budget and several changes of chair, heard evidence from engineers, residents, shop owners",
    "and the transport authority before it finally agreed, late in the evening and by a narrow margin,",
    "that the new bridge over the river would be named after Ada Lovelace and open to cyclists in 2031.",
  ].join(" ");
  const page = makePage({
    url: "https://example.com/bridge",
    title: "The bridge",
    text: `${long}\n\nIt rained.`,
  });

  it("are kept whole or cut around the matched words with an ellipsis, never before them", async () => {
    const text = await answer("Who will the new bridge be named after?", page);
    expect(text).toMatch(/^…/);
    expect(text).toContain("the new bridge over the river would be named after **Ada Lovelace**");
    const summary = await answer("Summarize", page);
    expect(summary).toContain(long);
  });
});

describe("a factual answer", () => {
  const page = (text: string) => makePage({ url: "https://example.com/facts", title: "Facts", text });
  const filler = [
    "The harbour was rebuilt after the storm and reopened to ferries in the spring.",
    "Local shops sell maps, postcards and fresh fish to visitors every morning.",
  ].join(" ");

  it("reads a short sentence with the one it completes", async () => {
    const text = await answer(
      "How many people die from the fever each year?",
      page(
        `${filler}\n\nEvery year, about 2 million people catch the fever in the region. About 23,000 die.`,
      ),
    );
    expect(text).toMatch(
      /^Every year, .*about 2 million people.* catch the fever in the region\. About (?:\*\*)?23,000/,
    );
  });

  it("names the person a sentence opening with 'she' is about, by the full name the page gives", async () => {
    const text = await answer(
      "Who directs the Centre for Food Research?",
      page(
        `${filler}\n\n“It is a remarkable study,” says Katie Allen. She directs the Centre for Food Research in Melbourne.\n\nAllen has studied allergies for twenty years.`,
      ),
    );
    expect(text.startsWith("“It is a remarkable study,” says **Katie Allen**.")).toBe(true);
    const byName = await answer(
      "Who has studied allergies for twenty years?",
      page(
        `${filler}\n\nThe study was led by Katie Allen of the Centre.\n\nAllen has studied allergies for twenty years.`,
      ),
    );
    expect(byName).toMatch(/^\*\*Allen\*\* \(Katie Allen\) has studied allergies/);
  });

  it("leads with the sentence holding the number a 'how many' question counts", async () => {
    const text = await answer(
      "How many foreigners were killed?",
      page(
        `${filler}\n\nGunmen stormed the museum, killing at least 19 people, most of them foreign tourists.\n\nOfficials said the attack on the museum, which had been planned for weeks and was carried out by men in uniform, killed at least 19 people, including 17 foreigners.`,
      ),
    );
    expect(text).toMatch(/\*\*17 foreigners\*\*/);
    expect(answerEndsAfter(text, ["17 foreigners"])).toBeLessThanOrEqual(30);
  });

  it("quotes neither a reference list nor citation marks, and finds a question's word by another word for it", async () => {
    const text = await answer(
      "When was the society founded?",
      page(
        `${filler}\n\nThe society was created in 1998 by members of the guild.[1] It meets every month.[2]\n\nReferences\n\n^ "The society was founded". The Daily Paper. 2001. Retrieved 2012-08-18.\n\n^ "Society founded, society history". Society history. 2003. Retrieved 2013-01-01.`,
      ),
    );
    expect(text.startsWith("The society was created in **1998** by members of the guild.")).toBe(true);
    expect(text).not.toMatch(/\[1\]|Retrieved|\^/);
  });

  it("defines X by the page's first sentence saying what X is, however long", async () => {
    const text = await answer(
      "What is a tidal lock?",
      page(
        [
          "In astronomy, a tidal lock (or captured rotation) is the state of a body that turns around its own axis exactly once for each orbit around its partner, so that the same side always faces the partner.",
          "Every tidal lock is slow to form.",
          "A tidal lock is common among moons.",
          "A tidal lock is rare among planets.",
        ].join(" "),
      ),
    );
    expect(text.startsWith("In astronomy, a tidal lock (or captured rotation) is the state of a body")).toBe(
      true,
    );
  });

  it("takes no month for a name, and no verb for a number's unit", async () => {
    const who = await answer(
      "Who was promoted to chief executive in 2014?",
      page(`${filler}\n\nOn March 24, 2014, the company promoted Brendan Eich to chief executive.`),
    );
    expect(who).toContain("**Brendan Eich**");
    const howMany = await answer(
      "How many summits did the company hold?",
      page(`${filler}\n\nThe company held 12 summits until 2013 replaced them with smaller meetings.`),
    );
    expect(howMany).toContain("**12 summits**");
    expect(howMany).not.toContain("**2013 replaced");
  });

  it("emphasizes a whole amount: a range, a hyphenated duration, a number with its unit", async () => {
    const text = await answer(
      "How long was the review period?",
      page(`${filler}\n\nThe new law set a six-month review period for every permit.`),
    );
    expect(text).toContain("a **six-month** review period");
    const range = await answer(
      "How many members does a team have?",
      page(`${filler}\n\nA team with 10–12 members usually has one person on call.`),
    );
    expect(range).toContain("**10–12 members**");
  });

  it("never splits a word with its emphasis: a hyphenated name, a size like 1.6x2", async () => {
    const name = await answer(
      "Who leads the opposition party?",
      page(`${filler}\n\nLee Jae-myung, leader of the opposition party, called the speech disappointing.`),
    );
    expect(name).toContain("**Lee Jae-myung**");
    const size = await answer(
      "How small is the chip?",
      page(`${filler}\n\nThe smaller chip is tiny: it measures a mere 1.6x2 mm and costs little.`),
    );
    expect(size).not.toMatch(/\*\*[^*]*1\.6x\*\*2/);
    expect(size.replaceAll("**", "")).toContain("1.6x2 mm");
  });
});
