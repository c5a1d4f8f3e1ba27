/**
 * A comparison lives in the library as one thing (issue 44), against the seed-only mock: a wait the
 * service asked for is said with its reason and its time; a retried page's credits join the progress
 * line; an analysis opened from the table says Back returns to the comparison, and does, to the table
 * as it was (sort, filter, scroll); the library shows one row for it and none for its pages, and a word
 * of one page finds that row; deleting it asks once, takes its pages with it, and Undo brings all back.
 * Each browser's seed-mock suite hands in its mock, whose choices the scenario changes and restores.
 */
import type { SeedService } from "../../fixtures/seed-service/seed-service";
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { pageConnectedTo } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

/** The seed names each page from its path: "Lines Tram", "Lines Funicular", … */
const LINES = ["tram", "ferry", "bus", "metro", "funicular", "monorail", "trolley"];
const links = LINES.map((line) => `https://pages.example/lines/${line}`);
/** Last, so that it is a request of its own once the job has learned the mock's 2 links a request. */
const UNREACHABLE = links.at(-1) as string;
const SCHEMA = {
  type: "object",
  properties: Object.fromEntries(
    ["fare", "first", "last", "interval", "operator", "accessible", "zone"].map((name) => [
      name,
      { type: "string" },
    ]),
  ),
};

interface TablePlace {
  titles: string[];
  sorted: string | null;
  top: number;
  left: number;
}

/** The table's rows (titles, in order), its Title column's sort, and where the panel and the table are scrolled. */
function tablePlace(page: DriverPage): Promise<TablePlace> {
  return page.evaluate(() => {
    const main = document.querySelector(".sidepanel__main") as HTMLElement;
    const scroller = document.querySelector(".comparison-table__scroller") as HTMLElement;
    return {
      titles: [...document.querySelectorAll(".comparison-table tbody th")].map((cell) =>
        (cell.textContent ?? "").trim(),
      ),
      sorted: document.querySelector(".comparison-table thead th")?.getAttribute("aria-sort") ?? null,
      top: main.scrollTop,
      left: scroller.scrollLeft,
    };
  }, null);
}

/**
 * Scrolls the panel down to the table's last row, its title centred, and the table sideways, as a user reading the
 * last rows does. Centred, since that is where puppeteer's click scrolls a row it does not see whole: the
 * place the test keeps is then the place the click leaves, not one the driver moves before the app keeps it.
 */
function scrollTable(page: DriverPage): Promise<void> {
  return page.evaluate(() => {
    const scroller = document.querySelector(".comparison-table__scroller") as HTMLElement;
    document
      .querySelector(".comparison-table tbody tr:last-child .comparison-table__title")
      ?.scrollIntoView({ block: "center" });
    scroller.scrollLeft = 80;
  }, null);
}

/** The library's rows as their titles, once the list shows them. */
function libraryTitles(page: DriverPage): Promise<string[]> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll(".sidepanel__library:not([hidden]) .library-row__title")].map((title) =>
        (title.textContent ?? "").trim(),
      ),
    null,
  );
}

export function comparisonInLibraryScenario(test: ScenarioTest, seed: () => SeedService): void {
  test("a comparison is one library row found by its pages' words; a wait says why; Back returns to the table as it was; retries count; delete asks once", async ({
    driver,
    tenantKey,
  }) => {
    test.setTimeout(150_000);
    const before = { unreachable: seed().choices.unreachable };
    seed().choose({ unreachable: [UNREACHABLE] });
    // Longer than the worker's client waits out in place: the job waits on the queue, and says so.
    seed().force({ status: 429, path: "/v1/links", headers: { "retry-after": "12" }, times: 1 });
    try {
      const panel = await pageConnectedTo(driver, "sidepanel.html", seed().url, tenantKey);
      await panel.resize(400, 480);
      await panel.click("button", "Compare pages…");
      await panel.fillField("Links", links.join("\n"));
      await panel.fillField("Prompt", "How often does it run?");
      await panel.fillField("JSON schema", JSON.stringify(SCHEMA));
      await panel.waitForText("About 14 credits.");
      await panel.click("button", "Compare 7 pages");

      await panel.waitForText("Rate limited, retrying in");
      await panel.waitForText("7 of 7 pages answered · 6 credits", 60_000);
      expect(await panel.text()).not.toContain("Rate limited");

      // The page answers now: its retry costs one more credit (the mock charges 1 a page), and the progress line says so.
      seed().choose({ unreachable: [] });
      await panel.click("button", "Retry this page");
      await panel.waitForText("7 of 7 pages answered · 7 credits", 30_000);

      // Sorted by title, last first; scrolled to the end and sideways; the last row's analysis opened.
      await panel.click("button", "Title");
      await panel.click("button", "Title");
      await expect.poll(async () => (await tablePlace(panel)).sorted).toBe("descending");
      await scrollTable(panel);
      const kept = await tablePlace(panel);
      expect(kept.titles).toEqual(
        LINES.map((line) => `Lines ${line[0]?.toUpperCase()}${line.slice(1)}`)
          .sort()
          .reverse(),
      );
      expect(kept.top).toBeGreaterThan(0);
      expect(kept.left).toBeGreaterThan(0);
      await panel.click("button", "Lines Bus");
      await panel.waitForText("Back to the comparison");
      expect(await panel.text()).not.toContain("Back to the library");
      await panel.click("button", "Back to the comparison");
      await expect.poll(() => tablePlace(panel)).toEqual(kept);

      // Filtered, then a page opened and left: the filter is still there.
      await panel.fill("searchbox", "Filter rows", "ro");
      await expect
        .poll(async () => (await tablePlace(panel)).titles)
        .toEqual(["Lines Trolley", "Lines Metro"]);
      await panel.click("button", "Lines Metro");
      await panel.click("button", "Back to the comparison");
      expect(await panel.valueOf("searchbox", "Filter rows")).toBe("ro");
      await expect
        .poll(async () => (await tablePlace(panel)).titles)
        .toEqual(["Lines Trolley", "Lines Metro"]);

      // The library: one row for the comparison, none for its 7 analyses; a word of one page finds it.
      await panel.click("button", "Back");
      await expect.poll(() => libraryTitles(panel)).toEqual(["Compare: 7 pages"]);
      await panel.fill("searchbox", "Search", "funicular");
      await expect.poll(() => libraryTitles(panel)).toEqual(["Compare: 7 pages"]);
      await panel.fill("searchbox", "Search", "gondola");
      await expect.poll(() => libraryTitles(panel)).toEqual([]);
      await panel.click("button", "Clear search and filters");
      await expect.poll(() => libraryTitles(panel)).toEqual(["Compare: 7 pages"]);

      // Deleted from its table: asked once, for the comparison and its pages together; Undo brings all back.
      await panel.clickText("Compare: 7 pages");
      await panel.click("button", "Delete this comparison");
      await panel.waitForText("Delete this comparison and its 7 analyses from this browser?");
      await panel.click("button", "Delete this comparison");
      await panel.waitForText("Undo");
      await expect.poll(() => libraryTitles(panel)).toEqual([]);
      await panel.click("button", "Undo");
      await expect.poll(() => libraryTitles(panel)).toEqual(["Compare: 7 pages"]);
      await panel.clickText("Compare: 7 pages");
      await panel.waitForText("7 of 7 pages answered · 7 credits");
    } finally {
      seed().choose(before);
    }
  });
}
