/**
 * Many tabs in one job from the popup ("All tabs in this window", "The N selected tabs"), which asks for
 * the optional `tabs` permission in the click. Firefox grants it (the suite turns the prompt off), so the
 * job runs; Chromium cannot be told to (its prompt waits for a person), so there only the refusal runs.
 */
import type { AnalyzeJob } from "../../../lib/db/schema";
import { SUMMARY } from "../context-menu-helpers";
import type { DriverPage, ExtensionDriver } from "../drivers/driver";
import { expect } from "../fixtures";
import { command, endedJob, hasPermission, rows, withSummaryPresetEachTest } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";
import { expectOnService } from "./service-records";

const REFUSED = "Analyzing your tabs needs the permission to read their addresses";

async function newestJob(page: DriverPage, count: number): Promise<AnalyzeJob> {
  await expect.poll(async () => (await rows<AnalyzeJob>(page, "jobs")).length).toBe(count);
  return (await rows<AnalyzeJob>(page, "jobs")).sort((a, b) => b.createdAt - a.createdAt)[0] as AnalyzeJob;
}

/** Opens a tab for each link, in order, and the popup for the first one with its many-tabs section open. */
export async function popupWithManyTabs(driver: ExtensionDriver, links: readonly string[]) {
  const [first, ...others] = links;
  if (first === undefined) throw new Error("popupWithManyTabs: no link to open");
  const tab = await driver.openTab(first);
  for (const link of others) await driver.openTab(link);
  const popup = await driver.openPopupFor(tab);
  await popup.clickText("Analyze many tabs…");
  await popup.waitForText("All tabs in this window");
  return popup;
}

/**
 * Skips the test in Chromium: a click from the test counts as the user's there, and its prompt for `tabs`
 * then waits for an answer no test can give. Firefox's prompt is off in the suite, so it grants.
 */
export function skipWhereTheTabsPromptWaits(test: ScenarioTest, driver: ExtensionDriver): void {
  test.skip(driver.browserName === "chromium", "Chromium's permission prompt cannot be answered from a test");
}

export function manyTabsScenarios(test: ScenarioTest): void {
  withSummaryPresetEachTest(test);

  test("many tabs: without `tabs`, the worker refuses tabs.analyze with what it needs, and starts nothing", async ({
    driver,
    fixtureSite,
  }) => {
    const tab = await driver.openTab(fixtureSite.url("/news/article.html"));
    const page = await driver.openExtensionPage("sidepanel.html");
    expect(await hasPermission(page, { permissions: ["tabs"] })).toBe(false);
    const windowId = await page.evaluate(async (tabId) => {
      const api = (globalThis as any).browser ?? (globalThis as any).chrome;
      return (await api.tabs.get(tabId)).windowId as number;
    }, tab.tabId);
    const answer = await command(page, "tabs.analyze", { windowId, scope: "window" });
    expect(answer).toMatchObject({ ok: false, error: { code: "tabs_permission" } });
    expect(answer.error?.message).toContain(REFUSED);
    expect(await rows(page, "jobs")).toEqual([]);
  });

  test("many tabs: All tabs in this window asks for `tabs` in the click; granted, one job of the https tabs", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    // The refusal is the worker's test above; the grant runs in Firefox.
    skipWhereTheTabsPromptWaits(test, driver);
    const links = [1, 2, 3].map((n) => fixtureSite.url(`/many/${n}.html`));
    const popup = await popupWithManyTabs(driver, [...links, `${links[0]}#again`]);

    await popup.click("button", "All tabs in this window");
    await popup.waitForText("Queued 3 pages in one job.");
    await popup.waitForText("tabs were skipped: not https pages, or duplicates.");
    expect(await hasPermission(popup, { permissions: ["tabs"] })).toBe(true);
    const job = await endedJob(popup, (await newestJob(popup, 1)).id, 60_000);
    expect(job).toMatchObject({ status: "done", source: "tabs", request: { links, prompt: SUMMARY.prompt } });
    expect(job.duplicates).toBe(1);
    expect(job.rejected.map((rejected) => rejected.link)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^moz-extension:\/\/.*\/popup\.html/)]),
    );
    await expectOnService(service.url, tenantKey, job);

    // Two tabs selected (as Ctrl+click on them does): the popup offers just those.
    await popup.evaluate(async (urls) => {
      const api = (globalThis as any).browser;
      const tabs: { index: number; url?: string; windowId: number }[] = await api.tabs.query({});
      const picked = tabs.filter((tab) => tab.url === urls[0] || tab.url === urls[2]);
      await api.tabs.highlight({ windowId: picked[0]?.windowId, tabs: picked.map((tab) => tab.index) });
    }, links);
    // The popup counts the selection when it opens: load it again (a new popup tab would be selected alone).
    await popup
      .evaluate(() => {
        document.body.dataset.reloading = "yes";
        setTimeout(() => location.reload(), 0);
      }, null)
      .catch(() => undefined);
    await expect
      .poll(() =>
        popup
          .evaluate(
            () =>
              !document.body.dataset.reloading && document.body.textContent?.includes("Analyze many tabs…"),
            null,
          )
          .catch(() => false),
      )
      .toBe(true);
    // After the reload the page's elements are clicked from inside it (a new document puppeteer's locator
    // does not follow); `tabs` is granted already, so no gesture is needed any more.
    await popup.evaluate(() => {
      const summary = [...document.querySelectorAll("summary")].find((candidate) =>
        candidate.textContent?.includes("Analyze many tabs…"),
      );
      summary?.click();
    }, null);
    await popup.waitForText("The 2 selected tabs");
    await popup.evaluate(() => {
      const button = [...document.querySelectorAll("button")].find(
        (candidate) => candidate.textContent === "The 2 selected tabs",
      );
      button?.click();
    }, null);
    await popup.waitForText("Queued 2 pages in one job.");
    expect((await newestJob(popup, 2)).request.links).toEqual([links[0], links[2]]);
  });
}
