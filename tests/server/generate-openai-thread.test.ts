/** With a model, a follow-up's earlier turns go as chat messages, not as one long string. */
import { describe, expect, it } from "vitest";
import { followUpPrompt } from "../../lib/thread/thread-prompt";
import { conversation } from "../../server/generate/openai";
import { newsPage } from "./helpers/sample-pages";

describe("the OpenAI-compatible generator's chat for a follow-up", () => {
  it("sends the first question with the page, then each answer and question as their own messages", () => {
    const prompt = followUpPrompt(
      [
        { question: "What is this page about?", answer: "Interest rates." },
        { question: "Who decided it?", answer: "The central bank." },
      ],
      "When will they change again?",
    );
    const messages = conversation(prompt, newsPage);
    expect(messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    expect(messages[0]?.content).toMatch(/^Request: What is this page about\?\n/);
    expect(messages[0]?.content).toContain(newsPage.analysis.text.slice(0, 80));
    expect(messages.slice(1).map((message) => message.content)).toEqual([
      "Interest rates.",
      "Who decided it?",
      "The central bank.",
      "When will they change again?",
    ]);
  });

  it("sends any other prompt as one request with the page", () => {
    const messages = conversation("Summarize this page.", newsPage);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.content).toMatch(/^Request: Summarize this page\.\n/);
  });
});
