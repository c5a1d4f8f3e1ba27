/**
 * Sources on the page against the seed-only mock (tests/fixtures/seed-service), whose answer echoes the
 * prompt: a prompt quoting the article makes an answer with a sentence from the page. Once with the
 * mock's own `analysis.text` (a line about the address, which supports nothing, and which the seed does not
 * say is the page's: nothing is claimed of the page from it, and the open tab's text is offered), once
 * without it (the popup reads the open tab's text on the user's click, and the marker highlights the
 * passage there). Its own text quoted by an answer: scenarios/sources-on-seed.ts.
 */
import type { Page } from "@playwright/test";
import { type SeedService, startSeedService } from "../fixtures/seed-service/seed-service";
import { expect, TEST_API_KEY } from "./fixtures";
import { test } from "./popup-fixtures";

test.use({ ignoreHTTPSErrors: true });

const QUOTE = "The project cost 412 million pounds, about 18 per cent more than first planned.";
const SECOND_QUOTE = "Trams will run every six minutes at peak times and every ten minutes in the evening.";
const PROMPT = `Where does the page say this?\n${QUOTE} ${SECOND_QUOTE}`;
/** A marker's accessible name: "Source N: " and the passage's first 60 characters. */
const markerName = (number: number, passage: string) =>
  `Source ${number}: ${passage.slice(0, 60).trimEnd()}…`;

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

test("with the service's own text: an answer it does not support gets no marker, and nothing is said of the page from it", async ({
  popupOn,
}) => {
  const { popup } = await popupOn("/news/article.html", { baseUrl: seed.url });
  await popup.prompt.fill(PROMPT);
  await popup.analyze.click();
  // The seed does not say `analysis.text` is the page's: the open tab's text is offered instead.
  const readTab = popup.card.getByRole("button", { name: "Find the sources on the open tab" });
  await expect(readTab).toBeVisible({ timeout: 30_000 });
  await expect(popup.card.getByRole("button", { name: /^Source \d/ })).toHaveCount(0);
  await expect(popup.card.locator(".answer-sources")).not.toContainText("No passage of the page");
  await expect(popup.card.locator(".answer-sources")).not.toContainText("Sources on the page");
  await readTab.click();
  await expect(popup.card.getByText("Sources on the page: 2 passages")).toBeVisible();
});

test("without it: the open tab's text is read on the click, and the keyboard follows the marker to the passage", async ({
  popupOn,
}) => {
  seed.choose({ leaveOut: ["text"] });
  const { page: article, popup } = await popupOn("/news/article.html", { baseUrl: seed.url });
  await popup.prompt.fill(PROMPT);
  await popup.analyze.click();
  await popup.card
    .getByRole("button", { name: "Find the sources on the open tab" })
    .click({ timeout: 30_000 });
  await expect(popup.card.getByText("Sources on the page: 2 passages")).toBeVisible();
  const first = popup.card.getByRole("button", { name: markerName(1, QUOTE) });
  const second = popup.card.getByRole("button", { name: markerName(2, SECOND_QUOTE) });
  await expect(first).toHaveAccessibleDescription(QUOTE);
  await expect(second).toHaveAccessibleDescription(SECOND_QUOTE);

  // The markers sit in the answer itself, each right after its sentence.
  const answer = popup.card.locator(".analysis-card__text .markdown");
  await expect(answer.getByRole("button")).toHaveCount(2);
  const text = (await answer.textContent()) ?? "";
  expect(text).toContain(`${QUOTE}1`);
  expect(text).toContain(`${SECOND_QUOTE}2`);

  // Keyboard only: Tab from the answer's box goes through it in order (the page's link, then each marker,
  // its passage shown), and Enter follows the marker that has the focus.
  await popup.card.locator(".analysis-card__text").focus();
  await popup.page.keyboard.press("Tab");
  await expect(popup.card.locator(".analysis-card__text a").first()).toBeFocused();
  await popup.page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  await expect(popup.page.getByRole("tooltip")).toHaveText(QUOTE);
  await popup.page.keyboard.press("Tab");
  await expect(second).toBeFocused();
  await expect(popup.page.getByRole("tooltip")).toHaveText(SECOND_QUOTE);
  await popup.page.keyboard.press("Enter");
  await expect.poll(() => highlighted(article)).toBe(SECOND_QUOTE);
});
