/**
 * Many pages, one table (issue 33): 30 links of the fixture site (one an empty page, which fails) with a
 * schema of a number, a string, a date and an array, compared through the side panel's form: 29 rows
 * holding their analyses' values and one failed row; sorted by the number; the failed page retried;
 * exported as CSV and read back into the same cells; reopened from the library after a reload.
 */

import { cellText } from "../../../lib/compare/table-cells";
import type { AnalyzeJob, CachedAnalysis } from "../../../lib/db/schema";
import { COMPARE_SCHEMA } from "../../fixtures/compare-schema";
import { readCsv } from "../../helpers/read-csv";
import type { DriverPage, Evaluator } from "../drivers/driver";
import { expect } from "../fixtures";
import { pageConnectedTo, rows } from "./extension-state";
import { popupWithManyTabs, skipWhereTheTabsPromptWaits } from "./many-tabs";
import type { ScenarioTest } from "./scenario-test";

const COLUMNS = ["Title", "Site", "number", "city", "published", "topics", "Credits", "Status"];

/** The table's cells as text, header first. */
function tableCells(page: DriverPage): Promise<string[][]> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll(".comparison-table tr")].map((row) =>
        [...row.querySelectorAll("th, td")].map((cell) =>
          (cell.textContent ?? "").replace(/\s+/g, " ").trim(),
        ),
      ),
    undefined,
  );
}

export function comparisonScenario(test: ScenarioTest): void {
  test("compare pages: 30 links as one table, sorted, a failed page retried, exported as CSV, reopened", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(180_000);
    const panel = await pageConnectedTo(driver, "sidepanel.html", service.url, tenantKey);
    const links = Array.from({ length: 29 }, (_, i) => fixtureSite.url(`/many/${i + 1}.html`));
    const failing = fixtureSite.url("/hostile/empty.html");

    await panel.click("button", "Compare pages…");
    await panel.fillField(
      "Links",
      [
        ...links.slice(0, 10),
        failing,
        `Also see ${links[10]} and the rest:`,
        ...links.slice(10),
        links[3],
        "http://insecure.example/",
      ].join("\n"),
    );
    await panel.waitForText("30 pages. 2 duplicates merged.");
    await panel.waitForText("http://insecure.example/");
    await panel.fillField("Prompt", "Which article is this, where and when?");
    await panel.fillField("JSON schema", JSON.stringify(COMPARE_SCHEMA, null, 2));
    await panel.fillField("Schema name (shown in the library)", "Articles");
    await panel.waitForText("About 60 credits.");
    await panel.click("button", "Compare 30 pages");

    await panel.waitForText("30 of 30 pages answered", 90_000);
    expect(await panel.text()).toContain("Compare: 30 pages · schema Articles");
    const [header, ...body] = await tableCells(panel);
    expect(header).toEqual(COLUMNS);
    expect(body).toHaveLength(30);
    expect(body.filter((row) => row.at(-1) === "Done")).toHaveLength(29);
    const failedRow = body.find((row) => row.at(-1)?.startsWith("Failed"));
    expect(failedRow?.at(-1)).toMatch(/^Failed: .+ Retry this page$/);

    // Each done row shows its own page's analysis: the title, then the schema's values as cells.
    const records = await rows<CachedAnalysis>(panel, "analyses");
    for (const link of links) {
      const record = records.find((each) => each.analysis?.url === link);
      const row = body.find((cells) => cells[0] === record?.analysis?.title);
      expect(row, link).toBeDefined();
      const values = record?.jsonContent ?? {};
      expect(row?.slice(2, 6)).toEqual(
        ["number", "city", "published", "topics"].map((key) =>
          cellText(values[key]).replace(/\s+/g, " ").trim(),
        ),
      );
      expect(typeof values.number).toBe("number");
    }

    // Sorted by the number: ascending as numbers, the failed row (no number) last.
    await panel.click("button", "number");
    await expect
      .poll(async () => (await tableCells(panel)).slice(1).map((row) => row[2]))
      .toEqual(
        body
          .map((row) => row[2] as string)
          .sort((a, b) => (a === "" ? 1 : b === "" ? -1 : Number(a) - Number(b))),
      );

    // The failed page retried: one request for it alone, and its row shows how that went.
    await panel.click("button", "Retry this page");
    await expect
      .poll(async () =>
        (await rows<AnalyzeJob>(panel, "jobs")).filter((job) => job.retryOf).map((job) => job.status),
      )
      .toEqual(["failed"]);
    const [retry] = (await rows<AnalyzeJob>(panel, "jobs")).filter((job) => job.retryOf);
    expect(retry?.request.links).toEqual([failing]);
    await panel.waitForText("Retry this page");

    // Exported as CSV: the file reads back into the table's cells.
    await panel.clickText("Export");
    const file = await panel.download("button", "CSV");
    expect(file.name).toMatch(/\.csv$/);
    const shown = await tableCells(panel);
    const parsed = readCsv(file.text).map((line) => line.map((cell) => cell.value));
    expect(parsed[0]).toEqual([
      "title",
      "host",
      "number",
      "city",
      "published",
      "topics",
      "credits",
      "status",
    ]);
    expect(
      parsed.slice(1).map((line) => line.slice(0, 6).map((cell) => cell.replace(/\s+/g, " ").trim())),
    ).toEqual(shown.slice(1).map((row) => row.slice(0, 6)));

    // Reopened after a reload: the library lists it as one row, and it opens as the same table.
    await panel.close();
    const again = await driver.openExtensionPage("sidepanel.html");
    await again.clickText("Compare: 30 pages · schema Articles");
    await again.waitForText("30 of 30 pages answered");
    const reopened = await tableCells(again);
    expect(
      reopened
        .slice(1)
        .map((row) => row.slice(0, 6))
        .sort(),
    ).toEqual(
      shown
        .slice(1)
        .map((row) => row.slice(0, 6))
        .sort(),
    );
  });
}

export function compareTabsScenario(test: ScenarioTest): void {
  test("compare pages from many tabs: the popup's Compare these tabs… fills the side panel's form", async ({
    driver,
    fixtureSite,
    service,
    tenantKey,
  }) => {
    skipWhereTheTabsPromptWaits(test, driver);
    const links = [1, 2, 3].map((n) => fixtureSite.url(`/many/${n}.html`));
    const panel = await pageConnectedTo(driver, "sidepanel.html", service.url, tenantKey);
    const popup = await popupWithManyTabs(driver, links);
    await popup.click("button", "Compare these tabs…");
    // The panel takes the tabs' https addresses; the popup's and the panel's own tabs are left out.
    await panel.waitForText("3 pages.");
    const value = await panel.evaluate(
      () => (document.getElementById("compare-links") as HTMLTextAreaElement | null)?.value ?? "",
      undefined,
    );
    for (const link of links) expect(value).toContain(link);
  });
}

/**
 * The jobs alarm's name (JOBS_ALARM in entrypoints/background/analyze-jobs.ts, whose module this suite
 * cannot load: it reads the extension's storage as it loads). Clearing answers whether it was there.
 */
const JOBS_ALARM = "linklens-jobs";

/** Clears the jobs alarm from an extension page: after it, nothing but a page can start a stopped worker. */
function clearJobsAlarm(page: Evaluator): Promise<boolean> {
  return page.evaluate((name) => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    return api.alarms.clear(name) as Promise<boolean>;
  }, JOBS_ALARM);
}

export function comparisonWakeScenario(test: ScenarioTest): void {
  test("compare pages: the open table wakes a worker stopped mid-comparison at once, and the comparison finishes", async ({
    driver,
    service,
    fixtureSite,
    tenantKey,
  }) => {
    test.setTimeout(120_000);
    const panel = await pageConnectedTo(driver, "sidepanel.html", service.url, tenantKey);
    const run = Date.now();
    const paths = [1, 2, 3].map((n) => `/slow?ms=4000&run=${run}&n=${n}`);
    await panel.click("button", "Compare pages…");
    await panel.fillField("Links", paths.map((path) => fixtureSite.url(path)).join("\n"));
    await panel.fillField("Prompt", "What is this page about?");
    await panel.click("button", "Compare 3 pages");
    await panel.waitForText("0 of 3 pages answered");
    // The service has the request: it is fetching the pages.
    await expect.poll(() => paths.some((path) => fixtureSite.requested.includes(path))).toBe(true);

    // Chromium stops the worker (Firefox reloads its background page, which starts again by itself), and
    // the jobs alarm that would start it in a minute is gone: only the open table can wake it.
    await driver.unloadBackground();
    expect(await clearJobsAlarm(panel)).toBe(true);
    await panel.waitForText("3 of 3 pages answered", 60_000);
    const [job] = (await rows<AnalyzeJob>(panel, "jobs")).filter((each) => each.comparison);
    expect(job).toMatchObject({ status: "done", interruptions: 1, progress: { done: 3, total: 3 } });
  });
}
