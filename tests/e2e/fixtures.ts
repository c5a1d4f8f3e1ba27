import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, test as base, chromium, type Page, type Worker } from "@playwright/test";
import type { Settings } from "../../lib/settings/settings";
import { type FixtureSite, startFixtureSite } from "../fixtures/site";
import { type ServiceProcess, startServiceProcess } from "../helpers/service-process";
import { extensionPath } from "./extension-build";
import { writeSettings } from "./popup-page";

export const EXTENSION_PATH = extensionPath("chrome-mv3");
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const TEST_API_KEY = "lk_test_e2e_key";
/**
 * More keys of the same service, one per test that asks for `tenantKey`: a key is a tenant of its own,
 * so what other tests stored (related analyses, for one) never shows up in that test.
 */
const TENANT_KEYS = Array.from({ length: 40 }, (_, index) => `lk_test_tenant_${index}`);

interface Fixtures {
  /** More Chromium switches for this test file (`test.use({ browserArgs: [...] })` or a fixture). */
  browserArgs: string[];
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  openExtensionPage: (path: string) => Promise<Page>;
  /** An API key of the service that no other test uses. */
  tenantKey: string;
  /**
   * The set-up the side panel's tests share: the settings aimed at the test service with this test's own
   * key (and `settings` over them), then the side panel opened in a tab of its own.
   */
  sidePanelOnService: (settings?: Partial<Settings>) => Promise<Page>;
}

interface WorkerFixtures {
  /** Hands out the tenant keys, one per test. */
  nextTenantKey: () => string;
  /** The local HTTPS fixture site (self-signed); the service trusts it. */
  fixtureSite: FixtureSite;
  service: ServiceProcess;
}

/** A real Chromium with the built extension, and the real reference service on a free port. */
export const test = base.extend<Fixtures, WorkerFixtures>({
  fixtureSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const site = await startFixtureSite();
      await use(site);
      await site.close();
    },
    { scope: "worker" },
  ],

  service: [
    async ({ fixtureSite }, use) => {
      const service = await startServiceProcess({
        apiKeys: [`${TEST_API_KEY}:10000`, ...TENANT_KEYS.map((key) => `${key}:1000`)].join(","),
        args: ["--allow-private-networks", "--ca", fixtureSite.caFile],
      });
      await use(service);
      await service.close();
    },
    { scope: "worker" },
  ],

  nextTenantKey: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      let used = 0;
      await use(() => {
        const key = TENANT_KEYS[used++];
        if (!key) throw new Error(`more than ${TENANT_KEYS.length} tests asked for a tenant key`);
        return key;
      });
    },
    { scope: "worker" },
  ],

  tenantKey: async ({ nextTenantKey }, use) => {
    await use(nextTenantKey());
  },

  browserArgs: [[], { option: true }],

  // `test.use({ ignoreHTTPSErrors: true })` lets tabs load the fixture site despite its self-signed certificate.
  context: async ({ ignoreHTTPSErrors, browserArgs }, use) => {
    const browser = await launchExtensionContext({ ignoreHTTPSErrors, browserArgs });
    await use(browser.context);
    await browser.close();
  },

  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    await installOptionsTab(context);
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

  sidePanelOnService: async ({ serviceWorker, service, tenantKey, openExtensionPage }, use) => {
    await use(async (settings = {}) => {
      await writeSettings(serviceWorker, { baseUrl: service.url, apiKey: tenantKey, ...settings });
      return openExtensionPage("sidepanel.html");
    });
  },
});

export const expect = test.expect;

/** A real Chromium with the built extension, in a new profile of its own that `close` removes. */
export async function launchExtensionContext({
  ignoreHTTPSErrors = false,
  browserArgs = [],
}: {
  ignoreHTTPSErrors?: boolean;
  browserArgs?: string[];
} = {}): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), "linklens-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreHTTPSErrors,
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
      // Playwright's own setting reaches only the tabs it has attached to; a tab the extension opens
      // can load before that, so the browser itself must accept the certificate too.
      ...(ignoreHTTPSErrors ? ["--ignore-certificate-errors"] : []),
      ...browserArgs,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for the options tab the extension opens when it is installed. Until it is there, a tab a test
 * opens may be the one Chrome reuses for it, and the test's page then navigates away under it.
 */
export async function installOptionsTab(context: BrowserContext): Promise<void> {
  await expect
    .poll(() => context.pages().some((page) => page.url().endsWith("/options.html")), {
      message: "the options tab the extension opens on install",
      timeout: 10_000,
    })
    .toBe(true);
}
