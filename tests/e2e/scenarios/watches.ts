/**
 * Watches (issue 46), as a user sets them up in the side panel: a page's analysis and a comparison are
 * watched every day with a notification, their pages change, the watches' clock (the test seam's
 * `advanceClock`) moves on a day, and the Changes view shows exactly the changed sentences and the
 * changed cell; one notification for the pass, one charge a run. Against our service a second day's runs
 * are cut off by the background unloading, and finish without a second charge; against the seed-only
 * mock (its `pageFacts` are what its pages say) the same flow runs on the seed's calls alone.
 */
import type { UsageRow, WatchRunRow } from "../../../lib/db/schema";
import type { SeedService } from "../../fixtures/seed-service/seed-service";
import type { DriverPage, ExtensionDriver } from "../drivers/driver";
import { expect } from "../fixtures";
import { analyzed, command, endedJob, pageConnectedTo, rows } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

const DAY = 24 * 60 * 60 * 1000;
const PROMPT = "What does the Basic plan cost?";
const COMPARE_PROMPT = "What does it cost?";
const SCHEMA = {
  type: "object",
  properties: { price: { type: "number" } },
  required: ["price"],
  additionalProperties: false,
};
const RESPONSE_FORMAT = { type: "json_schema", json_schema: { name: "price", schema: SCHEMA, strict: true } };

/**
 * The watches' notifications shown so far, oldest first (the test seam's log: headless Firefox lists none
 * it shows). All have one id: each replaces the one before, so the user has one.
 */
async function watchNotifications(driver: ExtensionDriver): Promise<{ id: string; message: string }[]> {
  const shown = await driver.callTestSeam<{ id: string; message: string }[]>("notificationsShown");
  const watches = shown.filter(({ id }) => id.startsWith("linklens-watch"));
  expect(new Set(watches.map(({ id }) => id)).size).toBeLessThanOrEqual(1);
  return watches;
}

/** After a day's two runs, each with a change: one notification (at most one a run), naming both at the end. */
async function expectNotified(driver: ExtensionDriver, titles: string[]): Promise<number> {
  const last = async () => (await watchNotifications(driver)).at(-1)?.message ?? "";
  await expect.poll(last).toMatch(/^2 watches found changes: /);
  for (const title of titles) expect(await last()).toContain(title);
  const shown = await watchNotifications(driver);
  expect(shown.length).toBeLessThanOrEqual(2);
  return shown.length;
}

/** Each watch's runs once `count` have ended, oldest first. */
async function endedRuns(page: DriverPage, count: number): Promise<WatchRunRow[]> {
  const ended = async () =>
    (await rows<WatchRunRow>(page, "watchRuns")).filter((run) => run.status !== "running");
  await expect.poll(async () => (await ended()).length, { timeout: 60_000 }).toBe(count);
  return (await ended()).sort((a, b) => a.startedAt - b.startedAt);
}

/** Watches what the panel shows (an analysis's detail, a comparison's table), daily, with notifications. */
async function watchShown(panel: DriverPage, estimate: string): Promise<void> {
  await panel.click("button", "Watch…");
  await panel.waitForText(estimate);
  await panel.click("checkbox", "Notify me when it changes");
  await panel.click("button", "Start watching");
  await panel.waitForText("Checked every day; next");
}

/** The analysis, then the comparison, each analyzed as the user does and watched from its view. */
async function watchBoth(
  panel: DriverPage,
  page: { link: string; title: string },
  products: string[],
  creditsPerProduct: number,
): Promise<void> {
  await analyzed(panel, { links: [page.link], prompt: PROMPT, temperature: 0 });
  const compared = await command<{ jobId: string }>(panel, "compare.start", {
    links: products,
    prompt: COMPARE_PROMPT,
    temperature: 0,
    responseFormat: RESPONSE_FORMAT,
    schemaName: "Price",
  });
  expect(compared.ok, compared.error?.message).toBe(true);
  const comparisonId = compared.value?.jobId as string;
  expect((await endedJob(panel, comparisonId, 60_000)).status).toBe("done");

  await panel.clickText(page.title);
  await watchShown(panel, "About 7 credits a week");
  await panel.click("button", "Back to the library");
  await panel.clickText(`Compare: ${products.length} pages · schema Price`);
  await watchShown(panel, `About ${products.length * creditsPerProduct * 7} credits a week`);
  await panel.click("button", "Back");
}

/** The Changes view after a day's runs: the page's sentences, the comparison's changed price. */
async function expectChanges(
  panel: DriverPage,
  expected: { added: string; removed: string; before: number; after: number },
) {
  await panel.waitForText("Changes (2)");
  await panel.click("button", "Changes (2)");
  await panel.waitForText("2 watches");
  const text = await panel.text();
  expect(text).toContain(expected.added);
  expect(text).toContain(expected.removed);
  expect(text).toContain(`/price: ${expected.before} → ${expected.after}`);
  expect(text).toContain("1 page changed");
  // Seen, they leave the count.
  await expect.poll(async () => (await panel.textOf("button", "Changes")).trim()).toBe("Changes");
}

/** The comparison, opened from its change: the changed cell marked with what it was, and the filter. */
async function expectChangedCell(
  panel: DriverPage,
  comparisonTitle: string,
  before: number,
  rowsShown: number,
) {
  await panel.click("button", comparisonTitle);
  await panel.waitForText(`was ${before}`);
  const marked = () =>
    panel.evaluate(
      () =>
        [...document.querySelectorAll(".comparison-table__cell--changed")].map((cell) =>
          (cell.closest("tr")?.getAttribute("data-link") ?? "").trim(),
        ),
      null,
    );
  await expect.poll(marked).toHaveLength(1);
  expect(
    await panel.evaluate(() => document.querySelectorAll(".comparison-table tbody tr").length, null),
  ).toBe(rowsShown);
}

function productPage(name: string, price: number): Buffer {
  return Buffer.from(`<!doctype html><html lang="en"><head><title>${name}</title></head><body><main>
    <h1>${name}</h1>
    <p class="price">€${price}.00</p>
    <button class="add-to-cart">Add to cart</button>
    <p>A light trail shoe with a grippy sole and a breathable upper, made for long runs on rough ground.</p>
  </main></body></html>`);
}

function pricingPage(price: number): Buffer {
  return Buffer.from(`<!doctype html><html lang="en"><head><title>Basic plan pricing</title></head><body><main>
    <h1>Basic plan pricing</h1>
    <p>The Basic plan costs ${price} euros a month. It includes five projects and email support.</p>
    <p>Billing is monthly, and the plan can be cancelled at any time from the account page.</p>
  </main></body></html>`);
}

const HTML = { "content-type": "text/html; charset=utf-8" };

export function watchScenario(test: ScenarioTest): void {
  test("a watched page and comparison: the changed sentences and cell, one notification, one charge a run, a restart mid-run", async ({
    driver,
    service,
    tenantKey,
    fixtureSite,
  }) => {
    test.setTimeout(180_000);
    const run = `${Date.now()}`;
    const pagePath = `/watch/${run}/pricing.html`;
    fixtureSite.serve(pagePath, pricingPage(12), HTML);
    const names = ["Trail Runner 2", "Ridge Walker", "Canyon Light"];
    const productPaths = names.map((_, index) => `/watch/${run}/product-${index + 1}.html`);
    names.forEach(
      (name, index) =>
        void fixtureSite.serve(productPaths[index] as string, productPage(name, 120 - index * 20), HTML),
    );
    // A page that takes seconds to answer: a run of the comparison is in flight long enough to be cut off.
    const slowPath = `/slow?ms=2500&run=${run}`;
    const products = [...productPaths, slowPath].map((path) => fixtureSite.url(path));

    const panel = await pageConnectedTo(driver, "sidepanel.html", service.url, tenantKey);
    await panel.resize(400, 600);
    await watchBoth(panel, { link: fixtureSite.url(pagePath), title: "Basic plan pricing" }, products, 2);
    expect(await watchNotifications(driver)).toEqual([]);

    // The price of the plan and of one product change; a day passes.
    fixtureSite.serve(pagePath, pricingPage(15), HTML);
    fixtureSite.serve(productPaths[0] as string, productPage("Trail Runner 2", 99), HTML);
    await driver.callTestSeam("advanceClock", DAY);
    const firstRuns = await endedRuns(panel, 2);
    expect(firstRuns.map((each) => [each.status, each.changed, each.costCredits]).sort()).toEqual([
      ["done", 1, 1],
      ["done", 1, 8],
    ]);
    const notified = await expectNotified(driver, ["Compare: 4 pages · schema Price", "Basic plan pricing"]);

    await expectChanges(panel, {
      added: "The Basic plan costs 15 euros a month.",
      removed: "The Basic plan costs 12 euros a month.",
      before: 120,
      after: 99,
    });
    await expectChangedCell(panel, "Compare: 4 pages · schema Price", 120, 4);

    // Another day, nothing changes; the background unloads while the comparison's run waits on its slow page.
    const slowFetches = fixtureSite.requested.filter((path) => path === slowPath).length;
    await driver.callTestSeam("advanceClock", DAY);
    await expect
      .poll(() => fixtureSite.requested.filter((path) => path === slowPath).length, { timeout: 30_000 })
      .toBeGreaterThan(slowFetches);
    await driver.unloadBackground();
    expect((await command(panel, "job.seen", {})).ok).toBe(true);
    const allRuns = await endedRuns(panel, 4);
    const secondRuns = allRuns.slice(2);
    expect(secondRuns.map((each) => [each.status, each.changed, each.costCredits]).sort()).toEqual([
      ["done", 0, 1],
      ["done", 0, 8],
    ]);
    // Charged once a run: one usage row a request, each its own (a request sent again is answered as before).
    const usage = await rows<UsageRow>(panel, "usage");
    expect(usage.map((row) => row.costCredits).sort((a, b) => a - b)).toEqual([1, 1, 1, 8, 8, 8]);
    // No change, no notification.
    expect(await watchNotifications(driver)).toHaveLength(notified);
    // Answers that did not change are recorded by their runs, not added to the library: the 5 first
    // analyses, and the 2 that changed.
    expect(await rows(panel, "analyses")).toHaveLength(7);
  });
}

/** The same flow against the seed-only mock, whose pages say what `pageFacts` holds. */
export function watchOnSeedScenario(test: ScenarioTest, seed: () => SeedService): void {
  test("a watched page and comparison on a seed-only service: the changed sentence and cell, one notification, one charge a run", async ({
    driver,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    const page = "https://pages.example/watch/basic-plan";
    const products = ["trail", "ridge", "canyon"].map((name) => `https://pages.example/watch/${name}`);
    const before = seed().choices.pageFacts;
    seed().choose({
      pageFacts: {
        [page]: { price: "12 euros a month" },
        ...Object.fromEntries(products.map((link, index) => [link, { price: 120 - index * 20 }])),
      },
    });
    try {
      const panel = await pageConnectedTo(driver, "sidepanel.html", seed().url, tenantKey);
      await panel.resize(400, 600);
      // The mock charges a credit a page, schema or not: the estimate says so.
      await watchBoth(panel, { link: page, title: "Watch Basic Plan" }, products, 1);
      const charged = seed().creditsCharged();

      seed().choose({
        pageFacts: {
          ...seed().choices.pageFacts,
          [page]: { price: "15 euros a month" },
          [products[0] as string]: { price: 99 },
        },
      });
      await driver.callTestSeam("advanceClock", DAY);
      const runs = await endedRuns(panel, 2);
      // The mock charges a credit a page: one run of each, once.
      expect(runs.map((each) => each.costCredits).sort()).toEqual([1, 3]);
      expect(seed().creditsCharged() - charged).toBe(4);
      await expectNotified(driver, ["Compare: 3 pages · schema Price", "Watch Basic Plan"]);
      await expectChanges(panel, {
        added: "The price is 15 euros a month.",
        removed: "The price is 12 euros a month.",
        before: 120,
        after: 99,
      });
      await expectChangedCell(panel, "Compare: 3 pages · schema Price", 120, 3);
    } finally {
      seed().choose({ pageFacts: before });
    }
  });
}
