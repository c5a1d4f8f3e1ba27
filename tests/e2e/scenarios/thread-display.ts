/**
 * A thread as it reads (issue 44), asked in the popup with a request that is not a question: Relevance
 * is explained there instead of a 0% that says nothing; each turn's cost has the whole thread's beside
 * it, in the popup and in the side panel's detail; the detail's related list (at 400 px) leaves out the
 * thread's own turns, lists the other page, never shows a thread's keys raw, and its "Open" keeps its word.
 */
import type { CachedAnalysis } from "../../../lib/db/schema";
import type { DriverPage, Evaluator } from "../drivers/driver";
import { expect } from "../fixtures";
import { analyzed, optionsConnectedTo, rows } from "./extension-state";
import { askedInPopup } from "./popup-steps";
import type { ScenarioTest } from "./scenario-test";
import { answeredTurns } from "./thread-view";

const ARTICLE = "/news/article.html";
const TITLE = "Riverside tram line opens after four years of works";
const ASK = "Ask a follow-up";
const TOTAL = "Whole thread: 3 credits for 3 questions";

/** The related list as shown: each item's analysis id, and how many lines its "Open" takes. */
function relatedItems(page: Evaluator): Promise<{ ids: string[]; openLines: number[]; listing: boolean }> {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll<HTMLElement>(".related-item")];
    const openLines = items.map((item) => {
      const range = document.createRange();
      range.selectNodeContents(item.querySelector("button") as HTMLElement);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    const listing = (document.querySelector(".related__status")?.textContent ?? "") !== "";
    return { ids: items.map((item) => item.dataset.analysisId ?? ""), openLines, listing };
  }, null);
}

async function askWithEnter(popup: DriverPage, question: string, turns: number): Promise<void> {
  await popup.fill("textbox", ASK, question);
  await popup.press("textbox", ASK, "Enter");
  await expect.poll(async () => (await answeredTurns(popup)).length, { timeout: 45_000 }).toBe(turns);
}

export function threadDisplayScenario(test: ScenarioTest): void {
  test("a thread as it reads: Relevance only for a question, the thread's total beside each turn's cost, a related list without its own turns or raw keys", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(180_000);
    const options = await optionsConnectedTo(driver, service.url, tenantKey);
    const { popup } = await askedInPopup(driver, fixtureSite.url(ARTICLE), "Summarize the article");
    // A summary's score measures no question: it is explained, never shown as a figure.
    await popup.waitForText("Relevance: for questions only");
    expect(await popup.text()).not.toMatch(/Relevance \d+\s?%/);

    await askWithEnter(popup, "Where is the Kestrel Hill depot?", 1);
    await askWithEnter(popup, "How much did the project cost?", 2);
    // "Credits used" is the first answer's; the thread's total is said beside it.
    await popup.waitForText(TOTAL);
    expect(await popup.text()).not.toContain("linklens.");
    await popup.close();

    // Another analysis of the page, outside the thread: the related list has it to list beside the turns.
    const other = await analyzed(options, {
      links: [fixtureSite.url(ARTICLE)],
      prompt: "Which city is it in?",
    });
    const turns = (await rows<CachedAnalysis>(options, "analyses")).filter(
      (row) => !other.analysisIds.includes(row.analysisId),
    );
    expect(turns).toHaveLength(3);

    const panel = await driver.openExtensionPage("sidepanel.html");
    await panel.resize(400, 800);
    await panel.clickText("3 questions");
    await panel.waitForText(TITLE);
    await panel.waitForText(TOTAL);
    await panel.waitForText("For questions only");
    // The related list: the other page, none of the thread's turns, each "Open" on one line.
    await expect
      .poll(async () => {
        const related = await relatedItems(panel);
        return related.listing ? undefined : related.ids;
      })
      .toEqual(other.analysisIds);
    expect((await relatedItems(panel)).openLines).toEqual([1]);
    expect(await panel.text()).not.toContain("linklens.");
  });
}
