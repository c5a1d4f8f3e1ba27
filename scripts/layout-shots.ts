/**
 * Two pictures of issue 44 at 400 px, made from the test build (LINKLENS_OUT_DIR, else .output-test; build
 * it first with `wxt build --mode e2e`): docs/thread-detail-400.png, a three-turn thread asked with a
 * request ("Summarize the article") in the side panel's detail, with its total cost, Relevance explained and
 * a related list without the thread's own turns; and docs/compare-long-titles-400.png, a comparison on the
 * seed-only mock whose titles are links (the mock leaves titles out), one page unreachable.
 *
 *     LINKLENS_OUT_DIR=.output-h5 npx tsx scripts/layout-shots.ts
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { analyze } from "../tests/e2e/extension-data";
import { CHROMIUM_PATH, EXTENSION_PATH } from "../tests/e2e/fixtures";
import { writeSettings } from "../tests/e2e/popup-page";
import { startSeedService } from "../tests/fixtures/seed-service/seed-service";
import { startFixtureSite } from "../tests/fixtures/site";
import { startServiceProcess } from "../tests/helpers/service-process";

const DOCS = join(resolve(import.meta.dirname, ".."), "docs");
const API_KEY = "lk_screenshot_key";

async function askFollowUp(page: Page, question: string): Promise<void> {
  const input = page.getByRole("textbox", { name: "Ask a follow-up", exact: true });
  await input.fill(question);
  await input.press("Enter");
  await page
    .locator(".thread__turn[data-analysis-id]")
    .filter({ hasText: question })
    .locator(".thread__answer")
    .first()
    .waitFor({ timeout: 60_000 });
}

async function main() {
  const site = await startFixtureSite();
  const service = await startServiceProcess({
    apiKeys: `${API_KEY}:100`,
    args: ["--allow-private-networks", "--ca", site.caFile],
  });
  const bikes = Array.from(
    { length: 12 },
    (_, i) => `https://shop.example/catalogue/bicycles/city/bike/${i + 1}`,
  );
  const seed = await startSeedService({
    apiKeys: [API_KEY],
    maxLinks: 2,
    leaveOut: ["title"],
    unreachable: [bikes[6] as string],
  });
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "linklens-shots-")), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreHTTPSErrors: true,
    viewport: { width: 400, height: 760 },
    deviceScaleFactor: 2,
    args: [
      `--disable-extensions-except=${EXTENSION_PATH}`,
      `--load-extension=${EXTENSION_PATH}`,
      "--no-sandbox",
      "--ignore-certificate-errors",
    ],
  });
  try {
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const extensionId = new URL(serviceWorker.url()).host;
    await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: API_KEY });
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    const article = site.url("/news/article.html");
    await analyze(panel, { links: [article], prompt: "Summarize the article" });
    await panel.getByText("Riverside tram line", { exact: false }).first().click();
    await askFollowUp(panel, "Where is the Kestrel Hill depot?");
    await askFollowUp(panel, "How much did the project cost?");
    await analyze(panel, { links: [article], prompt: "Which city is it in?" });
    await panel.reload();
    await panel.getByText("3 questions", { exact: true }).click();
    await panel.locator(".related-item").first().waitFor({ timeout: 30_000 });
    // The panel scrolls inside: a view tall enough for the whole detail, shot down to the related list's end.
    await panel.setViewportSize({ width: 400, height: 4000 });
    const bottom = await panel
      .locator("section.related")
      .evaluate((related) => Math.ceil(related.getBoundingClientRect().bottom) + 8);
    await panel.screenshot({
      path: join(DOCS, "thread-detail-400.png"),
      clip: { x: 0, y: 0, width: 400, height: bottom },
    });

    await writeSettings(serviceWorker, { baseUrl: seed.url, apiKey: API_KEY });
    const compare = await context.newPage();
    await compare.setViewportSize({ width: 400, height: 700 });
    await compare.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await compare.getByRole("button", { name: "Compare pages…" }).click();
    await compare.getByLabel("Links", { exact: true }).fill(bikes.join("\n"));
    await compare.getByLabel("Prompt", { exact: true }).fill("What does it cost?");
    const properties = Object.fromEntries(
      ["price", "currency", "frame", "gears", "weight", "warranty"].map((name) => [name, { type: "string" }]),
    );
    await compare
      .getByLabel("JSON schema", { exact: true })
      .fill(JSON.stringify({ type: "object", properties }));
    await compare.getByRole("button", { name: "Compare 12 pages" }).click();
    await compare.getByText("12 of 12 pages answered").waitFor({ timeout: 60_000 });
    await compare.locator('.comparison-table tr[data-status="failed"]').first().scrollIntoViewIfNeeded();
    await compare.screenshot({ path: join(DOCS, "compare-long-titles-400.png") });
    console.log("docs/thread-detail-400.png docs/compare-long-titles-400.png");
  } finally {
    await context.close();
    await seed.close();
    await service.stop();
    await site.close();
  }
}

await main();
