/**
 * Sources on the page (issue 32): analyze the open page in the popup, follow the first source marker, and
 * the open tab highlights the passage (read back through `CSS.highlights`); once the tab shows another
 * page, the same marker opens the page at the passage's text fragment instead. Firefox: a test cannot click
 * the toolbar button, so no `activeTab` reaches the page and the marker always opens the text fragment
 * (the popup reads its tab through `tabs`, which also shows the opened tab's address).
 */
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { storeSettings, turnOnToolbarCount } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

const ARTICLE = "/news/article.html";
const PROMPT = "How much did the project cost?";

/** The first marker's accessible name and the passage it shows on focus. */
function firstMarker(popup: DriverPage): Promise<{ name: string; passage: string }> {
  return popup.evaluate(() => {
    const marker = document.querySelector("button.source-marker");
    const passage = document.getElementById(marker?.getAttribute("aria-describedby") ?? "");
    return { name: marker?.getAttribute("aria-label") ?? "", passage: passage?.textContent ?? "" };
  }, undefined);
}

/** The text of the page's source highlight, white space folded ("" when there is none). */
function highlighted(page: DriverPage): Promise<string> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get("linklens-source");
    const ranges = highlight ? [...highlight] : [];
    return ranges.map((range) => range.toString().replace(/\s+/g, " ")).join("|");
  }, undefined);
}

/** The addresses of the tabs showing `url` at a text fragment (needs `tabs`, to read other tabs' addresses). */
function fragmentTabs(page: DriverPage, url: string): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const tabs: Array<{ url?: string }> = await (globalThis as any).browser.tabs.query({});
    return tabs.flatMap((tab) => (tab.url?.startsWith(`${wanted}#:~:text=`) ? [tab.url] : []));
  }, url);
}

export function sourcesScenario(test: ScenarioTest): void {
  test("sources: a marker highlights its passage in the open page, or opens the page at its text fragment", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    const options = await driver.openExtensionPage("options.html");
    await storeSettings(options, { baseUrl: service.url, apiKey: tenantKey });
    if (driver.browserName === "firefox") await turnOnToolbarCount(options);
    const tab = await driver.openTab(fixtureSite.url(ARTICLE));

    const popup = await driver.openPopupFor(tab);
    await popup.fill("textbox", "Prompt", PROMPT);
    await popup.click("button", "Analyze");
    await popup.waitForText("412 million pounds", 45_000);
    await popup.waitForText("Sources on the page:");
    const marker = await firstMarker(popup);
    expect(marker.name).toMatch(/^Source 1: /);
    expect(marker.passage).toContain("412 million pounds");

    await popup.click("button", marker.name);
    if (driver.browserName === "firefox") {
      await popup.waitForText("The page opened in a new tab at the passage.");
      await expect.poll(() => fragmentTabs(popup, fixtureSite.url(ARTICLE))).toHaveLength(1);
      return;
    }
    await expect.poll(() => highlighted(tab.page)).toBe(marker.passage.replace(/\s+/g, " "));

    // The tab now shows another page: the marker opens the article at the passage instead.
    // Navigated after the call answers, so the evaluation is not cut off by its own navigation.
    await tab.page.evaluate((url) => {
      setTimeout(() => location.assign(url), 0);
    }, fixtureSite.url("/blog/post.html"));
    // Mid-navigation the page has no context to ask: that try reads as not there yet.
    const path = () => tab.page.evaluate(() => location.pathname, undefined).catch(() => "");
    await expect.poll(path).toBe("/blog/post.html");
    await popup.click("button", marker.name);
    await popup.waitForText("The page opened in a new tab at the passage.");
  });
}
