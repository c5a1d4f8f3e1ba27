/** Relevance is shown for a question, explained for any other prompt, and as before when the prompt is unknown. */
import { describe, expect, it } from "vitest";
import { exportMarkdown } from "../../lib/export/export-markdown";
import { formatRelevance, relevanceShown } from "../../lib/format/relevance";
import { isQuestion } from "../../lib/text/question";
import { QUESTION_KEY, THREAD_KEY } from "../../lib/thread/thread-metadata";
import { cachedRow } from "./helpers/cached-rows";

describe("isQuestion", () => {
  it("is a prompt ending with a question mark, in any script, before closing quotes", () => {
    for (const prompt of [
      "When did the tram line open?",
      "  Who paid for it ?  ",
      "Was it “on time?”",
      "このページは何について？",
      "¿Cuándo abrió la línea",
      "ما هذا؟",
      "Summarize the article. Who wrote it?",
    ])
      expect(isQuestion(prompt), prompt).toBe(true);
  });

  it("is not a request, a summary or an extraction", () => {
    for (const prompt of [
      "Summarize the article",
      "List 3 key points.",
      "What? No: extract the prices",
      "Résume cette page",
      "",
    ])
      expect(isQuestion(prompt), prompt).toBe(false);
  });
});

describe("relevanceShown", () => {
  it("shows a question's score as the popup writes it", () => {
    expect(relevanceShown(0.62, "When did it open?")).toEqual({ kind: "score", text: formatRelevance(0.62) });
  });

  it("shows no figure for a prompt that is not a question, and says why", () => {
    expect(relevanceShown(0, "Summarize the article")).toEqual({ kind: "notAQuestion" });
    expect(relevanceShown(0.4, "List the key points")).toEqual({ kind: "notAQuestion" });
  });

  it("shows the score as before when the prompt is not known here, and nothing without a score", () => {
    expect(relevanceShown(0.62, undefined)).toEqual({ kind: "score", text: formatRelevance(0.62) });
    expect(relevanceShown(0.62, "  ")).toEqual({ kind: "score", text: formatRelevance(0.62) });
    expect(relevanceShown(undefined, "When?")).toBeUndefined();
  });
});

describe("the Markdown export", () => {
  const origin = (prompt: string) => ({ jobId: "job_1", prompt });

  it("says Relevance only for questions", () => {
    const summary = exportMarkdown([cachedRow({ origin: origin("Summarize the article") })], { now: 0 });
    expect(summary).toContain("- Relevance: only for questions (this prompt is not one)\n");
    expect(summary).not.toContain(formatRelevance(0.75));
    const asked = exportMarkdown([cachedRow({ origin: origin("Who wrote it?") })], { now: 0 });
    expect(asked).toContain(`- Relevance: ${formatRelevance(0.75)}\n`);
  });

  it("reads a follow-up's question from its thread keys", () => {
    const turn = cachedRow({
      origin: origin("Earlier in this conversation…"),
      metadata: { [THREAD_KEY]: "ana_0", [QUESTION_KEY]: "Who paid for it?" },
    });
    expect(exportMarkdown([turn], { now: 0 })).toContain(`- Relevance: ${formatRelevance(0.75)}\n`);
  });
});
