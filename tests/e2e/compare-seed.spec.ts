/**
 * A comparison against the seed-only mock service (tests/fixtures/seed-service): at most 5 links a
 * request and a 429 on the way. The job learns the limit, waits out the 429, and every page is charged
 * once; the table lists every page done.
 */
import type { AnalyzeJob } from "../../lib/db/schema";
import { type SeedService, startSeedService } from "../fixtures/seed-service/seed-service";
import { expect, TEST_API_KEY, test } from "./fixtures";
import { writeSettings } from "./popup-page";

let seed: SeedService;
test.beforeEach(async () => {
  seed = await startSeedService({ apiKeys: [TEST_API_KEY], maxLinks: 5 });
});
test.afterEach(async () => {
  await seed.close();
});

const links = Array.from({ length: 12 }, (_, i) => `https://pages.example/seed-compare-${i + 1}`);

test("a comparison on the seed-only mock: 5 links a request, a 429, every page charged once", async ({
  serviceWorker,
  openExtensionPage,
}) => {
  await writeSettings(serviceWorker, { baseUrl: seed.url, apiKey: TEST_API_KEY });
  seed.force({ status: 429, path: "/v1/links", headers: { "retry-after": "1" }, times: 1 });
  const panel = await openExtensionPage("sidepanel.html");
  await panel.getByRole("button", { name: "Compare pages…" }).click();
  await panel.getByLabel("Links", { exact: true }).fill(links.join("\n"));
  await panel.getByLabel("Prompt", { exact: true }).fill("What does it cost?");
  await expect(panel.getByText("About 12 credits.")).toBeVisible();
  await panel.getByRole("button", { name: "Compare 12 pages" }).click();

  await expect(panel.getByText("12 of 12 pages answered")).toBeVisible({ timeout: 60_000 });
  await expect(panel.locator(".comparison-table tbody tr[data-status='done']")).toHaveCount(12);
  const sent = seed.requests({ method: "POST", path: "/v1/links" });
  expect(sent.some((request) => request.status === 429)).toBe(true);
  const accepted = sent.filter((request) => request.status === 200);
  expect(accepted.flatMap((request) => (request.body as { link: string[] }).link).sort()).toEqual(
    [...links].sort(),
  );
  expect(seed.creditsCharged()).toBe(12);
  const jobs = await serviceWorker.evaluate(async () => {
    const opening = indexedDB.open("linklens");
    const database = await new Promise<IDBDatabase>((resolve) => {
      opening.onsuccess = () => resolve(opening.result);
    });
    const reading = database.transaction("jobs").objectStore("jobs").getAll();
    return new Promise<unknown[]>((resolve) => {
      reading.onsuccess = () => resolve(reading.result);
    });
  });
  const [job] = jobs as AnalyzeJob[];
  expect(job).toMatchObject({ status: "done", costCredits: 12, source: "compare" });
});

test("at 400 px only the table scrolls sideways; arrow keys move between cells and Enter opens the analysis", async ({
  serviceWorker,
  openExtensionPage,
}) => {
  await writeSettings(serviceWorker, { baseUrl: seed.url, apiKey: TEST_API_KEY });
  const panel = await openExtensionPage("sidepanel.html");
  await panel.setViewportSize({ width: 400, height: 600 });
  await panel.getByRole("button", { name: "Compare pages…" }).click();
  await panel.getByLabel("Links", { exact: true }).fill(links.slice(0, 3).join("\n"));
  await panel.getByLabel("Prompt", { exact: true }).fill("What does it cost?");
  const properties = Object.fromEntries(
    ["price", "currency", "plan", "seats", "billing", "trial", "support"].map((name) => [
      name,
      { type: "string" },
    ]),
  );
  await panel.getByLabel("JSON schema", { exact: true }).fill(JSON.stringify({ type: "object", properties }));
  await expect(panel.getByText("About 6 credits.")).toBeVisible();
  await panel.getByRole("button", { name: "Compare 3 pages" }).click();
  await expect(panel.getByText("3 of 3 pages answered")).toBeVisible({ timeout: 60_000 });

  const widths = await panel.evaluate(() => {
    const measure = (selector: string) => {
      const element = document.querySelector(selector) as HTMLElement;
      return { scroll: element.scrollWidth, client: element.clientWidth };
    };
    return {
      page: measure(".sidepanel__main"),
      root: measure("html"),
      table: measure(".comparison-table__scroller"),
    };
  });
  expect(widths.page.scroll).toBeLessThanOrEqual(widths.page.client);
  expect(widths.root.scroll).toBeLessThanOrEqual(widths.root.client);
  expect(widths.table.scroll).toBeGreaterThan(widths.table.client);

  // The first header cell holds the one tab stop; down to the first row, right to its site, Enter opens it.
  await panel.locator('[data-cell="0:0"]').focus();
  await panel.keyboard.press("ArrowDown");
  await panel.keyboard.press("ArrowRight");
  await expect(panel.locator('[data-cell="1:1"]')).toBeFocused();
  const title = await panel.locator('[data-cell="1:0"]').textContent();
  await panel.keyboard.press("Enter");
  await expect(panel.getByRole("heading", { name: title ?? "" }).first()).toBeVisible();
});
