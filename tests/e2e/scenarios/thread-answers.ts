/**
 * Thread answers (issue 43): on our encyclopedia page, the offline service's answer to "Who designed the
 * Halvard Crossing?" emphasizes the designer; the follow-up "When was she born?" leads with her birth (not
 * the bridge's opening), and "How long is the bridge?" with its length (not its traffic), each in its own
 * turn of the thread in the side panel.
 */
import type { DriverPage, Evaluator } from "../drivers/driver";
import { expect } from "../fixtures";
import { analyzed, pageConnectedTo } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

const PAGE = "/wiki/halvard-crossing.html";
const TITLE = "Halvard Crossing - Northpedia";

interface ShownAnswer {
  /** The answer's first paragraph as shown. */
  lead: string;
  /** The whole answer as shown. */
  text: string;
  /** What it emphasizes, in order. */
  emphasized: string[];
}

/** The answer shown under the turn asking `question` (empty while it has none), or the first analysis's. */
function shownAnswer(page: Evaluator, question?: string): Promise<ShownAnswer> {
  return page.evaluate((asked) => {
    const turn = asked
      ? [...document.querySelectorAll(".thread__turn[data-analysis-id]")].find(
          (item) => item.querySelector(".thread__question")?.textContent === asked,
        )
      : document.querySelector('section[aria-labelledby="detail-text"]');
    const answer = asked ? turn?.querySelector(".thread__answer") : turn;
    if (!answer) return { lead: "", text: "", emphasized: [] };
    return {
      lead: answer.querySelector("p")?.textContent?.trim() ?? "",
      text: answer.textContent ?? "",
      emphasized: [...answer.querySelectorAll("strong")].map((strong) => strong.textContent ?? ""),
    };
  }, question);
}

/** Asks `question` under the open answer and waits for its own turn's answer. */
async function ask(page: DriverPage, question: string): Promise<ShownAnswer> {
  await page.fill("textbox", "Ask a follow-up", question);
  await page.click("button", "Ask");
  await expect.poll(async () => (await shownAnswer(page, question)).lead, { timeout: 45_000 }).not.toBe("");
  return shownAnswer(page, question);
}

export function threadAnswersScenario(test: ScenarioTest): void {
  test("thread answers: a pronoun follow-up answers about the person the thread named, 'how long' of a thing is its length, the emphasis is the answer", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    const library = await pageConnectedTo(driver, "sidepanel.html", service.url, tenantKey);
    await analyzed(library, { links: [fixtureSite.url(PAGE)], prompt: "Who designed the Halvard Crossing?" });
    await library.clickText(TITLE);
    await library.waitForText("Ask a follow-up");
    await expect.poll(async () => (await shownAnswer(library)).emphasized[0]).toBe("Solberg");

    const born = await ask(library, "When was she born?");
    expect(born.lead.startsWith("Solberg was born in Tromsø in 1962")).toBe(true);
    expect(born.emphasized[0]).toBe("1962");
    expect(born.text).not.toContain("14 June 2011");

    const length = await ask(library, "How long is the bridge?");
    expect(length.lead.startsWith("The crossing is 1,340 metres long")).toBe(true);
    expect(length.emphasized[0]).toBe("1,340 metres");
    expect(length.text).not.toContain("vehicles");
    await library.close();
  });
}
