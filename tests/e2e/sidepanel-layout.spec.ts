/**
 * The side panel docked at 400×600, with 30 analyses of long addresses and requests of long links: no
 * main region overflows sideways in Library, Detail or Usage; the library's first row starts within
 * 140 px of the top and at least 6 rows show; usage shows every request's credits inside the panel;
 * axe finds nothing serious in the light or the dark scheme.
 */
import type { Page, Worker } from "@playwright/test";
import type { AnalysisRecord } from "../../lib/api/contract";
import { expectNoSeriousViolations } from "./axe";
import { analyze, seedRecords } from "./extension-data";
import { expect, test } from "./fixtures";
import { libraryCount, libraryRow } from "./sidepanel-page";

const WIDTH = 400;
const HEIGHT = 600;
const LONG_QUERY =
  "?utm_source=weekly-newsletter-autumn-edition&utm_medium=email&utm_campaign=reading-list-with-a-very-long-name";

const RECORDS: AnalysisRecord[] = Array.from({ length: 30 }, (_, i) => ({
  analysisId: `ana_layout_${String(i).padStart(2, "0")}`,
  createdAt: new Date(Date.UTC(2026, 9, 1 + i, 9)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 9, 1 + i, 9)).toISOString(),
  analysis: {
    title: `A remarkably long page title number ${i} that keeps going well past the width of any docked panel`,
    url: `https://a-very-long-subdomain-name-${i}.publishing-platform.example/articles/2026/10/${"segment-".repeat(6)}${i}.html${LONG_QUERY}`,
    id: `pg_layout_${i}`,
    text: `Page ${i}.`,
    score: 0.42,
    publishedDate: "2025-03-14",
    author: "An author whose name is also unusually long for a byline",
  },
  textContent: `${"Averyveryverylongwordwithoutanyspaces".repeat(4)} and then the result of analysis ${i} goes on for a while.`,
  metadata: { project: `a long project name for analysis ${i}`, note: "x".repeat(120) },
}));

/** The elements of `selectors` present now whose content is wider than their box. */
function overflowing(page: Page, selectors: string[]) {
  return page.evaluate(
    (list) =>
      list.flatMap((selector) =>
        [...document.querySelectorAll<HTMLElement>(selector)]
          .filter((element) => element.scrollWidth > element.clientWidth)
          .map((element) => `${selector}: ${element.scrollWidth} > ${element.clientWidth}`),
      ),
    selectors,
  );
}

const PANEL = [".sidepanel", ".sidepanel__header", ".sidepanel__main"];

test("400×600: Library, Detail and Usage fit the width; rows start high; axe passes in both schemes", async ({
  serviceWorker,
  fixtureSite,
  sidePanelOnService,
}) => {
  test.setTimeout(150_000);
  const page = await sidePanelOnService();
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  // Requests of long links, from the real service: one of three pages, one of one.
  const links = [41, 42, 43].map((n) => fixtureSite.url(`/many/${n}.html${LONG_QUERY}&item=${n}`));
  await analyze(page, { links, prompt: "What is this page about?" });
  await analyze(page, { links: [fixtureSite.url(`/many/44.html${LONG_QUERY}`)], prompt: "Summarize." });
  await seedRecords(serviceWorker, RECORDS);
  await expect(libraryCount(page)).toHaveText("34 analyses");

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });

    // Library: one toolbar line, then the rows.
    await page.getByRole("button", { name: "Library", exact: true }).click();
    const rows = page.locator(".library-row");
    await expect(rows.first()).toBeVisible();
    expect(await overflowing(page, [...PANEL, ".library", ".library__toolbar", ".library-list"])).toEqual([]);
    // Measured with the list at its top (coming back from a detail keeps where it was).
    await page.locator(".library-list").evaluate((list) => {
      list.scrollTop = 0;
    });
    await expect(page.locator('.library-row[data-index="0"]')).toBeVisible();
    const layout = await page.evaluate(() => {
      const top = (document.querySelector(".sidepanel") as HTMLElement).getBoundingClientRect().top;
      const list = (document.querySelector(".library-list") as HTMLElement).getBoundingClientRect();
      const boxes = [...document.querySelectorAll(".library-row")].map((row) => row.getBoundingClientRect());
      return {
        firstRow: (boxes[0]?.top ?? Number.POSITIVE_INFINITY) - top,
        fullyVisible: boxes.filter((box) => box.top >= list.top - 0.5 && box.bottom <= list.bottom + 0.5)
          .length,
      };
    });
    expect(layout.firstRow, "the first row's distance from the top").toBeLessThanOrEqual(140);
    expect(layout.fullyVisible, "rows wholly visible at 600 px").toBeGreaterThanOrEqual(6);
    // Long values end at a word with "…", the whole text in the tooltip.
    const longRow = libraryRow(page, "ana_layout_29");
    const title = longRow.locator(".library-row__title");
    await expect(title).toHaveAttribute("title", /number 29 that keeps going well past the width/);
    await expect(page.getByRole("checkbox", { name: "Select all shown" })).toHaveCount(0);
    await expectNoSeriousViolations(page, `library (${colorScheme})`);

    // The menu holds export and import; a selection brings "Select all shown".
    await page.getByRole("button", { name: "Export and import" }).click();
    await expect(page.getByRole("button", { name: "Import JSON…" })).toBeVisible();
    expect(await overflowing(page, [...PANEL, ".library__actions"])).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Import JSON…" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Export and import" })).toBeFocused();
    await page.getByRole("checkbox", { name: /^Select A remarkably long page title number 29/ }).check();
    await expect(page.getByRole("checkbox", { name: "Select all shown" })).toBeVisible();
    // A selected row is marked by a bar at its left edge; the focus ring is a whole ring: told apart.
    const selectedWrap = page.locator(".library-row-wrap--selected");
    expect(await selectedWrap.evaluate((element) => getComputedStyle(element).boxShadow)).toContain("inset");
    await page.keyboard.press("Tab");
    await expect(longRow).toBeFocused();
    expect(
      await longRow.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.outlineStyle} ${style.outlineWidth} ${getComputedStyle(element.parentElement as Element).outlineStyle}`;
      }),
    ).toBe("solid 2px none");
    expect(await overflowing(page, [...PANEL, ".library", ".library__selection"])).toEqual([]);
    await expectNoSeriousViolations(page, `library with a selection (${colorScheme})`);
    await page.getByRole("button", { name: "Clear selection" }).click();
    await expect(page.getByRole("checkbox", { name: "Select all shown" })).toHaveCount(0);

    // Detail.
    await longRow.click();
    await expect(page.locator("#detail-title")).toContainText("number 29");
    await expect(page.locator(".detail__facts")).toContainText("Relevance");
    await expect(page.locator(".detail__facts")).toContainText("42%");
    expect(await overflowing(page, [...PANEL, ".detail", ".detail__facts"])).toEqual([]);
    await expectNoSeriousViolations(page, `detail (${colorScheme})`);
    await page.getByRole("button", { name: "Back to the library" }).first().click();

    // Usage: a list that fits, credits in bold inside the panel.
    await page.getByRole("button", { name: "Usage", exact: true }).click();
    const items = page.getByRole("list", { name: "Usage, newest first" }).locator(":scope > li");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).locator(".usage-item__credits")).toHaveText("1 credit");
    await expect(items.nth(1).locator(".usage-item__credits")).toHaveText("3 credits");
    await expect(page.locator('[data-total="today"]')).toContainText("4 credits");
    await expect(page.getByRole("img", { name: "Credits per day, last 30 days" })).toBeVisible();
    await items.nth(1).getByRole("button", { name: "3 pages" }).click();
    await expect(items.nth(1).getByRole("link")).toHaveCount(3);
    expect(await overflowing(page, [...PANEL, ".usage", ".usage-list", ".usage-item"])).toEqual([]);
    const creditsRight = await page
      .locator(".usage-item__credits")
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    for (const right of creditsRight) expect(right).toBeLessThanOrEqual(WIDTH);
    await expectNoSeriousViolations(page, `usage (${colorScheme})`);
  }
});

/** The stored language choice (lib/i18n/ui-language-item.ts); "pseudo" is the test builds' pseudo-locale. */
function chooseLanguage(serviceWorker: Worker, language: string) {
  return serviceWorker.evaluate((value) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    return chrome.storage.local.set({ uiLanguage: value });
  }, language);
}

// German runs long, Japanese has no spaces to wrap at, and the pseudo-locale is English accented and 40%
// longer: at 400 px no page overflows sideways in any of them.
for (const [language, lang] of [
  ["de", "de"],
  ["ja", "ja"],
  ["pseudo", "en-XA"],
] as const) {
  test(`400 px in ${language}: the popup, Library, Detail, Changes, Usage and the options fit the width`, async ({
    serviceWorker,
    fixtureSite,
    openExtensionPage,
    sidePanelOnService,
  }) => {
    test.setTimeout(120_000);
    await chooseLanguage(serviceWorker, language);
    const page = await sidePanelOnService();
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await analyze(page, { links: [fixtureSite.url(`/many/45.html${LONG_QUERY}`)], prompt: "Summarize." });
    await seedRecords(serviceWorker, RECORDS);
    const nav = page.locator(".section-nav button");

    await nav.nth(0).click();
    await expect(page.locator(".library-row").first()).toBeVisible();
    expect(await overflowing(page, [...PANEL, ".library", ".library__toolbar", ".library-list"])).toEqual([]);
    await libraryRow(page, "ana_layout_29").click();
    await expect(page.locator("#detail-title")).toContainText("number 29");
    expect(await overflowing(page, [...PANEL, ".detail", ".detail__facts"])).toEqual([]);
    // The sections: Library, Changes (empty here: nothing is watched), Usage.
    await nav.nth(1).click();
    await expect(page.locator(".changes__empty")).toBeVisible();
    expect(await overflowing(page, [...PANEL, ".changes"])).toEqual([]);
    await nav.nth(2).click();
    await expect(page.locator(".usage-item").first()).toBeVisible();
    expect(await overflowing(page, [...PANEL, ".usage", ".usage-list", ".usage-item"])).toEqual([]);

    for (const path of ["popup.html", "options.html"]) {
      const other = await openExtensionPage(path);
      await other.setViewportSize({ width: WIDTH, height: HEIGHT });
      await expect(other.locator("html")).toHaveAttribute("lang", lang);
      await expect(other.locator("main, #root > *").first()).toBeVisible();
      const width = await other.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(width.scroll, `${path} is no wider than the window`).toBeLessThanOrEqual(width.client);
      expect(await overflowing(other, ["section", "header"]), path).toEqual([]);
    }
  });
}
