/**
 * Each kind of task (issue 43) answered by its answerer, on the news pages we wrote
 * (tests/fixtures/news-pages) as the extractor hands them over, and on small pages made for one case:
 * the shape of each answer, every word of it from the page, no throwaway line, and never "The page does
 * not mention" about the task's own words.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../../server/generate/extractive";
import { extractPage } from "../../server/pages/extract-page";
import type { ExtractedPage } from "../../server/pages/types";
import { loadNewsPages } from "../fixtures/news-pages";
import { makePage } from "./helpers/sample-pages";

const generator = createExtractiveGenerator();
const answer = (prompt: string, page: ExtractedPage) =>
  generator.generateText({ prompt, temperature: 0, page });

const newsPage = (name: string): ExtractedPage => {
  const found = loadNewsPages().find((page) => page.name === name);
  if (!found) throw new Error(`no news page ${name}`);
  return extractPage({ url: `https://news.example/${name}`, contentType: "text/html", body: found.html });
};
const council = newsPage("local-council");
const storm = newsPage("wire-storm");
const flat = (text: string) => text.replace(/\s+/g, " ");
const bullets = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2));
/** Sentences of an answer in prose, split where a sentence ends before a capital. */
const sentences = (text: string) => text.split(/(?<=[.!?]["”]?)\s+(?=["“]?[A-Z])/);
const onPage = (page: ExtractedPage, text: string) => flat(page.analysis.text).includes(flat(text));

beforeAll(async () => {
  await warmUpExtractiveGenerator();
});

describe("summary, TL;DR, main argument and explain", () => {
  it("gives as many of the page's own sentences as asked, the lead first", async () => {
    const two = await answer("Summarize this article in two sentences.", council);
    expect(sentences(two)).toHaveLength(2);
    expect(two.startsWith("Councillors have approved a plan")).toBe(true);
    for (const sentence of sentences(two)) expect(onPage(council, sentence)).toBe(true);
    const line = await answer("Boil this down to a single line.", storm);
    expect(sentences(line)).toHaveLength(1);
    expect(line).toMatch(/^A late-season storm pushed seawater/);
  });

  it("never gives a promotion, a shortcode, a caption or a byline", async () => {
    const page = makePage({
      url: "https://example.com/kit",
      title: "The best tents of the year",
      text: [
        "By Jane Doe",
        "Photo: Getty Images",
        "You can also subscribe to this newsletter here — just tick the box and we will email you.",
        "We tested twenty tents over three months of wet weekends in the hills of Wales.",
        "The lightest shelter weighed under a kilo and still kept out a night of heavy rain.",
        '[button link="https://example.com/review"]Send us YOUR kit review[/button]',
        "Cheaper tents leaked at the seams once the ground was soaked through.",
      ].join("\n\n"),
    });
    for (const prompt of ["TL;DR", "Summarize this article.", "What are the 3 key points of this article?"]) {
      const text = await answer(prompt, page);
      expect(text).not.toMatch(/subscribe|\[button|Getty|By Jane/);
      expect(text).toMatch(/We tested twenty tents/);
    }
  });

  it("answers a main argument and an explanation from the page, and never searches for the task's words", async () => {
    for (const prompt of ["What is the author's main argument?", "Explain this article to a beginner."]) {
      const text = await answer(prompt, council);
      expect(text).not.toMatch(/does not mention/);
      for (const sentence of sentences(text)) expect(onPage(council, sentence)).toBe(true);
    }
  });

  it("says so when the subject named is not on the page, then gives the gist", async () => {
    const text = await answer("List 3 key points about cryptocurrency", council);
    expect(text.startsWith("The page does not mention “cryptocurrency”. What it says:")).toBe(true);
    expect(bullets(text)).toHaveLength(3);
  });
});

describe("key points", () => {
  it("are exactly the number asked, whole sentences of the page, none repeated", async () => {
    for (const [prompt, count] of [
      ["What are the 3 key points of this article?", 3],
      ["List the two most important takeaways as bullet points.", 2],
      ["Give me 4 bullet points.", 4],
    ] as const) {
      const points = bullets(await answer(prompt, storm));
      expect(points).toHaveLength(count);
      expect(new Set(points).size).toBe(count);
      for (const point of points) {
        expect(point).toMatch(/^["“]?[A-Z0-9].*[.!?]["”]?$/);
        expect(onPage(storm, point)).toBe(true);
      }
    }
  });
});

describe("who is quoted", () => {
  it("lists each speaker with their words, quoted exactly as the page has them", async () => {
    const text = await answer("Who is quoted in this article, and what do they say?", council);
    expect(text).toMatch(/^- \*\*Priya Natarajan\*\*: /m);
    expect(text).toContain(
      '"Every few years someone comes along with a plan for this place and every few years it falls through. This one has the funding, it has the traders, and it keeps the building as it is."',
    );
    for (const quote of text.match(/"[^"]+"|“[^”]+”/g) ?? []) expect(onPage(council, quote)).toBe(true);
  });

  it("never adds a name inside a quotation", async () => {
    const page = makePage({
      url: "https://example.com/interview",
      title: "Sunday interview",
      text: [
        "Rudy Giuliani spoke to the host on Sunday morning about the inquiry.",
        "“So it's fair to say you have not fixed the 'Giuliani problem'?” asked Chuck Todd.",
        "“I have never had a problem with anyone in this matter,” Giuliani said.",
      ].join("\n\n"),
    });
    const text = await answer("Who is quoted, and what do they say?", page);
    expect(text).toContain("“So it's fair to say you have not fixed the 'Giuliani problem'?”");
    expect(text).toContain("**Rudy Giuliani**: “I have never had a problem with anyone in this matter,”");
    expect(text).not.toMatch(/\(Rudy Giuliani\)/);
  });

  it("says no one is quoted on a page without quotations", async () => {
    const page = makePage({
      url: "https://example.com/plain",
      title: "Plain",
      text: "The river rose overnight and closed two roads near the bridge. Crews opened them again by noon.",
    });
    expect(await answer("Who is quoted in this article?", page)).toBe("No one is quoted on this page.");
  });
});

describe("named entities", () => {
  it("lists people, organizations and places, each as the page writes it", async () => {
    const text = await answer(
      "Extract the named entities (people, organizations, places) mentioned in this article.",
      council,
    );
    const people = /^- \*\*People:\*\* (.+)$/m.exec(text)?.[1]?.split(", ") ?? [];
    expect(people).toEqual(expect.arrayContaining(["Priya Natarajan", "Gareth Lowe"]));
    const names = text.split("\n").flatMap((line) => (/:\*\* (.+)$/.exec(line)?.[1] ?? "").split(", "));
    for (const name of names) expect(onPage(council, name)).toBe(true);
  });
});

describe("tone", () => {
  it("names the tone and shows the sentence that shows it", async () => {
    for (const page of [council, storm]) {
      const text = await answer("Is the tone of this article positive, negative or neutral?", page);
      expect(text).toMatch(/^The tone is \*\*(?:positive|negative|neutral|mixed)\*\*/);
      const shown = text.split("\n").filter((line) => line.startsWith("> "));
      expect(shown.length).toBeGreaterThan(0);
      for (const line of shown) expect(onPage(page, line.slice(2))).toBe(true);
    }
  });
});

describe("dates and numbers", () => {
  it("lists each figure with what it is about, in the page's words", async () => {
    const text = await answer("List all the dates and numbers mentioned in this article.", council);
    const figures = bullets(text);
    expect(figures.length).toBeGreaterThan(3);
    expect(text).toMatch(/\*\*1894\*\* \(date\): .*tram/);
    for (const figure of figures) {
      const [, value, about] = /^\*\*(.+?)\*\* \(\w+\): (.+)$/.exec(figure) ?? [];
      expect(value && onPage(council, value)).toBe(true);
      for (const part of (about ?? "").split("…").filter(Boolean)) expect(onPage(council, part)).toBe(true);
    }
  });
});

describe("what the offline generator cannot do", () => {
  it("says so in one sentence and gives the original title", async () => {
    const text = await answer("Translate the title into French.", council);
    expect(text).toBe(
      `Answering from the page alone, I cannot translate into French; here is the original title: “${council.analysis.title}”.`,
    );
  });

  it("gives the sentences to translate when asked for the whole article", async () => {
    const text = await answer("Translate this article into German.", council);
    expect(text.split("\n\n")[0]).toMatch(/cannot translate into German/);
    expect(text).toContain("Councillors have approved a plan");
  });
});
