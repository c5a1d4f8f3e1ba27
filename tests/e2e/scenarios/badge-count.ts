/**
 * The toolbar count, an opt-in that needs the optional `tabs` permission: the badge counts the saved
 * analyses of the page in each tab (one under another spelling of its address), each tab its own, and
 * follows a new analysis. Run where a test can grant `tabs` (Firefox, with
 * `extensions.webextOptionalPermissionPrompts` off); Chromium's prompt waits for a person.
 */
import type { AnalysisRecord } from "../../../lib/api/contract";
import type { Evaluator } from "../drivers/driver";
import { expect } from "../fixtures";
import { analyzed, badgeText, pageConnectedTo, turnOnToolbarCount } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

function savedAnalysis(id: string, url: string, day: number): AnalysisRecord {
  const at = new Date(Date.UTC(2026, 10, day, 9, 30)).toISOString();
  return {
    analysisId: id,
    createdAt: at,
    updatedAt: at,
    analysis: { url, id: `pg_${id}`, title: `Saved on day ${day}` },
    textContent: `Analysis ${id}.`,
  };
}

/** Shows tab `tabId`, as a user does by clicking it. */
function showTab(page: Evaluator, tabId: number): Promise<void> {
  return page.evaluate(async (id) => {
    await (globalThis as any).browser.tabs.update(id, { active: true });
  }, tabId);
}

export function badgeCountScenario(test: ScenarioTest): void {
  test("toolbar count: once turned on, the badge counts each tab's saved analyses and follows a new one", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    const options = await pageConnectedTo(driver, "options.html", service.url, tenantKey);
    await turnOnToolbarCount(options);

    const articleUrl = fixtureSite.url("/news/article.html");
    const blogUrl = fixtureSite.url("/blog/post.html");
    const blog = await driver.openTab(blogUrl);
    const article = await driver.openTab(articleUrl);
    await expect.poll(() => badgeText(options, article.tabId)).toBe("");

    // Two saved analyses of the article (one under another spelling of its address), one of the blog post.
    const records = [
      savedAnalysis("ana_older", articleUrl, 2),
      savedAnalysis("ana_latest", `${articleUrl}#comments`, 20),
      savedAnalysis("ana_elsewhere", blogUrl, 3),
    ];
    expect(await driver.callTestSeam<number>("cacheRecords", records)).toBe(records.length);
    await expect.poll(() => badgeText(options, article.tabId)).toBe("2");

    // Shown, the other tab gets its own count; back again, the article's.
    await showTab(options, blog.tabId);
    await expect.poll(() => badgeText(options, blog.tabId)).toBe("1");
    await showTab(options, article.tabId);
    await expect.poll(() => badgeText(options, article.tabId)).toBe("2");

    // A new analysis of the page: the count follows.
    await analyzed(options, { links: [articleUrl], prompt: "How long is the trip?" });
    await expect.poll(() => badgeText(options, article.tabId)).toBe("3");
  });
}
