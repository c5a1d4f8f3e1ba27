/**
 * The options page's language choice: German chosen there turns the open side panel and the options page
 * themselves into German at once, with no reload, and "the browser's language" turns them back.
 */
import { expect, test } from "./fixtures";

test("a language chosen in the options applies at once to the open pages, and back", async ({
  openExtensionPage,
}) => {
  const sidepanel = await openExtensionPage("sidepanel.html");
  await expect(sidepanel.locator(".section-nav button").nth(2)).toHaveText("Usage");
  const options = await openExtensionPage("options.html");
  const choice = options.getByLabel("Show Linklens in");
  await expect(choice).toHaveValue("browser");

  await choice.selectOption("de");
  await expect(options.getByRole("heading", { name: "Sprache" })).toBeVisible();
  await expect(options.locator("html")).toHaveAttribute("lang", "de");
  await expect(sidepanel.locator(".section-nav button").nth(2)).toHaveText("Verbrauch");
  await expect(sidepanel).toHaveTitle("Linklens-Bibliothek");

  await options.getByLabel("Linklens anzeigen auf").selectOption("browser");
  await expect(options.getByRole("heading", { name: "Language" })).toBeVisible();
  await expect(sidepanel.locator(".section-nav button").nth(2)).toHaveText("Usage");
});
