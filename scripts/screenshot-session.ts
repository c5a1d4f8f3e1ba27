/**
 * What the screenshot scripts (screenshots.ts, layout-shots.ts, source-not-found-shot.ts) share: the HTTPS
 * fixture site, the reference service and the seed-only mock as a script asks, and the built test extension
 * (LINKLENS_OUT_DIR, else .output-test) in a headless Chromium at twice the pixels, whose toolbar button a
 * script may click. `withScreenshotSession` starts them, hands them to the script's shots and closes them
 * all, so that each script says only what it shoots.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page, type Worker } from "@playwright/test";
import { CHROMIUM_PATH, EXTENSION_PATH } from "../tests/e2e/fixtures";
import { writeSettings } from "../tests/e2e/popup-page";
import { clickToolbarAction, freePort, toolbarActionArgs } from "../tests/e2e/toolbar-action";
import { type SeedServiceChoices, startSeedService } from "../tests/fixtures/seed-service/seed-service";
import { type FixtureSite, startFixtureSite } from "../tests/fixtures/site";
import { startServiceProcess } from "../tests/helpers/service-process";

/** Where the pictures go. */
export const DOCS = join(resolve(import.meta.dirname, ".."), "docs");

export interface ScreenshotSessionOptions {
  /** The key the extension calls the services with (the reference service gives it 100 credits). */
  apiKey: string;
  /** Start the reference service, trusting the fixture site. */
  service?: boolean;
  /** Start the seed-only mock with these choices (its key is `apiKey`). */
  seed?: Partial<SeedServiceChoices>;
  viewport: { width: number; height: number };
  colorScheme?: "light" | "dark";
}

export interface ScreenshotSession {
  site: FixtureSite;
  /** The extension's worker. */
  serviceWorker: Worker;
  /** Aims the extension, with the session's key, at the reference service or at the seed-only mock. */
  connectTo(which: "service" | "seed"): Promise<void>;
  /** An extension page (`sidepanel.html`, …) in a new tab, at `viewport` when given. */
  openExtensionPage(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** Opens `url` in a tab, clicks the toolbar button there as a user does, and opens that tab's popup. */
  popupOn(url: string): Promise<Page>;
}

/** Runs `shoot` in a session started as `options` ask, and closes the session whatever happens. */
export async function withScreenshotSession(
  options: ScreenshotSessionOptions,
  shoot: (session: ScreenshotSession) => Promise<void>,
): Promise<void> {
  const { apiKey } = options;
  const site = await startFixtureSite();
  const service = options.service
    ? await startServiceProcess({
        apiKeys: `${apiKey}:100`,
        args: ["--allow-private-networks", "--ca", site.caFile],
      })
    : undefined;
  const seed = options.seed ? await startSeedService({ apiKeys: [apiKey], ...options.seed }) : undefined;
  const profile = mkdtempSync(join(tmpdir(), "linklens-shots-"));
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreHTTPSErrors: true,
    colorScheme: options.colorScheme ?? "light",
    viewport: options.viewport,
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
    const openExtensionPage = async (path: string, viewport?: { width: number; height: number }) => {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    };
    await shoot({
      site,
      serviceWorker,
      async connectTo(which) {
        const baseUrl = (which === "service" ? service : seed)?.url;
        if (!baseUrl) throw new Error(`the session has no ${which}: ask for it in its options`);
        await writeSettings(serviceWorker, { baseUrl, apiKey });
      },
      openExtensionPage,
      async popupOn(url) {
        const tab = await context.newPage();
        await tab.goto(url);
        const tabId = await clickToolbarAction(tab, { debugPort, extensionId, serviceWorker });
        return openExtensionPage(`popup.html?tabId=${tabId}`);
      },
    });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await seed?.close();
    await service?.close();
    await site.close();
  }
}

/** Asks a follow-up under the answer as a user does (Enter sends) and waits for its turn's rendered answer. */
export async function askFollowUp(page: Page, question: string): Promise<void> {
  const input = page.getByRole("textbox", { name: "Ask a follow-up", exact: true });
  await input.fill(question);
  await input.press("Enter");
  await page
    .locator(".thread__turn[data-analysis-id]")
    .filter({ hasText: question })
    .locator('.thread__answer .markdown:not([style*="pre-wrap"])')
    .first()
    .waitFor({ timeout: 60_000 });
}
