/**
 * The context menus through the handler their `onClicked` listener calls (the test seam: a test cannot
 * click the browser's own menu): "Analyze this link", "Analyze links in selection", and Firefox's
 * tab-strip item "Analyze selected tabs", which asks for `tabs` in the click.
 */
import { SUMMARY, startPlainPage } from "../context-menu-helpers";
import type { DriverPage } from "../drivers/driver";
import { expect } from "../fixtures";
import { endedJob, hasPermission, withSummaryPresetEachTest } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";
import { expectOnService, jobIdOf } from "./service-records";

function selectElement(page: DriverPage, id: string): Promise<void> {
  return page.evaluate((elementId) => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById(elementId) as HTMLElement);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
  }, id);
}

export function contextMenuScenarios(test: ScenarioTest): void {
  withSummaryPresetEachTest(test);

  test("context menu: Analyze this link analyzes the link's page, not the tab's", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    const linkUrl = fixtureSite.url("/news/article.html");
    const tab = await driver.openTab(fixtureSite.url("/blog/post.html"));
    const outcome = await driver.callTestSeam(
      "handleMenuClick",
      { menuItemId: `linklens:link:${SUMMARY.id}`, linkUrl, pageUrl: fixtureSite.url("/blog/post.html") },
      { id: tab.tabId },
    );
    const page = await driver.openExtensionPage("sidepanel.html");
    const job = await endedJob(page, jobIdOf(outcome));
    expect(job).toMatchObject({ status: "done", source: "context-link", request: { links: [linkUrl] } });
    await expectOnService(service.url, tenantKey, job);
  });

  test("context menu: Analyze links in selection sends the selection's distinct https links", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    const https = (path: string) => fixtureSite.url(path);
    const plain = await startPlainPage(`<!doctype html><html><head><title>Reading list</title></head><body>
      <p><a href="${https("/many/40.html")}">Outside the selection</a></p>
      <div id="picked">
        <p><a href="${https("/many/1.html")}">First</a>, <a href="${https("/many/1.html#again")}">again</a>,
          <a href="${https("/many/2.html").replace("https://", "http://")}">an http one</a>.</p>
        <p>Typed out: ${https("/many/3.html")}</p>
      </div></body></html>`);
    try {
      const tab = await driver.openTab(plain.url);
      await selectElement(tab.page, "picked");
      const outcome = await driver.callTestSeam(
        "handleMenuClick",
        { menuItemId: `linklens:selection:${SUMMARY.id}`, pageUrl: plain.url, frameId: 0 },
        { id: tab.tabId, url: plain.url },
      );
      const page = await driver.openExtensionPage("sidepanel.html");
      const job = await endedJob(page, jobIdOf(outcome));
      expect(job.status).toBe("done");
      expect(job.source).toBe("context-selection");
      expect(job.request.links).toEqual([https("/many/1.html"), https("/many/3.html")]);
      expect(job.rejected).toEqual([
        { link: https("/many/2.html").replace("https://", "http://"), problem: "not_https" },
      ]);
      await expectOnService(service.url, tenantKey, job);
    } finally {
      await plain.close();
    }
  });
}

/** Firefox only: the tab strip's menu (Chrome's menus have no "tab" context). */
export function tabStripScenario(test: ScenarioTest): void {
  test("tab strip: Analyze selected tabs is refused without `tabs`, asks for it, and queues the selected tabs once granted", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    const first = await driver.openTab(fixtureSite.url("/news/article.html"));
    await driver.openTab(fixtureSite.url("/blog/post.html"));
    const click = () =>
      driver.callTestSeam(
        "handleMenuClick",
        { menuItemId: `linklens:tabs:${SUMMARY.id}` },
        { id: first.tabId, url: fixtureSite.url("/news/article.html"), highlighted: false },
      );

    // Called outside a user's click, Firefox refuses the request: what a "no" at the prompt does.
    const refused = await click();
    expect(refused).toEqual({ refused: expect.stringContaining("permission to read their addresses") });

    const options = await driver.openExtensionPage("options.html");
    await options.click("checkbox", "Show on the toolbar how often I analyzed a page");
    await expect.poll(() => hasPermission(options, { permissions: ["tabs"] })).toBe(true);

    const job = await endedJob(options, jobIdOf(await click()));
    expect(job).toMatchObject({
      status: "done",
      source: "tabs",
      request: { links: [fixtureSite.url("/news/article.html")] },
    });
    await expectOnService(service.url, tenantKey, job);
  });
}
