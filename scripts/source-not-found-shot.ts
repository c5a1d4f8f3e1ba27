/**
 * The picture of a passage not found (issue 44), at 400 px, from the test build (LINKLENS_OUT_DIR, else
 * .output-test; build it first with `wxt build --mode e2e`): docs/source-not-found-400.png. The popup,
 * opened by a toolbar click on the fixture site's article, analyzes it on the seed-only mock, whose
 * `analysis.text` is its own description of the page; the answer quotes that description, so its marker
 * cites a passage that is not on the page, and following it says so. `--dark` shoots the dark theme.
 *
 *     LINKLENS_OUT_DIR=.output-h8 npx tsx scripts/source-not-found-shot.ts
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH, EXTENSION_PATH } from "../tests/e2e/fixtures";
import { writeSettings } from "../tests/e2e/popup-page";
import { clickToolbarAction, freePort, toolbarActionArgs } from "../tests/e2e/toolbar-action";
import { startSeedService } from "../tests/fixtures/seed-service/seed-service";
import { startFixtureSite } from "../tests/fixtures/site";

const DOCS = join(resolve(import.meta.dirname, ".."), "docs");
const API_KEY = "seed_screenshot_key";
const dark = process.argv.includes("--dark");

async function main() {
  const site = await startFixtureSite();
  const seed = await startSeedService({ apiKeys: [API_KEY] });
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "linklens-shots-")), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreHTTPSErrors: true,
    colorScheme: dark ? "dark" : "light",
    viewport: { width: 400, height: 600 },
    deviceScaleFactor: 2,
    args: [
      `--disable-extensions-except=${EXTENSION_PATH}`,
      `--load-extension=${EXTENSION_PATH}`,
      "--no-sandbox",
      "--ignore-certificate-errors",
      ...toolbarActionArgs(debugPort),
    ],
  });
  try {
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const extensionId = new URL(serviceWorker.url()).host;
    await writeSettings(serviceWorker, { baseUrl: seed.url, apiKey: API_KEY });
    const article = await context.newPage();
    const articleUrl = site.url("/news/article.html");
    await article.goto(articleUrl);
    const tabId = await clickToolbarAction(article, { debugPort, extensionId, serviceWorker });
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
    const description = `A page of ${new URL(articleUrl).host} about news article html.`;
    await popup
      .getByRole("textbox", { name: "Prompt" })
      .fill(`Where does the page say this?\n${description}`);
    await popup.getByRole("button", { name: "Analyze", exact: true }).click();
    await popup.getByText("In the service's text: 1 passage").waitFor({ timeout: 60_000 });
    await popup.locator("button.source-marker").first().click();
    const note = popup.getByText("This passage is not on the page as it is now.");
    await note.waitFor();
    // The pointer and the focus leave the marker, so its passage's tooltip does not cover the answer.
    await popup.mouse.move(0, 0);
    await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await popup.getByRole("tooltip").first().waitFor({ state: "hidden" });
    const sources = popup.locator(".answer-sources");
    await sources.scrollIntoViewIfNeeded();
    const card = popup.locator(".analysis-card");
    const top = await card.evaluate((element) =>
      Math.max(0, Math.floor(element.getBoundingClientRect().top)),
    );
    const bottom = await sources.evaluate((element) => Math.ceil(element.getBoundingClientRect().bottom) + 8);
    const name = dark ? "source-not-found-400-dark.png" : "source-not-found-400.png";
    await popup.screenshot({
      path: join(DOCS, name),
      clip: { x: 0, y: top, width: 400, height: bottom - top },
    });
    console.log(`docs/${name}`);
  } finally {
    await context.close();
    await seed.close();
    await site.close();
  }
}

await main();
