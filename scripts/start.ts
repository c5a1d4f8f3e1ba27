/**
 * `npm start`: builds the extension, runs the reference service on 127.0.0.1:8787 with its data in
 * ./.data, and opens Chromium with the extension already pointed at the service and its key.
 * On a machine with no display it says so and keeps the service running.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { DEFAULT_SETTINGS } from "../lib/settings/settings";
import { readServiceConfig } from "../server/config";
import { startService } from "../server/service";

const ROOT = resolve(import.meta.dirname, "..");
const EXTENSION = join(ROOT, ".output/chrome-mv3");

async function main() {
  console.log("Building the extension…");
  execFileSync(join(ROOT, "node_modules/.bin/wxt"), ["build"], { cwd: ROOT, stdio: "ignore" });

  const service = await startService(readServiceConfig(process.argv.slice(2), process.env));
  console.log(`Linklens service on ${service.url}`);
  if (service.devKey) console.log(`API key: ${service.devKey}`);
  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  const hasDisplay =
    process.platform !== "linux" || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) {
    console.log(`
No display here, so no browser was opened; the service keeps running (Ctrl+C stops it).
To use the extension, load it by hand in Chrome or Chromium on a machine with a display:
  1. open chrome://extensions and turn on "Developer mode";
  2. "Load unpacked" and choose ${EXTENSION};
  3. in Linklens's options, set the base URL to ${service.url} and the API key above.`);
    return;
  }

  const executablePath =
    process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "linklens-start-")), {
    executablePath,
    headless: false,
    args: [`--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(
    async ([defaults, baseUrl, apiKey]) => {
      type Local = {
        get(key: string): Promise<{ settings?: typeof defaults }>;
        set(items: object): Promise<void>;
      };
      const { chrome } = globalThis as unknown as { chrome: { storage: { local: Local } } };
      const stored = (await chrome.storage.local.get("settings")).settings ?? defaults;
      // `settings$` is the storage item's version mark: these are version-2 settings already.
      await chrome.storage.local.set({
        settings: { ...stored, baseUrl, apiKey: apiKey || stored.apiKey },
        settings$: { v: 2 },
      });
    },
    [DEFAULT_SETTINGS, service.url, service.devKey ?? ""] as const,
  );
  console.log("Chromium is open with Linklens loaded and configured. Close it or press Ctrl+C to stop.");
  context.on("close", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
