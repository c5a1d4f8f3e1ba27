/** Steps several scenarios take with a page in a tab and its popup, as a user takes them. */
import type { ExtensionDriver, UserTab } from "../drivers/driver";
import { expect } from "../fixtures";

/**
 * Opens `url` in a tab and its popup, which names the page; asks `prompt` there and waits for the answer
 * (its credits). Returns the tab and the popup.
 */
export async function askedInPopup(driver: ExtensionDriver, url: string, prompt: string) {
  const tab = await driver.openTab(url);
  const popup = await driver.openPopupFor(tab);
  await popup.waitForText(url);
  await popup.fill("textbox", "Prompt", prompt);
  await popup.click("button", "Analyze");
  await popup.waitForText("Credits used", 45_000);
  return { tab, popup };
}

/** Points `tab` at `url` and waits until it shows that page. */
export async function showInTab(tab: UserTab, url: string): Promise<void> {
  // Navigated after the call answers, so the evaluation is not cut off by its own navigation.
  await tab.page.evaluate((next) => {
    setTimeout(() => location.assign(next), 0);
  }, url);
  // Mid-navigation the page has no context to ask: that try reads as not there yet.
  const path = () => tab.page.evaluate(() => location.pathname, undefined).catch(() => "");
  await expect.poll(path).toBe(new URL(url).pathname);
}
