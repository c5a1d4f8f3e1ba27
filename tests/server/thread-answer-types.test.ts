/**
 * Follow-ups and answer types (issue 43, point 3), answered by the reference service's offline generator
 * over HTTP on our fixture encyclopedia page (tests/fixtures/site/wiki/halvard-crossing.html), each
 * follow-up in the prompt the extension writes (lib/thread/thread-prompt.ts): a pronoun takes its subject
 * from the thread and the answer leads with that subject's fact; "how long" of a thing is a length, of an
 * event a duration; the emphasized span is the answer's.
 */
import { describe, expect, it } from "vitest";
import { questionsOn } from "./helpers/follow-up-thread";
import { siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();
const { answer, thread } = questionsOn(env, "/wiki/halvard-crossing.html");

/** The answer's emphasized spans. */
const emphasized = (text: string) => [...text.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]);

describe("follow-ups and answer types on the Halvard Crossing page", { timeout: 60_000 }, () => {
  it('emphasizes the designer for "Who designed …?", not a place the sentence names', async () => {
    const designer = await answer("Who designed the Halvard Crossing?");
    const [first] = emphasized(designer);
    expect(first).toMatch(/Solberg/);
    expect(designer).not.toMatch(/\*\*(?:the )?(?:Vesterfjord|Ramsund Bridge|Bodø)\*\*/);
  });

  it('answers "When was she born?" after "Who designed …?" with the designer\'s birth, not the bridge\'s opening', async () => {
    const born = (await thread(["Who designed the Halvard Crossing?", "When was she born?"]))[1] ?? "";
    expect(born.startsWith("Solberg was born in Tromsø in **1962**")).toBe(true);
    expect(born).not.toContain("14 June 2011");
    // Asked alone, the page answers the same.
    expect(
      (await answer("When was Ingrid Solberg born?")).startsWith("Solberg was born in Tromsø in **1962**"),
    ).toBe(true);
  });

  it("gives a thing's length for \"how long\", and an event's duration", async () => {
    const bridge = await answer("How long is the bridge?");
    expect(bridge.startsWith("The crossing is **1,340 metres** long")).toBe(true);
    expect(bridge).not.toContain("vehicles");
    const works = await answer("How long did the construction take?");
    expect(works).toMatch(/^Construction began in March 2007 and took \*\*four years\*\*/);
  });

  it("keeps a thing's pronoun on the thing when the thread turned to a person", async () => {
    const turns = [
      "Who designed the Halvard Crossing?",
      "When was she born?",
      "When did it open to traffic?",
    ];
    const opened = (await thread(turns))[2] ?? "";
    expect(opened).toContain("**14 June 2011**");
    expect(opened).not.toContain("1962");
  });
});
