/**
 * What a summary, TL;DR or key point may be made of (server/generate/text/carrying-sentences.ts) and what a
 * figure needs around it, on pages we write here: a standfirst without a full stop counts and gets one, a
 * wire story's dateline is left out, a show's title in angle brackets is not markup, a sentence ending in a
 * year is not a timestamp; a table row, a reference or an address does not say what its numbers are about.
 */
import { describe, expect, it } from "vitest";
import { createExtractiveGenerator } from "../../server/generate/extractive";
import { asStatement, throwawayReason } from "../../server/generate/text/carrying-sentences";
import { makePage } from "./helpers/sample-pages";

const generator = createExtractiveGenerator();
const ask = (prompt: string, text: string, title = "Harbour ferry returns") =>
  generator.generateText({
    prompt,
    temperature: 0,
    page: makePage({ url: "https://news.example/ferry", title, text }),
  });

const STORY = [
  "The city's harbour ferry will run again from May after two years in dry dock",
  "",
  "PORTSMOUTH, England (AP) — The harbour ferry that carried 900 commuters a day will return to service on 4 May, the council said on Tuesday.",
  "",
  "Engineers replaced both engines and the hull plating during the repairs, which cost 2.4 million pounds.",
  "",
  "Commuters have crossed by bus since the ferry was taken out of service in the spring of 2023.",
].join("\n");

describe("sentences that carry a page", () => {
  it("takes a standfirst without a full stop, and gives it one", async () => {
    const tldr = await ask("TL;DR", STORY);
    expect(tldr).toBe("The city's harbour ferry will run again from May after two years in dry dock.");
  });

  it("leaves a wire story's dateline out of the sentence it opens", async () => {
    const points = await ask("What are the 3 key points of this article?", STORY);
    expect(points).toContain("- The harbour ferry that carried 900 commuters a day will return to service");
    expect(points).not.toContain("PORTSMOUTH");
    expect(asStatement("WASHINGTON — NASA announced on Monday that it would add five companies.")).toBe(
      "NASA announced on Monday that it would add five companies.",
    );
  });

  it("does not take a show's title in angle brackets for markup, nor a sentence ending in a year for a timestamp", () => {
    expect(
      throwawayReason("Visitors came to the theatre to watch <The Palace: Tale of Jang Noksu> last night."),
    ).toBe(undefined);
    expect(throwawayReason("Read the review <a href='/x'>here</a> before you book a seat.")).toBe("markup");
    expect(throwawayReason("SoftBank wants the company to turn a profit by 2021.")).toBe(undefined);
    expect(throwawayReason("Updated March 3, 2020 at 5:00 pm")).not.toBe(undefined);
  });

  it("keeps a first line that ends inside a quotation, and a sentence the splitter cut after an abbreviation", async () => {
    const text = [
      "The singer has been eliminated from “Dancing on Ice.”",
      "",
      "A man pleaded guilty to threatening Rep. Ilhan Omar (D-Minn.), the prosecutor's office announced Monday. He faces up to ten years in prison.",
    ].join("\n");
    expect(await ask("TL;DR", text, "Dancing on Ice")).toBe(
      "The singer has been eliminated from “Dancing on Ice.”",
    );
    const points = await ask("What are the 2 key points?", text, "Dancing on Ice");
    expect(points).toContain(
      "- A man pleaded guilty to threatening Rep. Ilhan Omar (D-Minn.), the prosecutor's office announced Monday.",
    );
  });
});

describe("dates and numbers", () => {
  it("lists a figure only with words that say what it is about", async () => {
    const text = [
      "The club's new stadium will seat 42,000 fans when it opens in August 2026, the chairman said.",
      "",
      "Rockledge 14 11 6 15 — 44",
      "",
      "Tickets: https://tickets.example/2026/season",
      "",
      "Am 12.",
    ].join("\n");
    const figures = await ask(
      "List all the dates and numbers mentioned in this article.",
      text,
      "New stadium",
    );
    expect(figures).toContain("42,000");
    expect(figures).not.toMatch(/\*\*(?:14|11|44|12)\*\*/);
    expect(figures).not.toContain("tickets.example");
  });
});
