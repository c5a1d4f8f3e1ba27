/** The side panel's usage: a row per analyze request, as the service charged it, and the day's and month's totals. */
import type { UsageRow } from "../../lib/db/schema";
import { analyze, readRows } from "./extension-data";
import { expect, test } from "./fixtures";

test("usage: each request's page, credits and time, its links on demand, totals, the 30-day chart, Copy usage id", async ({
  fixtureSite,
  sidePanelOnService,
}) => {
  const page = await sidePanelOnService();
  await page.getByRole("button", { name: "Usage" }).click();
  await expect(page.getByText("No usage yet: each analyze request adds a row here.")).toBeVisible();

  const links = [fixtureSite.url("/many/31.html"), fixtureSite.url("/many/32.html")];
  const plain = await analyze(page, { links, prompt: "What is this page about?" });
  const structured = await analyze(page, {
    links: [fixtureSite.url("/many/33.html")],
    prompt: "What is this page about?",
    responseFormat: {
      type: "json_schema",
      json_schema: { schema: { type: "object", properties: { topic: { type: "string" } } } },
    },
  });
  expect(plain.costCredits + structured.costCredits).toBe(4);

  // One line per request, newest first: its page, the credits in bold, how long ago; the id is copied.
  const items = page.getByRole("list", { name: "Usage, newest first" }).locator(":scope > li");
  await expect(items).toHaveCount(2);
  const stored = await readRows<UsageRow>(page, "usage");
  const newest = stored.find((row) => row.jobId === structured.id) as UsageRow;
  await expect(items.nth(0)).toHaveAttribute("data-usage-id", newest.usageId);
  await expect(items.nth(0)).not.toContainText(newest.usageId);
  await expect(items.nth(0).locator("strong")).toHaveText("2 credits");
  await expect(items.nth(0).locator("time")).toHaveAttribute("title", /\d/);
  await expect(items.nth(1).locator("strong")).toHaveText("2 credits");
  // The request of two links says so, and opens to list them.
  await items.nth(1).getByRole("button", { name: "2 pages" }).click();
  await expect(items.nth(1).getByRole("link")).toHaveCount(2);
  await expect(page.locator('[data-total="today"]')).toHaveText("4 credits 2 requests");
  await expect(page.locator('[data-total="week"]')).toHaveText("4 credits 2 requests");
  await expect(page.locator('[data-total="month"]')).toHaveText("4 credits 2 requests");
  // Today's bar holds the day's 4 credits.
  await expect(page.locator(".usage-chart__bar--today")).toHaveAttribute("data-credits", "4");
  // Copy usage id puts the id on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await items.nth(0).getByRole("button", { name: "Copy usage id" }).click();
  await expect(items.nth(0).getByRole("status")).toHaveText("Usage id copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newest.usageId);
});
