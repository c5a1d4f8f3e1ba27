/**
 * The side panel's library as the tests drive it: a row, the count line, and the folded filters.
 */
import type { Locator, Page } from "@playwright/test";

/** The library's row of the analysis `analysisId`. */
export function libraryRow(page: Page, analysisId: string): Locator {
  return page.locator(`.library-row[data-analysis-id="${analysisId}"]`);
}

/** The line that counts the analyses listed ("6 analyses", "1 analysis matches"). */
export function libraryCount(page: Page): Locator {
  return page.locator(".library__count");
}

/** Unfolds the library's filters, as a user clicks their toggle; open ones stay open. */
export async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: /^Filters/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}
