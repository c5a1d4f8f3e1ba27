/**
 * The popup on the current https tab: analyze it, see the result, and find it again when the popup opens
 * again on that page. Chromium reaches the tab's address through `activeTab` (the toolbar click); Firefox,
 * where a test cannot click the toolbar button, through `tabs`, granted by turning on the toolbar count.
 */
import { expect } from "../fixtures";
import { badgeText, hasPermission, optionsConnectedTo } from "./extension-state";
import { askedInPopup } from "./popup-steps";
import type { ScenarioTest } from "./scenario-test";

const ARTICLE = "/news/article.html";
const PROMPT = "When did the tram line open, and what does it connect?";

export function popupScenario(test: ScenarioTest): void {
  test("popup: analyzes the current https tab, shows the result, and shows it again when reopened", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    const options = await optionsConnectedTo(driver, service.url, tenantKey);
    if (driver.browserName === "chromium") {
      // Nothing asked for `tabs`: the popup reads this one tab through the toolbar click's `activeTab`.
      expect(await hasPermission(options, { permissions: ["tabs"] })).toBe(false);
    }
    const { tab, popup } = await askedInPopup(driver, fixtureSite.url(ARTICLE), PROMPT);
    // The analysis's own title (the tab's title above it reads "Riverside tram line" too): its card is shown.
    await popup.waitForText("Riverside tram line opens after four years of works");
    await popup.waitForText("Relevance");
    expect(await popup.text()).toMatch(/Relevance \d+%/);
    await popup.close();

    const again = await driver.openPopupFor(tab);
    await again.waitForText("Riverside tram line");
    await again.waitForText(PROMPT);
    if (driver.browserName === "firefox") {
      // The count the user turned on: one saved analysis of this page, once its tab is the one shown.
      await options.evaluate(
        (tabId) => (globalThis as any).browser.tabs.update(tabId, { active: true }),
        tab.tabId,
      );
      await expect.poll(() => badgeText(options, tab.tabId)).toBe("1");
    }
  });
}
