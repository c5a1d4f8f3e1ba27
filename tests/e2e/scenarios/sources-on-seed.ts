/**
 * Sources on a seed-only service (issue 44): its `analysis.text` is its own description of the page ("News
 * Article Html. A page of localhost:N about news article html."), which the seed does not say is the page's
 * text. An answer quoting that description gets a marker, but the foot claims no passage on the page; the
 * marker, followed, looks for the passage in the live page: the open tab showing the page says it is not
 * there, opening nothing; once the tab shows another page, the page is opened plainly (no text fragment)
 * and looked in (Firefox, the page's origin granted), or said to be out of Linklens's reach (Chromium,
 * whose `activeTab` does not reach a tab the extension opened). Never "opened at the passage".
 */
import type { SeedService } from "../../fixtures/seed-service/seed-service";
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { grantOriginByClick, optionsConnectedTo } from "./extension-state";
import { showInTab } from "./popup-steps";
import type { ScenarioTest } from "./scenario-test";

const ARTICLE = "/news/article.html";
const NOT_ON_PAGE = "This passage is not on the page as it is now.";

/** How many tabs the browser has open (an extension page may count them without `tabs`). */
function tabCount(page: DriverPage): Promise<number> {
  return page.evaluate(async () => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    return (await api.tabs.query({})).length as number;
  }, undefined);
}

/** The first marker's accessible name, and the passage it shows. */
function firstMarker(popup: DriverPage): Promise<{ name: string; passage: string }> {
  return popup.evaluate(() => {
    const marker = document.querySelector("button.source-marker");
    const passage = document.getElementById(marker?.getAttribute("aria-describedby") ?? "");
    return { name: marker?.getAttribute("aria-label") ?? "", passage: passage?.textContent ?? "" };
  }, undefined);
}

export function sourcesOnSeedScenario(test: ScenarioTest, seed: () => SeedService): void {
  test("sources on a seed-only service: its own text is not claimed as the page's, and a passage the live page lacks is said to be so", async ({
    driver,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    const options = await optionsConnectedTo(driver, seed().url, tenantKey);
    const articleUrl = fixtureSite.url(ARTICLE);
    const description = `A page of ${new URL(articleUrl).host} about news article html.`;
    const tab = await driver.openTab(articleUrl);
    const popup = await driver.openPopupFor(tab);
    // The mock's answer echoes the prompt: it quotes the mock's own description of the page.
    await popup.fill("textbox", "Prompt", `Where does the page say this?\n${description}`);
    await popup.click("button", "Analyze");
    await popup.waitForText("In the service's text: 1 passage, not yet found on the page", 45_000);
    expect(await popup.text()).not.toContain("Sources on the page");
    const marker = await firstMarker(popup);
    expect(marker.name).toMatch(/^Source 1: A page of /);
    expect(marker.passage).toBe(description);

    if (driver.browserName === "firefox")
      await grantOriginByClick(options, `https://${new URL(fixtureSite.url("/")).hostname}`);
    const tabs = await tabCount(popup);
    // The open tab shows the page, which does not hold the passage: said so, nothing opened.
    await popup.click("button", marker.name);
    await popup.waitForText(NOT_ON_PAGE);
    expect(await popup.text()).not.toContain("The page opened in a new tab");
    expect(await tabCount(popup)).toBe(tabs);

    // The tab shows another page: the article is opened for the passage, at its own address, and looked in.
    await showInTab(tab, fixtureSite.url("/blog/post.html"));
    await popup.click("button", marker.name);
    const opened = await driver.openedTab(articleUrl);
    expect(opened.url).toBe(articleUrl);
    const expected =
      driver.browserName === "firefox"
        ? NOT_ON_PAGE
        : "The page opened in a new tab, where Linklens may not look for the passage.";
    await expect
      .poll(async () => {
        const text = await popup.text();
        return text.includes(expected) && !text.includes("Reading the page…");
      })
      .toBe(true);
    expect(await popup.text()).not.toContain("The page opened in a new tab at the passage.");
    expect(await tabCount(popup)).toBe(tabs + 1);
  });
}
