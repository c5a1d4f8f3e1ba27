/**
 * `npm run screenshots`: writes the README's pictures, docs/popup.png (the popup with a result) and
 * docs/sidepanel.png (the library in the side panel), and the side panel at 400×600 as a user sees it
 * docked: docs/library.png and docs/usage.png. It runs what the end-to-end tests run: the built
 * extension in Chromium, the reference service and the HTTPS fixture site; it analyzes the fixture
 * site's news article from the popup and more pages, some behind long addresses, from the side panel.
 *
 * In German and Japanese, the popup and the library again: docs/popup-de.png, docs/library-de.png and
 * the same with -ja.
 *
 * `--before`: no build, the extension already built (`LINKLENS_OUT_DIR`), and only the 400×600 views,
 * as docs/before-library.png and docs/before-usage.png, to set beside the current ones in a change.
 * `--no-build`: the extension already built. `--dark`: the dark colour scheme.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { EXTENSION_BUILD_DIR, TEST_BUILD_MODE } from "../tests/e2e/extension-build";
import { analyze } from "../tests/e2e/extension-data";
import { CHROMIUM_PATH, EXTENSION_PATH } from "../tests/e2e/fixtures";
import { writeSettings } from "../tests/e2e/popup-page";
import { clickToolbarAction, freePort, toolbarActionArgs } from "../tests/e2e/toolbar-action";
import { startFixtureSite } from "../tests/fixtures/site";
import { startServiceProcess } from "../tests/helpers/service-process";

const ROOT = resolve(import.meta.dirname, "..");
const DOCS = join(ROOT, "docs");
const API_KEY = "lk_screenshot_key";
const PROMPT = "When did the tram line open, and what does it connect?";
const BEFORE = process.argv.includes("--before");
/** The query a newsletter link carries: what makes real addresses long. */
const LONG_QUERY = "?utm_source=weekly-newsletter&utm_medium=email&utm_campaign=autumn-reading-list";

async function main() {
  if (!BEFORE && !process.argv.includes("--no-build"))
    // The e2e helpers drive the test build (tests/e2e/extension-build.ts): that is the one built here.
    execFileSync(join(ROOT, "node_modules/.bin/wxt"), ["build", "--mode", TEST_BUILD_MODE], {
      cwd: ROOT,
      stdio: "ignore",
      env: { ...process.env, LINKLENS_OUT_DIR: EXTENSION_BUILD_DIR },
    });
  const site = await startFixtureSite();
  const service = await startServiceProcess({
    apiKeys: `${API_KEY}:100`,
    args: ["--allow-private-networks", "--ca", site.caFile],
  });
  const profile = mkdtempSync(join(tmpdir(), "linklens-screenshot-"));
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreHTTPSErrors: true,
    colorScheme: process.argv.includes("--dark") ? "dark" : "light",
    viewport: { width: 420, height: 760 },
    deviceScaleFactor: 2,
    args: [
      `--disable-extensions-except=${EXTENSION_PATH}`,
      `--load-extension=${EXTENSION_PATH}`,
      "--no-sandbox",
      "--ignore-certificate-errors",
      ...toolbarActionArgs(debugPort),
    ],
  });
  const written: string[] = [];
  try {
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const extensionId = new URL(serviceWorker.url()).host;
    await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: API_KEY });
    mkdirSync(DOCS, { recursive: true });
    const article = await context.newPage();
    await article.goto(site.url("/news/article.html"));
    const tabId = await clickToolbarAction(article, { debugPort, extensionId, serviceWorker });
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
    await popup.getByRole("textbox", { name: "Prompt", exact: true }).fill(PROMPT);
    await popup.getByRole("button", { name: "Analyze", exact: true }).click();
    await popup.locator("article.analysis-card").waitFor({ timeout: 60_000 });
    await popup.waitForLoadState("networkidle");
    if (!BEFORE) {
      await popup.screenshot({ path: join(DOCS, "popup.png"), fullPage: true });
      written.push("popup.png");
    }

    const panel = await context.newPage();
    await panel.setViewportSize({ width: 400, height: 820 });
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await analyze(panel, {
      links: [3, 7, 12, 18, 25].map((n) => site.url(`/many/${n}.html`)),
      prompt: "What is this page about?",
      metadata: { project: "reading list" },
    });
    await panel.locator(".library-row").nth(5).waitFor();
    await panel.waitForLoadState("networkidle");
    if (!BEFORE) {
      await panel.screenshot({ path: join(DOCS, "sidepanel.png") });
      written.push("sidepanel.png");
    }

    // Docked at 400×600, with long addresses and a request of one link beside those of several.
    await analyze(panel, { links: [site.url(`/fr/article.html${LONG_QUERY}`)], prompt: PROMPT });
    await analyze(panel, {
      links: [31, 32, 33].map((n) => site.url(`/many/${n}.html${LONG_QUERY}&item=${n}`)),
      prompt: "Summarize the page in two sentences for a reading list.",
    });
    await panel.setViewportSize({ width: 400, height: 600 });
    await panel.reload();
    await panel.locator(".library-row").nth(6).waitFor();
    await panel.waitForLoadState("networkidle");
    const prefix = BEFORE ? "before-" : "";
    await panel.screenshot({ path: join(DOCS, `${prefix}library.png`) });
    await panel.getByRole("button", { name: "Usage", exact: true }).click();
    await panel.locator("#usage-heading").waitFor();
    await panel.waitForLoadState("networkidle");
    await panel.screenshot({ path: join(DOCS, `${prefix}usage.png`) });
    written.push(`${prefix}library.png`, `${prefix}usage.png`);

    // The popup and the library in German and Japanese, chosen as in the options: both pages follow at once.
    for (const language of BEFORE ? [] : ["de", "ja"]) {
      await serviceWorker.evaluate((value) => {
        const { chrome } = globalThis as unknown as {
          chrome: { storage: { local: { set(items: object): Promise<void> } } };
        };
        return chrome.storage.local.set({ uiLanguage: value });
      }, language);
      await popup.locator(`html[lang="${language}"]`).waitFor();
      await popup.screenshot({ path: join(DOCS, `popup-${language}.png`), fullPage: true });
      await panel.locator(`html[lang="${language}"]`).waitFor();
      await panel.locator(".section-nav button").first().click();
      await panel.locator(".library-row").nth(6).waitFor();
      await panel.screenshot({ path: join(DOCS, `library-${language}.png`) });
      written.push(`popup-${language}.png`, `library-${language}.png`);
    }
    console.log(`Wrote ${written.map((name) => join(DOCS, name)).join(", ")}`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await service.close();
    await site.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
