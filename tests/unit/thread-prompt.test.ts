import { describe, expect, it } from "vitest";
import {
  EARLIER_HEADER,
  FOLLOW_UP_HEADER,
  FOLLOW_UP_PROMPT_MAX,
  followUpPrompt,
  parseFollowUpPrompt,
  TURN_ANSWER_MAX,
} from "../../lib/thread/thread-prompt";

const longAnswer = (n: number) =>
  `Answer ${n}: ${"the council said the bridge is paid by the region. ".repeat(30)}`;
const turns = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    question: `Question number ${index + 1} about the bridge?`,
    answer: longAnswer(index + 1),
  }));

describe("the follow-up prompt", () => {
  it("sends a 30-turn thread in at most FOLLOW_UP_PROMPT_MAX characters, newest turns kept", () => {
    const prompt = followUpPrompt(turns(30), "Who paid for it?");
    expect(prompt.length).toBeLessThanOrEqual(FOLLOW_UP_PROMPT_MAX);
    const parsed = parseFollowUpPrompt(prompt);
    const kept = parsed?.earlier.map((turn) => turn.question) ?? [];
    // The newest turns, contiguous up to the last one; the oldest ones left out and counted.
    expect(kept.length).toBeGreaterThan(2);
    expect(kept.length).toBeLessThan(30);
    expect(kept.at(-1)).toBe("Question number 30 about the bridge?");
    expect(kept).toEqual(
      Array.from(
        { length: kept.length },
        (_, index) => `Question number ${31 - kept.length + index} about the bridge?`,
      ),
    );
    expect(prompt).toContain(`(${30 - kept.length} earlier questions left out)`);
    expect(parsed?.question).toBe("Who paid for it?");
  });

  it("stays within the bound with the longest question and answers of any length", () => {
    const question = "why ".repeat(600);
    const prompt = followUpPrompt(turns(30), question);
    expect(prompt.length).toBeLessThanOrEqual(FOLLOW_UP_PROMPT_MAX);
    expect(parseFollowUpPrompt(prompt)?.question).toBe(question.trim().slice(0, 2_000).trim());
  });

  it("writes each earlier turn on a question line and an answer line, cut short, oldest first", () => {
    const prompt = followUpPrompt(
      [
        { question: "What is this page about?", answer: "A **bridge**.\n\n- paid by the region" },
        { question: "When?", answer: "x".repeat(2_000) },
      ],
      "Who paid for it?\nAnd how much?",
    );
    expect(
      prompt.startsWith(
        `${EARLIER_HEADER}\n\nQuestion: What is this page about?\nAnswer: A **bridge**. - paid`,
      ),
    ).toBe(true);
    expect(prompt.endsWith(`${FOLLOW_UP_HEADER}\nWho paid for it?\nAnd how much?`)).toBe(true);
    const parsed = parseFollowUpPrompt(prompt);
    expect(parsed?.earlier.map((turn) => turn.question)).toEqual(["What is this page about?", "When?"]);
    expect(parsed?.earlier[1]?.answer).toHaveLength(TURN_ANSWER_MAX);
    expect(parsed?.question).toBe("Who paid for it?\nAnd how much?");
  });

  it("reads no thread in an ordinary prompt", () => {
    expect(parseFollowUpPrompt("Summarize this page.")).toBeUndefined();
    expect(parseFollowUpPrompt(`${EARLIER_HEADER}\nsomething else`)).toBeUndefined();
  });
});
