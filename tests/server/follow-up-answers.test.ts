/**
 * Follow-up questions answered by the reference service's offline generator, over HTTP, on our fixture
 * news page: the prompt is the one the extension writes (lib/thread/thread-prompt.ts).
 */
import { describe, expect, it } from "vitest";
import { questionsOn } from "./helpers/follow-up-thread";
import { siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();
const { thread } = questionsOn(env, "/news/article.html");

describe("follow-up questions on the offline generator", { timeout: 60_000 }, () => {
  it("answers the newest question from the page, not the earlier ones", async () => {
    const [, cost] = await thread(["Who is the council leader?", "How much did the project cost?"]);
    expect(cost).toContain("412 million pounds");
    expect(cost).not.toContain("Aaron Whitfield");
  });

  it("takes the subject of a pronoun question from the question before", async () => {
    const [, depot] = await thread(["Where is the Kestrel Hill depot?", "Who complained about it?"]);
    expect(depot).toMatch(/Residents(\*\*)? near the Kestrel Hill depot have complained/);
    const [, canal] = await thread(["What happened on Canal Street?", "Who runs a bakery there?"]);
    expect(canal).toContain("Priya Raman");
  });

  it("never repeats an earlier answer word for word", async () => {
    const answers = await thread([
      "Why did the project cost more than planned?",
      "Why did the project cost more than planned?",
      "Why did the project cost more than planned?",
    ]);
    expect(new Set(answers).size).toBe(3);
    // Still about the question: what the page says of the overrun, or that it was said before.
    for (const later of answers.slice(1)) expect(later).toMatch(/Weaver Bridge|As an earlier answer said/);
  });
});
