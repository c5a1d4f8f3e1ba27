/**
 * Whom a follow-up's pronoun stands for (server/generate/text/thread-subject.ts), read from the prompt the
 * extension writes (lib/thread/thread-prompt.ts): a person's pronoun takes the person the thread named, a
 * thing's pronoun the thing.
 */
import { describe, expect, it } from "vitest";
import { followUpPrompt } from "../../lib/thread/thread-prompt";
import { readFollowUp } from "../../server/generate/text/follow-up";

const DESIGNED = "Who designed the Halvard Crossing?";
/** The offline generator's answer: its span emphasized, the full name after it. */
const EMPHASIZED =
  "Spanning the Vesterfjord, the crossing was designed by **Solberg** (Ingrid Solberg) as a pair of slender A-shaped towers.";

const asked = (turns: Array<[string, string]>, question: string) =>
  readFollowUp(
    followUpPrompt(
      turns.map(([q, answer]) => ({ question: q, answer })),
      question,
    ),
  )?.question;

describe("the subject of a follow-up's pronoun", () => {
  it("is the person the answer to a 'who' question gave, emphasized or not", () => {
    expect(asked([[DESIGNED, EMPHASIZED]], "When was she born?")).toBe("When was Ingrid Solberg born?");
    // A model's answer has no emphasis: the first person it names, not the fjord before it.
    const plain = "Spanning the Vesterfjord, the bridge was designed by the engineer Ingrid Solberg.";
    expect(asked([[DESIGNED, plain]], "Where did he study?")).toBe("Where did Ingrid Solberg study?");
  });

  it("is the person a question named, through a chain of pronouns", () => {
    const turns: Array<[string, string]> = [
      [DESIGNED, EMPHASIZED],
      ["When was she born?", "Solberg was born in Tromsø in **1962**."],
    ];
    expect(asked(turns, "Where did she study civil engineering?")).toBe(
      "Where did Ingrid Solberg study civil engineering?",
    );
    expect(asked([["Who is Ada Lovelace?", "Ada Lovelace was a mathematician."]], "When did she die?")).toBe(
      "When did Ada Lovelace die?",
    );
  });

  it("is, for a thing's pronoun, what the newest question naming no one asked about", () => {
    const turns: Array<[string, string]> = [
      [DESIGNED, EMPHASIZED],
      ["When was she born?", "Solberg was born in Tromsø in **1962**."],
    ];
    expect(asked(turns, "When did it open?")).toMatch(/^When did designed Halvard Crossing open\?$/i);
    expect(asked([["How much did the project cost?", "412 million pounds."]], "Who paid for it?")).toBe(
      "Who paid for project cost?",
    );
  });

  it("leaves a person's pronoun alone when the thread named no one", () => {
    expect(
      asked([["How much did the project cost?", "It cost 412 million pounds."]], "Who did she thank?"),
    ).toBe("Who did project cost thank?");
  });
});
