import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, test as base, chromium, type Page, type Worker } from "@playwright/test";
import { type ServiceProcess, startServiceProcess } from "./service-process";

export const EXTENSION_PATH = resolve(import.meta.dirname, "../../.output/chrome-mv3");
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const TEST_API_KEY = "lk_test_e2e_key";

interface Fixtures {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  openExtensionPage: (path: string) => Promise<Page>;
}

interface WorkerFixtures {
  service: ServiceProcess;
}

/** A real Chromium with the built extension, and the real reference service on a free port. */
export const test = base.extend<Fixtures, WorkerFixtures>({
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const service = await startServiceProcess({
        apiKeys: `${TEST_API_KEY}:10000`,
        args: ["--allow-private-networks"],
      });
      await use(service);
      await service.close();
    },
    { scope: "worker" },
  ],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  context: async ({}, use) => {
    const profile = mkdtempSync(join(tmpdir(), "linklens-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        `--disable-extensions-except=${EXTENSION_PATH}`,
        `--load-extension=${EXTENSION_PATH}`,
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },

  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    await use(worker);
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },

  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    });
  },
});

export const expect = test.expect;
