/** The built Chrome extension in a headless Chromium with a fresh profile, as the benchmarks run it. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium, type Worker } from "@playwright/test";

/** The build to load: `LINKLENS_OUT_DIR` (as wxt.config.ts writes it), else `.output`. */
export const EXTENSION_OUTPUT = resolve(
  import.meta.dirname,
  "..",
  process.env.LINKLENS_OUT_DIR ?? ".output",
  "chrome-mv3",
);

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

export async function launchExtensionBrowser(options: {
  viewport?: { width: number; height: number };
}): Promise<ExtensionBrowser> {
  if (!existsSync(join(EXTENSION_OUTPUT, "manifest.json"))) {
    throw new Error("build the extension first: npx wxt build");
  }
  const profile = mkdtempSync(join(tmpdir(), "linklens-bench-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    ...(options.viewport && { viewport: options.viewport }),
    args: [
      `--disable-extensions-except=${EXTENSION_OUTPUT}`,
      `--load-extension=${EXTENSION_OUTPUT}`,
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  return {
    context,
    worker,
    extensionId: new URL(worker.url()).host,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
