/**
 * A conversation with a page (issue 31): three follow-ups under an answer in the side panel's detail, a
 * pronoun follow-up answered about the right subject; the thread survives a reload and an export imported
 * into a fresh profile, as one library row with the thread's total credits.
 */
import type { CachedAnalysis } from "../../../lib/db/schema";
import { THREAD_KEY } from "../../../lib/thread/thread-metadata";
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { analyzed, pageConnectedTo, rows } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";
import { answeredTurns } from "./thread-view";

const ARTICLE = "/news/article.html";
const TITLE = "Riverside tram line opens after four years of works";

/**
 * Asks `question` under the open answer and waits for its own turn to be answered on screen, holding
 * `answered`: the text alone could be an earlier answer's (the first one names the campus at Kestrel Hill
 * too), and the next question would then be asked before this one's answer came.
 */
async function ask(page: DriverPage, question: string, answered: string): Promise<void> {
  await page.fill("textbox", "Ask a follow-up", question);
  await page.click("button", "Ask");
  await expect
    .poll(async () => (await answeredTurns(page)).map((turn) => turn.question), { timeout: 45_000 })
    .toContain(question);
  await page.waitForText(answered);
}

export function followUpsScenario(test: ScenarioTest): void {
  test("follow-ups: three questions threaded on one page, a pronoun answered about its subject; the thread survives a reload and an import", async ({
    driver,
    launchDriver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(180_000);
    const library = await pageConnectedTo(driver, "sidepanel.html", service.url, tenantKey);
    await analyzed(library, { links: [fixtureSite.url(ARTICLE)], prompt: "What is this page about?" });
    await library.clickText(TITLE);

    await ask(library, "Where is the Kestrel Hill depot?", "university campus at Kestrel Hill");
    // "it" is the depot the question before asked about; what answers it was said already, and says so.
    await ask(
      library,
      "Who complained about it?",
      "As an earlier answer said: Residents near the Kestrel Hill depot",
    );
    await ask(library, "How much did the project cost?", "412 million pounds");
    const turns = await rows<CachedAnalysis>(library, "analyses");
    expect(turns).toHaveLength(4);
    const threads = new Set(turns.map((row) => row.metadata?.[THREAD_KEY] ?? row.analysisId));
    expect(threads.size).toBe(1);
    await library.close();

    // A reload: the library shows the thread as one row, and opening it shows every turn.
    const reloaded = await driver.openExtensionPage("sidepanel.html");
    await reloaded.waitForText("4 questions");
    await reloaded.waitForText("4 credits");
    await reloaded.clickText(TITLE);
    await reloaded.waitForText("Who complained about it?");
    await reloaded.waitForText("412 million pounds");

    // Exported, then imported into a fresh profile: one row, the same turns, the right total.
    await reloaded.click("button", "Back to the library");
    await reloaded.click("button", "Export and import");
    const exported = await reloaded.download("button", "Export all");
    const fresh = await launchDriver();
    const other = await fresh.openExtensionPage("sidepanel.html");
    await other.waitForText("No analyses yet");
    await other.click("button", "Export and import");
    await other.upload("button", "Import JSON…", exported);
    await other.waitForText(`${exported.name}: 4 added, 0 updated, 0 skipped.`);
    await other.waitForText("4 questions");
    await other.waitForText("4 credits");
    await other.clickText(TITLE);
    await other.waitForText("Where is the Kestrel Hill depot?");
    await other.waitForText("Who complained about it?");
    await other.waitForText("How much did the project cost?");
  });
}
