/**
 * Sources on the page against the seed-only mock (tests/fixtures/seed-service), whose answer echoes the
 * prompt: a prompt quoting the article makes an answer with a sentence from the page. Once with the
 * mock's own `analysis.text` (a line about the address, which supports nothing), once without it (the
 * popup reads the open tab's text on the user's click, and the marker highlights the passage there).
 */
import type { Page } from "@playwright/test";
import { type SeedService, startSeedService } from "../fixtures/seed-service/seed-service";
import { expect, TEST_API_KEY } from "./fixtures";
import { test } from "./popup-fixtures";
import { writeSettings } from "./popup-page";

test.use({ ignoreHTTPSErrors: true });

const QUOTE = "The project cost 412 million pounds, about 18 per cent more than first planned.";
const PROMPT = `Where does the page say this?\n${QUOTE}`;

let seed: SeedService;
test.beforeEach(async () => {
  seed = await startSeedService({ apiKeys: [TEST_API_KEY] });
});
test.afterEach(async () => {
  await seed.close();
});

function highlighted(page: Page): Promise<string> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get("linklens-source");
    return [...(highlight ?? [])].map((range) => range.toString().replace(/\s+/g, " ")).join("|");
  });
}

test("with the service's page text: an answer it does not support says so, and offers no marker", async ({
  context,
  serviceWorker,
  fixtureSite,
  openPopupFor,
}) => {
  await writeSettings(serviceWorker, { baseUrl: seed.url, apiKey: TEST_API_KEY });
  const article = await context.newPage();
  await article.goto(fixtureSite.url("/news/article.html"));
  const popup = await openPopupFor(article);
  await popup.prompt.fill(PROMPT);
  await popup.analyze.click();
  await expect(
    popup.card.getByText("No passage of the page supports this answer word for word."),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(popup.card.getByRole("button", { name: /^Source \d/ })).toHaveCount(0);
  await expect(popup.card.getByRole("button", { name: "Find the sources on the open tab" })).toHaveCount(0);
});

test("without it: the open tab's text is read on the click, and the keyboard follows the marker to the passage", async ({
  context,
  serviceWorker,
  fixtureSite,
  openPopupFor,
}) => {
  seed.choose({ leaveOut: ["text"] });
  await writeSettings(serviceWorker, { baseUrl: seed.url, apiKey: TEST_API_KEY });
  const article = await context.newPage();
  await article.goto(fixtureSite.url("/news/article.html"));
  const popup = await openPopupFor(article);
  await popup.prompt.fill(PROMPT);
  await popup.analyze.click();
  await popup.card
    .getByRole("button", { name: "Find the sources on the open tab" })
    .click({ timeout: 30_000 });
  await expect(popup.card.getByText("Sources on the page: 1 passage")).toBeVisible();
  const marker = popup.card.getByRole("button", { name: `Source 1: ${QUOTE.slice(0, 60).trimEnd()}…` });
  await expect(marker).toHaveAccessibleDescription(QUOTE);

  // The marker sits right after the quoted sentence, in the answer itself.
  await expect(popup.card.locator(".analysis-card__text .markdown").getByRole("button")).toHaveAccessibleName(
    `Source 1: ${QUOTE.slice(0, 60).trimEnd()}…`,
  );

  // Keyboard only: Tab from the answer's box goes through it in order (the page's link, then the marker)
  // and Enter follows the marker.
  await popup.card.locator(".analysis-card__text").focus();
  await popup.page.keyboard.press("Tab");
  await expect(popup.card.locator(".analysis-card__text a").first()).toBeFocused();
  await popup.page.keyboard.press("Tab");
  await expect(marker).toBeFocused();
  await expect(popup.page.getByRole("tooltip")).toHaveText(QUOTE);
  await popup.page.keyboard.press("Enter");
  await expect.poll(() => highlighted(article)).toBe(QUOTE);
});
