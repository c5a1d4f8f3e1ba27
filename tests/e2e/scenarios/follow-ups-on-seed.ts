/**
 * Follow-ups (issue 31) on a service written from the seed alone (tests/fixtures/seed-service): asked in
 * the popup with Enter, each a turn with its own credit and no raw Markdown; Rebuild thread through the
 * thread's metadata filter, then, once the service ignores that filter, from the library only, which the
 * popup says; opened again, the popup counts the thread once. Each browser's seed-mock suite hands in its
 * mock, whose choices the scenario changes.
 */
import type { SeedService } from "../../fixtures/seed-service/seed-service";
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { optionsConnectedTo } from "./extension-state";
import { askedInPopup } from "./popup-steps";
import type { ScenarioTest } from "./scenario-test";
import { answeredTurns } from "./thread-view";

const ARTICLE = "/news/article.html";
const ASK = "Ask a follow-up";

async function askWithEnter(popup: DriverPage, question: string): Promise<void> {
  await popup.fill("textbox", ASK, question);
  await popup.press("textbox", ASK, "Enter");
  // Sent: the question moved into the thread, and the input is empty for the next one.
  await expect.poll(() => popup.valueOf("textbox", ASK)).toBe("");
}

export function followUpsOnSeedScenario(test: ScenarioTest, seed: () => SeedService): void {
  test("follow-ups in the popup: a thread of three turns, rebuilt through the metadata filter, or from the library when the service ignores it", async ({
    driver,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    await optionsConnectedTo(driver, seed().url, tenantKey);
    const { tab, popup } = await askedInPopup(driver, fixtureSite.url(ARTICLE), "What is this page about?");

    const questions = ["How much did it cost?", "Who paid for it?"];
    for (const [index, question] of questions.entries()) {
      await askWithEnter(popup, question);
      await expect
        .poll(() => answeredTurns(popup), { timeout: 45_000 })
        .toEqual(
          questions
            .slice(0, index + 1)
            .map((asked) => ({ question: asked, meta: expect.stringContaining("1 credit") })),
        );
    }
    // Markdown is never shown raw: not in the answer, not in the turns.
    expect(await popup.text()).not.toContain("**");

    await popup.click("button", "Rebuild thread");
    await popup.waitForText("The library already held every turn the service has.");
    const filtered = seed().requests({ path: "/v1/analyses/related" });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((request) => request.query.metadata !== undefined)).toBe(true);

    // Another analysis of the key, of another page: a service that ignores the filter lists it too.
    const other = await fetch(`${seed().url}/v1/links`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": tenantKey },
      body: JSON.stringify({ link: ["https://pages.example/seed-article-1"], prompt: "Summary?" }),
    });
    expect(other.status).toBe(200);
    const before = seed().choices.metadataFilter;
    seed().choose({ metadataFilter: "ignore" });
    try {
      await popup.click("button", "Rebuild thread");
      await popup.waitForText(
        "This service ignores the thread filter, so the thread was rebuilt from this library only (3 turns).",
      );
      expect(await answeredTurns(popup)).toHaveLength(2);
    } finally {
      seed().choose({ metadataFilter: before });
    }

    // Opened again, the popup counts the thread as one analysis of the page, not each turn as an earlier one.
    await popup.close();
    const reopened = await driver.openPopupFor(tab);
    await reopened.waitForText(fixtureSite.url(ARTICLE));
    await reopened.waitForText("Who paid for it?");
    expect(await reopened.text()).not.toMatch(/earlier analys[ie]s? of this page/);
  });
}
