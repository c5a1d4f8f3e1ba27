/**
 * `npm run screenshots`: writes the README's pictures, docs/popup.png (the popup with a result) and
 * docs/sidepanel.png (the library in the side panel), and the side panel at 400×600 as a user sees it
 * docked: docs/library.png and docs/usage.png; and a comparison at 400 and 900 px (docs/compare-400.png,
 * docs/compare-900.png). It runs what the end-to-end tests run: the built
 * extension in Chromium, the reference service and the HTTPS fixture site; it analyzes the fixture
 * site's news article from the popup and more pages, some behind long addresses, from the side panel.
 *
 * It also writes a three-turn thread (the answer and two follow-ups) at 400 px wide, light and dark, in the
 * popup and in the side panel's detail: docs/thread-popup-{light,dark}.png, docs/thread-sidepanel-{light,dark}.png.
 * In German and Japanese, the popup and the library again: docs/popup-de.png, docs/library-de.png and
 * the same with -ja.
 *
 * `--before`: no build, the extension already built (`LINKLENS_OUT_DIR`), and only the 400×600 views,
 * as docs/before-library.png and docs/before-usage.png, to set beside the current ones in a change.
 * `--no-build`: the extension already built. `--dark`: the dark colour scheme.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import { EXTENSION_BUILD_DIR, TEST_BUILD_MODE } from "../tests/e2e/extension-build";
import { analyze } from "../tests/e2e/extension-data";
import { COMPARE_SCHEMA } from "../tests/fixtures/compare-schema";
import type { FixtureSite } from "../tests/fixtures/site";
import { askFollowUp, DOCS, withScreenshotSession } from "./screenshot-session";

const ROOT = resolve(import.meta.dirname, "..");
const PROMPT = "When did the tram line open, and what does it connect?";
const BEFORE = process.argv.includes("--before");
/** The query a newsletter link carries: what makes real addresses long. */
const LONG_QUERY = "?utm_source=weekly-newsletter&utm_medium=email&utm_campaign=autumn-reading-list";
/** The follow-ups that make the three-turn thread; the second's "it" is the project the first asks about. */
const FOLLOW_UPS = ["How much did the project cost?", "Who paid for it?"];
const ARTICLE_TITLE = "Riverside tram line opens after four years of works";

/**
 * `page` at 400 px wide, once light and once dark, as docs/<name>-light.png and docs/<name>-dark.png: the
 * whole page, or (`scrolled`) the view with the thread's end at its bottom, for a page that scrolls inside.
 */
async function shootThread(page: Page, name: string, scrolled = false): Promise<string[]> {
  await page.setViewportSize({ width: 400, height: 760 });
  if (scrolled)
    await page.locator("section.thread").evaluate((thread) => thread.scrollIntoView({ block: "end" }));
  const names: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // Controls ease their colours into the new scheme (120 ms): shot once those transitions have ended.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await page.screenshot({ path: join(DOCS, `${name}-${colorScheme}.png`), fullPage: !scrolled });
    names.push(`${name}-${colorScheme}.png`);
  }
  await page.emulateMedia({ colorScheme: process.argv.includes("--dark") ? "dark" : "light" });
  return names;
}

async function main() {
  if (!BEFORE && !process.argv.includes("--no-build"))
    // The e2e helpers drive the test build (tests/e2e/extension-build.ts): that is the one built here.
    execFileSync(join(ROOT, "node_modules/.bin/wxt"), ["build", "--mode", TEST_BUILD_MODE], {
      cwd: ROOT,
      stdio: "ignore",
      env: { ...process.env, LINKLENS_OUT_DIR: EXTENSION_BUILD_DIR },
    });
  const written: string[] = [];
  await withScreenshotSession(
    {
      apiKey: "lk_screenshot_key",
      service: true,
      viewport: { width: 420, height: 760 },
      colorScheme: process.argv.includes("--dark") ? "dark" : "light",
    },
    async ({ site, serviceWorker, connectTo, openExtensionPage, popupOn }) => {
      await connectTo("service");
      mkdirSync(DOCS, { recursive: true });
      const popup = await popupOn(site.url("/news/article.html"));
      await popup.getByRole("textbox", { name: "Prompt", exact: true }).fill(PROMPT);
      await popup.getByRole("button", { name: "Analyze", exact: true }).click();
      await popup.locator("article.analysis-card").waitFor({ timeout: 60_000 });
      // The answer rendered, not its plain-text stand-in (the one styled pre-wrap) while the renderer loads.
      await popup.locator('article.analysis-card .markdown:not([style*="pre-wrap"])').first().waitFor();
      await popup.waitForLoadState("networkidle");
      if (!BEFORE) {
        await popup.screenshot({ path: join(DOCS, "popup.png"), fullPage: true });
        written.push("popup.png");
        for (const question of FOLLOW_UPS) await askFollowUp(popup, question);
        await popup.waitForLoadState("networkidle");
        written.push(...(await shootThread(popup, "thread-popup")));
      }

      const panel = await openExtensionPage("sidepanel.html", { width: 400, height: 820 });
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

      if (!BEFORE) {
        // The same thread opened from the library, in the side panel's detail.
        await panel.getByRole("button", { name: "Library", exact: true }).click();
        await panel.getByText(ARTICLE_TITLE, { exact: true }).first().click();
        await panel
          .locator('.thread__turn[data-analysis-id] .thread__answer .markdown:not([style*="pre-wrap"])')
          .nth(FOLLOW_UPS.length - 1)
          .waitFor();
        await panel.waitForLoadState("networkidle");
        // The side panel scrolls inside its own pane, so a whole-page shot would stop at the view's end.
        written.push(...(await shootThread(panel, "thread-sidepanel", true)));
      }
      if (!BEFORE) written.push(...(await compareShots(panel, site)));
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
    },
  );
  console.log(`Wrote ${written.map((name) => join(DOCS, name)).join(", ")}`);
}

/** A comparison of nine pages (one failing) at 400 px, docked, and at 900 px: docs/compare-400.png, docs/compare-900.png. */
async function compareShots(panel: Page, site: FixtureSite): Promise<string[]> {
  await panel.getByRole("button", { name: "Compare pages…" }).click();
  const links = [2, 5, 9, 14, 21, 26, 33, 40].map((n) => site.url(`/many/${n}.html`));
  await panel
    .getByLabel("Links", { exact: true })
    .fill([...links, site.url("/hostile/empty.html")].join("\n"));
  await panel.getByLabel("Prompt", { exact: true }).fill("Which article is this, where and when?");
  await panel.getByLabel("JSON schema", { exact: true }).fill(JSON.stringify(COMPARE_SCHEMA, null, 2));
  await panel.getByLabel("Schema name (shown in the library)", { exact: true }).fill("Articles");
  await panel.getByRole("button", { name: "Compare 9 pages" }).click();
  await panel.getByText("9 of 9 pages answered").waitFor({ timeout: 90_000 });
  await panel.getByRole("button", { name: "number", exact: true }).click();
  await panel.waitForLoadState("networkidle");
  await panel.screenshot({ path: join(DOCS, "compare-400.png") });
  await panel.setViewportSize({ width: 900, height: 600 });
  await panel.screenshot({ path: join(DOCS, "compare-900.png") });
  return ["compare-400.png", "compare-900.png"];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
