/** `npm start`'s browser: Chromium with the built extension, its settings pointed at the local service. */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { DEFAULT_SETTINGS } from "../lib/settings/settings-defaults";
import { SETTINGS_VERSION } from "../lib/settings/settings-migrations";

export const EXTENSION_DIR = resolve(import.meta.dirname, "../.output/chrome-mv3");

export function hasDisplay(): boolean {
  return process.platform !== "linux" || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

interface OpenOptions {
  serviceUrl: string;
  apiKey: string | undefined;
  /** A page to open first (the demo's article). */
  openPage?: string;
}

export async function openChromiumWithExtension(options: OpenOptions): Promise<BrowserContext> {
  const executablePath =
    process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "linklens-start-")), {
    executablePath,
    headless: false,
    // The demo site's certificate is self-signed; only this throwaway profile is told to accept it.
    ignoreHTTPSErrors: Boolean(options.openPage),
    args: [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(
    async ([defaults, version, baseUrl, apiKey]) => {
      type Local = {
        get(key: string): Promise<{ settings?: typeof defaults }>;
        set(items: object): Promise<void>;
      };
      const { chrome } = globalThis as unknown as { chrome: { storage: { local: Local } } };
      const stored = (await chrome.storage.local.get("settings")).settings ?? defaults;
      // `settings$` is the storage item's version mark: these are current settings already.
      await chrome.storage.local.set({
        settings: { ...stored, baseUrl, apiKey: apiKey || stored.apiKey },
        settings$: { v: version },
      });
    },
    [DEFAULT_SETTINGS, SETTINGS_VERSION, options.serviceUrl, options.apiKey ?? ""] as const,
  );
  if (options.openPage) {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(options.openPage);
  }
  return context;
}
