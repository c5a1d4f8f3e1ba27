/**
 * The emphasized span of a factual answer is the answer's (issue 43): for "who", a person's name rather
 * than a place the sentence names or a name that qualifies a noun; for "where", the name after "in",
 * "at", "from" …; for "how long" of a thing, its length with its unit.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../../server/generate/extractive";
import { makePage } from "./helpers/sample-pages";

const generator = createExtractiveGenerator();
const answer = (prompt: string, text: string) =>
  generator.generateText({
    prompt,
    temperature: 0,
    page: makePage({ url: "https://example.com/facts", title: "Facts", text }),
  });
const emphasized = (text: string) => /\*\*([^*]+)\*\*/.exec(text)?.[1];

beforeAll(async () => {
  await warmUpExtractiveGenerator();
});

describe("the emphasized span of a factual answer", () => {
  it('is a person\'s name for "who", not the place or the title before it', async () => {
    const bridge = await answer(
      "Who designed the crossing?",
      "The crossing opened in 2011. Spanning the Vesterfjord, the crossing was designed by Solberg as a pair of towers. Tolls ended in 2021.",
    );
    expect(emphasized(bridge)).toBe("Solberg");
    const president = await answer(
      "Who is the president of South Korea?",
      "A plan to impeach South Korean President Yoon Suk Yeol failed on Saturday. Protesters gathered outside the assembly.",
    );
    expect(emphasized(president)).toBe("Yoon Suk Yeol");
  });

  it('is the place after "in" for "where"', async () => {
    const museum = await answer(
      "Where is the Bardo museum?",
      "The Bardo museum, built for Ahmed Bey as a palace, is in Tunis. It holds one of the largest collections of Roman mosaics.",
    );
    expect(emphasized(museum)).toBe("Tunis");
  });

  it("is a length with its unit for how long a thing is, a duration for how long an event lasts", async () => {
    const text =
      "The tunnel took six years to build. It is 4.2 kilometres long and carries two tracks. Trains pass through it in three minutes.";
    expect(emphasized(await answer("How long is the tunnel?", text))).toBe("4.2 kilometres");
    expect(emphasized(await answer("How long did the tunnel take to build?", text))).toBe("six years");
  });
});
