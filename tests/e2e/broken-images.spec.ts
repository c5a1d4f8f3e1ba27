/**
 * A page whose images all answer 404 (lead image, icon, both photos), analyzed from the popup against
 * the real service: no broken image shows in the popup or the side panel, the gallery with none loaded
 * is not there (nor its heading or captions), and the icon is the site's initial in a circle.
 */
import type { Page } from "@playwright/test";
import type { CachedAnalysis } from "../../lib/db/schema";
import { readRow } from "./extension-data";
import { expect } from "./fixtures";
import { test } from "./popup-fixtures";
import { libraryRow } from "./sidepanel-page";

test.use({ ignoreHTTPSErrors: true });

/** The images on screen that are not a loaded picture: still loading, or failed and shown broken. */
function imagesNotShownWhole(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => image.getClientRects().length > 0 && getComputedStyle(image).visibility !== "hidden")
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.src),
  );
}

test("images that 404 leave no broken image, caption or count in the popup and the side panel", async ({
  serviceWorker,
  fixtureSite,
  popupOn,
  tenantKey,
  openExtensionPage,
}) => {
  const { page: article, popup } = await popupOn("/gallery/broken.html", { apiKey: tenantKey });
  await expect(article).toHaveTitle("Harbour lights after the storm");
  await popup.prompt.fill("What happened to the harbour lights?");
  await popup.analyze.click();
  await expect(popup.card).toBeVisible({ timeout: 30_000 });

  // The service did send the page's images, so there was something to fail.
  const analysisId = (await popup.card.getAttribute("data-analysis-id")) as string;
  const record = (await readRow<CachedAnalysis>(serviceWorker, "analyses", analysisId)) as CachedAnalysis;
  expect(record.analysis?.image ?? record.analysis?.extras?.imageLinks?.[0]).toMatch(/\/gallery\/missing\//);
  expect(record.analysis?.favicon).toMatch(/\/gallery\/missing\/icon\.png$/);
  const requested = () => fixtureSite.requested.filter((path) => path.startsWith("/gallery/missing/"));

  // Popup: the icon and the lead image failed; the initial stands in for the icon.
  await expect.poll(requested).toContain("/gallery/missing/icon.png");
  await expect.poll(() => imagesNotShownWhole(popup.page)).toEqual([]);
  await expect(popup.card.locator(".analysis-card__favicon.favicon-letter")).toHaveText("L");
  await expect(popup.card.locator("img:visible")).toHaveCount(0);

  // Side panel: the row's and the detail's icons are initials; no gallery, heading or caption.
  const panel = await openExtensionPage("sidepanel.html");
  const row = libraryRow(panel, analysisId);
  await expect(row.locator(".favicon-letter")).toHaveText("L");
  await row.click();
  await expect(panel.locator("#detail-title")).toContainText("Harbour lights");
  await expect(panel.locator(".detail__icon.favicon-letter")).toHaveText("L");
  await expect
    .poll(() => requested().filter((path) => /pier|ferry|cover/.test(path)).length)
    .toBeGreaterThan(0);
  await expect.poll(() => imagesNotShownWhole(panel)).toEqual([]);
  await expect(panel.getByText(/^Image \d+ of the page$/)).toHaveCount(0);
  await expect(panel.getByRole("heading", { name: /\d+ images?$/ })).toHaveCount(0);
  await expect(panel.getByAltText(/Image \d+ of the page/)).toBeHidden();
});
