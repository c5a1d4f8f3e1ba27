/** The side panel's usage: a row per analyze request, as the service charged it, and the day's and month's totals. */
import type { UsageRow } from "../../lib/db/schema";
import { analyze, readRows } from "./extension-data";
import { expect, test } from "./fixtures";
import { writeSettings } from "./popup-page";

test("usage: each request's time, usage id, links and credits, with today's and this month's totals", async ({
  tenantKey,
  serviceWorker,
  service,
  fixtureSite,
  openExtensionPage,
}) => {
  await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: tenantKey });
  const page = await openExtensionPage("sidepanel.html");
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

  const table = page.getByRole("table", { name: "Usage, newest first" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const stored = await readRows<UsageRow>(page, "usage");
  const newest = stored.find((row) => row.jobId === structured.id) as UsageRow;
  await expect(rows.nth(0)).toContainText(newest.usageId);
  await expect(rows.nth(0).getByRole("cell").last()).toHaveText("2");
  await expect(rows.nth(1).getByRole("link")).toHaveText(links);
  await expect(rows.nth(1).getByRole("cell").last()).toHaveText("2");
  await expect(page.locator('[data-total="today"]')).toHaveText("4 credits in 2 requests");
  await expect(page.locator('[data-total="month"]')).toHaveText("4 credits in 2 requests");
});
