/**
 * The options page as the tests drive it: its controls by role and label (as a user finds them), and
 * the settings as `chrome.storage.local` holds them.
 */
import type { Locator, Page } from "@playwright/test";
import type { Settings } from "../../lib/settings/settings";
import { escapeRegExp } from "../../lib/text/escape-reg-exp";

export interface StoredSettings {
  settings?: Settings;
  settings$?: { v: number };
}

interface ChromeInPage {
  storage: { local: { get(keys: string[]): Promise<StoredSettings>; set(items: object): Promise<void> } };
  permissions: { request: unknown };
}

/** What `chrome.storage.local` holds under the settings key (and its version mark). */
export async function readStoredSettings(page: Page): Promise<StoredSettings> {
  return page.evaluate(() => {
    const { chrome } = globalThis as unknown as { chrome: ChromeInPage };
    return chrome.storage.local.get(["settings", "settings$"]);
  });
}

export async function writeStoredSettings(page: Page, items: StoredSettings): Promise<void> {
  await page.evaluate((value) => {
    const { chrome } = globalThis as unknown as { chrome: ChromeInPage };
    return chrome.storage.local.set(value);
  }, items);
}

/**
 * Playwright cannot answer Chromium's permission prompt: this replaces `chrome.permissions.request` in
 * the page with one that answers `granted` and records what it was asked (`window.__permissionRequests`).
 */
export async function answerPermissionRequests(page: Page, granted: boolean): Promise<void> {
  await page.evaluate((answer) => {
    const scope = globalThis as unknown as { chrome: ChromeInPage; __permissionRequests: unknown[] };
    scope.__permissionRequests = [];
    scope.chrome.permissions.request = (details: unknown, callback?: (granted: boolean) => void) => {
      scope.__permissionRequests.push(details);
      if (typeof callback === "function") {
        callback(answer);
        return undefined;
      }
      return Promise.resolve(answer);
    };
  }, granted);
}

export async function permissionRequests(page: Page): Promise<{ origins?: string[] }[]> {
  return page.evaluate(
    () => (globalThis as unknown as { __permissionRequests: { origins?: string[] }[] }).__permissionRequests,
  );
}

export class OptionsPage {
  readonly heading: Locator;
  readonly welcome: Locator;
  readonly baseUrl: Locator;
  readonly apiKey: Locator;
  readonly showKey: Locator;
  readonly testConnection: Locator;
  readonly connectionResult: Locator;
  readonly defaultPrompt: Locator;
  readonly defaultTemperature: Locator;
  readonly addPreset: Locator;
  readonly presets: Locator;
  readonly save: Locator;
  readonly saveStatus: Locator;
  readonly saveAlert: Locator;
  readonly unsaved: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1, name: "Linklens settings" });
    this.welcome = page.getByRole("region", { name: "Welcome to Linklens" });
    this.baseUrl = page.getByLabel("Service URL", { exact: true });
    this.apiKey = page.getByLabel("API key", { exact: true });
    this.showKey = page.getByRole("button", { name: "Show key" });
    this.testConnection = page.getByRole("button", { name: "Test connection" });
    this.connectionResult = page.getByTestId("connection-result");
    this.defaultPrompt = page.getByLabel("Default prompt");
    this.defaultTemperature = page.locator("#default-temperature");
    this.addPreset = page.getByRole("button", { name: "Add preset" });
    this.presets = page.getByRole("list", { name: "Presets" }).getByRole("listitem");
    this.save = page.getByRole("button", { name: "Save", exact: true });
    this.saveStatus = page.getByTestId("save-status");
    this.saveAlert = page.getByTestId("save-alert");
    this.unsaved = page.getByTestId("unsaved");
  }

  /** Opens the page and waits until the settings are loaded. */
  static async open(openExtensionPage: (path: string) => Promise<Page>): Promise<OptionsPage> {
    const options = new OptionsPage(await openExtensionPage("options.html"));
    await options.baseUrl.waitFor();
    return options;
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.baseUrl.waitFor();
  }

  preset(name: string): Locator {
    return this.page.getByRole("listitem", { name: new RegExp(`^\\d+\\. ${escapeRegExp(name)}$`) });
  }

  /** The presets' names in the order the page lists them. */
  async presetNames(): Promise<string[]> {
    const titles = await this.page.locator(".preset__title").allTextContents();
    return titles.map((title) => title.replace(/^\d+\.\s*/, ""));
  }

  presetButton(action: "Edit" | "Up" | "Down" | "Delete", name: string): Locator {
    const label = {
      Edit: `Edit: ${name}`,
      Up: `Up: move ${name} up`,
      Down: `Down: move ${name} down`,
      Delete: `Delete: ${name}`,
    }[action];
    return this.page.getByRole("button", { name: label, exact: true });
  }

  defaultRadio(name: string): Locator {
    return this.page.getByRole("radio", { name: `Default: ${name}`, exact: true });
  }

  async saveAndWait(): Promise<void> {
    await this.save.click();
    await this.page.waitForFunction(() => {
      const status = document.querySelector('[data-testid="save-status"]')?.textContent ?? "";
      const alert = document.querySelector('[data-testid="save-alert"]')?.textContent ?? "";
      return status.includes("saved") || alert !== "";
    });
  }
}
