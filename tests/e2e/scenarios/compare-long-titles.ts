/**
 * A comparison at 400 px whose titles are one long word (issue 44): the seed-only mock leaves the title
 * out, so each row is named by its link, and `…/bike/10`, `…/bike/11` and `…/bike/12` differ only at
 * the end. Each title keeps its end in its cell; the two sticky columns take at most 40% of the table's
 * view; a failed row's Retry this page is in view, on top, without scrolling sideways (retrying itself is
 * the comparison scenario's).
 * Each browser's seed-mock suite hands in its mock, whose choices the scenario changes and restores.
 */
import type { SeedService } from "../../fixtures/seed-service/seed-service";
import type { Evaluator } from "../drivers/driver";
import { expect } from "../fixtures";
import { pageConnectedTo } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

const BIKE = "https://shop.example/catalogue/bicycles/city/bike/";
const links = Array.from({ length: 12 }, (_, i) => `${BIKE}${i + 1}`);
const UNREACHABLE = links[6] as string;
const SCHEMA = {
  type: "object",
  properties: Object.fromEntries(
    ["price", "currency", "frame", "gears", "weight", "warranty"].map((name) => [name, { type: "string" }]),
  ),
};

interface TableLayout {
  /** Each row's title as its cell shows it, and whether all of its text lies inside the cell. */
  titles: { text: string; inside: boolean }[];
  /** The sticky title and site columns' widths over the table's view. */
  stickyShare: number;
  /** Each failed row's Retry this page brought into view: inside the view, not covered, the table not scrolled. */
  retries: { inView: boolean; onTop: boolean; scrollLeft: number }[];
}

/** How the table is laid out now, measured in the page. */
function tableLayout(page: Evaluator): Promise<TableLayout> {
  return page.evaluate(() => {
    const scroller = document.querySelector(".comparison-table__scroller") as HTMLElement;
    const view = scroller.getBoundingClientRect();
    const titles = [...document.querySelectorAll<HTMLElement>(".comparison-table tbody th")].map((cell) => {
      const box = cell.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(cell);
      const inside = [...range.getClientRects()].every(
        (rect) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5,
      );
      return { text: (cell.textContent ?? "").trim(), inside };
    });
    const [title, site] = [...document.querySelectorAll<HTMLElement>(".comparison-table thead th")];
    const stickyShare =
      ((title?.getBoundingClientRect().width ?? 0) + (site?.getBoundingClientRect().width ?? 0)) /
      scroller.clientWidth;
    const retries = [
      ...document.querySelectorAll<HTMLElement>('.comparison-table tr[data-status="failed"] button'),
    ].map((button) => {
      // Brought into view as the keyboard or a scroll wheel would: up or down, and sideways only if it must.
      button.scrollIntoView({ block: "center", inline: "nearest" });
      const box = button.getBoundingClientRect();
      const inView =
        box.left >= view.left && box.right <= view.right && box.right <= window.innerWidth && box.width > 0;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { inView, onTop: hit !== null && button.contains(hit), scrollLeft: scroller.scrollLeft };
    });
    return { titles, stickyShare, retries };
  }, null);
}

export function compareLongTitlesScenario(test: ScenarioTest, seed: () => SeedService): void {
  test("compare at 400 px: titles that are one long word keep their end, sticky columns at most 40%, Retry this page in view", async ({
    driver,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    const before = { leaveOut: seed().choices.leaveOut, unreachable: seed().choices.unreachable };
    seed().choose({ leaveOut: ["title"], unreachable: [UNREACHABLE] });
    try {
      const panel = await pageConnectedTo(driver, "sidepanel.html", seed().url, tenantKey);
      await panel.resize(400, 700);
      await panel.click("button", "Compare pages…");
      await panel.fillField("Links", links.join("\n"));
      await panel.fillField("Prompt", "What does it cost?");
      await panel.fillField("JSON schema", JSON.stringify(SCHEMA));
      await panel.waitForText("About 24 credits.");
      await panel.click("button", "Compare 12 pages");
      await panel.waitForText("12 of 12 pages answered", 60_000);

      const layout = await tableLayout(panel);
      // Every row named by its whole link, all of it inside its cell: /bike/10 is not read as /bike/1.
      expect(layout.titles.map((title) => title.text).sort()).toEqual([...links].sort());
      expect(layout.titles.filter((title) => !title.inside)).toEqual([]);
      expect(layout.stickyShare).toBeGreaterThan(0.2);
      expect(layout.stickyShare).toBeLessThanOrEqual(0.4);
      // The unreachable page's request failed (with its neighbour's): each failed row's retry is in view.
      expect(layout.retries.length).toBeGreaterThan(0);
      expect(layout.retries).toEqual(
        layout.retries.map(() => ({ inView: true, onTop: true, scrollLeft: 0 })),
      );
    } finally {
      seed().choose(before);
    }
  });
}
