import { beforeAll, describe, expect, it } from "vitest";
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../../server/generate/extractive";
import { scoreRelevance } from "../../server/generate/text/relevance";
import { contentTerms, detectLanguage } from "../../server/generate/text/terms";
import { emptyPage, frenchPage, guidePage, largePage, makePage, newsPage } from "./helpers/sample-pages";

const generator = createExtractiveGenerator();
const text = (prompt: string, page = newsPage, temperature = 0) =>
  generator.generateText({ prompt, temperature, page });

const bullets = (markdown: string) => markdown.split("\n").filter((line) => line.startsWith("- "));

beforeAll(async () => {
  await warmUpExtractiveGenerator();
});

describe("contentTerms", () => {
  it("lower-cases, stems and drops stop words", () => {
    expect(contentTerms("The cats and the dogs")).toEqual(["cat", "dog"]);
    expect(new Set(contentTerms("rate rates Rates RATE rated rating")).size).toBe(1);
    expect(contentTerms("families family studies studying")).toEqual(
      contentTerms("family family study study"),
    );
    expect(contentTerms("the and of to is")).toEqual([]);
  });

  it("reads an English text with English function words only", () => {
    // French, German and Portuguese function words are English words: they must match.
    expect(contentTerms("war die son eu plus fur")).toHaveLength(6);
    // A plural noun in -ings stays a noun.
    expect(contentTerms("writings")).not.toEqual(contentTerms("write"));
    expect(contentTerms("Élection présidentielle")).toEqual(contentTerms("election presidentielle"));
  });

  it("reads other languages with their own stop words and stemmer", () => {
    expect(contentTerms("Le festival de Cannes et les films", "fr")).toEqual(
      contentTerms("festivals Cannes film", "fr"),
    );
    expect(contentTerms("Le festival de Cannes et les films", "fr")).toHaveLength(3);
    expect(contentTerms("Die Häuser und das Haus", "de")).toHaveLength(2);
  });

  it("detects the language of a text by its function words", () => {
    expect(detectLanguage("Who wrote it and when was it published?")).toBe("en");
    expect(detectLanguage("Qui préside le jury de cette année ?")).toBe("fr");
    expect(detectLanguage("Wer hat das geschrieben und wann ist es erschienen?")).toBe("de");
    expect(detectLanguage("inflation", "en")).toBe("en");
  });
});

describe("scoreRelevance", () => {
  it("is 0 when nothing overlaps and higher for a prompt about the page", () => {
    expect(scoreRelevance("recipes for sourdough bread", newsPage.analysis.text)).toBe(0);
    expect(scoreRelevance("anything", "")).toBe(0);
    const related = scoreRelevance("inflation and interest rates", newsPage.analysis.text);
    const looser = scoreRelevance("inflation and sourdough bread", newsPage.analysis.text);
    expect(related).toBeGreaterThan(looser);
    expect(looser).toBeGreaterThan(0);
    expect(related).toBeLessThanOrEqual(1);
  });

  it("is deterministic", () => {
    const prompt = "What does the page say about mortgage rates?";
    expect(scoreRelevance(prompt, newsPage.analysis.text)).toBe(
      scoreRelevance(prompt, newsPage.analysis.text),
    );
  });
});

describe("extractive generateText", () => {
  it("answers different prompts on the same page with different, relevant sentences", async () => {
    const housing = await text("What does it say about mortgage rates and home buyers?");
    const powell = await text("What did Jerome Powell tell reporters?");
    const prices = await text("Which consumer prices fell?");
    expect(housing).toMatch(/Mortgage rates/);
    expect(housing).toMatch(/first-time buyers/);
    expect(powell).toMatch(/Jerome Powell/);
    expect(prices).toMatch(/used cars and airline fares fell/);
    expect(new Set([housing, powell, prices]).size).toBe(3);
  });

  it("uses only sentences of the page", async () => {
    const answer = await text("Summarize the article");
    for (const sentence of answer.split(/\n+/).flatMap((part) => part.split(/(?<=[.!?”])\s+(?=[A-Z“])/))) {
      expect(newsPage.analysis.text).toContain(sentence.replace(/^- /, ""));
    }
  });

  it("writes a bullet list when asked for one, with the number of points asked", async () => {
    expect(bullets(await text("List the key points about inflation"))).toHaveLength(5);
    const three = await text("How do I debug and speed up WebAssembly? Give 3 bullet points", guidePage);
    expect(bullets(three)).toHaveLength(3);
    expect(three).toMatch(/developer tools/);
  });

  it("gives one sentence, a short answer or a detailed one as the prompt asks", async () => {
    const one = await text("In one sentence, who is Jerome Powell?");
    expect(one).toBe(
      "Jerome Powell, the chair of the Federal Reserve, told reporters that the committee needed greater confidence before cutting rates.",
    );
    const brief = await text("Summarize briefly");
    const detailed = await text("Summarize in detail");
    expect(brief.length).toBeLessThan(detailed.length);
    expect(detailed.split("\n\n")).toHaveLength(2);
  });

  it("is deterministic at temperature 0 and reproducible above it", async () => {
    expect(await text("Summarize the article")).toBe(await text("Summarize the article"));
    expect(await text("Summarize the article", newsPage, 1.2)).toBe(
      await text("Summarize the article", newsPage, 1.2),
    );
    const varied = await Promise.all(
      [0.7, 1, 1.5, 2].map((temperature) => text("Summarize", newsPage, temperature)),
    );
    const base = await text("Summarize", newsPage, 0);
    expect(varied.some((answer) => answer !== base)).toBe(true);
  });

  it("says so when the page does not mention what the prompt asks about", async () => {
    const answer = await text("What is the vibe about cryptocurrency?");
    expect(answer.startsWith("The page does not mention “vibe” or “cryptocurrency”.")).toBe(true);
    expect(answer).toMatch(/Federal Reserve/);
  });

  it("answers honestly for a page without text", async () => {
    expect(await text("Summarize", emptyPage)).toBe("The page has no readable text.");
  });

  it("handles French text", async () => {
    const answer = await text("Qui préside le jury ? Une phrase.", frenchPage);
    expect(answer).toMatch(/Greta Gerwig/);
  });

  it("keeps hard-wrapped plain text sentences whole and skips headings", async () => {
    const page = makePage({
      url: "https://example.com/notes.txt",
      title: "Release notes",
      text: [
        "Release notes",
        "",
        "Version 2.0 replaces the storage engine with an embedded database that",
        "keeps every record on disk and survives restarts without losing data.",
        "Upgrading takes a few minutes for a typical installation.",
        "",
        "Breaking changes",
        "",
        "The configuration file moved to a new location and the old command line",
        "flags were removed.",
      ].join("\n"),
    });
    const answer = await text("What changed in the storage engine?", page);
    expect(answer).toContain(
      "Version 2.0 replaces the storage engine with an embedded database that keeps every record on disk and survives restarts without losing data.",
    );
    expect(answer).not.toMatch(/Breaking changes/);
  });

  it("answers for long pages (speed: npm run bench:server)", async () => {
    for (const prompt of ["inflation", "WebAssembly debugging", "mortgage rates"]) {
      const answer = await text(`What does it say about ${prompt}?`, largePage(50_000, prompt.length));
      expect(answer.length).toBeGreaterThan(0);
      expect(answer.length).toBeLessThan(50_000);
    }
  });
});
