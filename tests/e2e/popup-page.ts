/**
 * The toolbar popup as the tests drive it: its controls by role and label, as a user finds them. The
 * popup runs as a tab (`popup.html?tabId=N`, the test seam of lib/browser/active-tab.ts) aimed at tab N.
 */
import type { Locator, Page, Worker } from "@playwright/test";
import type { Settings } from "../../lib/settings/settings";
import { DEFAULT_SETTINGS } from "../../lib/settings/settings-defaults";

/** Stores settings as the options page would (settings v2 in `storage.local`). */
export async function writeSettings(serviceWorker: Worker, changes: Partial<Settings>): Promise<void> {
  const settings: Settings = { ...structuredClone(DEFAULT_SETTINGS), ...changes };
  await serviceWorker.evaluate((value) => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
    };
    return chrome.storage.local.set({ settings: value, settings$: { v: 2 } });
  }, settings);
}

/** What `storage.local` holds under `popupDraft`. */
export async function readStoredDraft(serviceWorker: Worker): Promise<Record<string, unknown> | undefined> {
  return serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
    };
    return (await chrome.storage.local.get("popupDraft")).popupDraft as Record<string, unknown> | undefined;
  });
}

/** What `storage.session` holds under `sidepanelFocus`. */
export async function readSidepanelFocus(serviceWorker: Worker): Promise<unknown> {
  return serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { session: { get(key: string): Promise<Record<string, unknown>> } } };
    };
    return (await chrome.storage.session.get("sidepanelFocus")).sidepanelFocus;
  });
}

export class PopupPage {
  readonly prompt: Locator;
  readonly temperature: Locator;
  readonly structured: Locator;
  readonly schema: Locator;
  readonly addMetadata: Locator;
  readonly analyze: Locator;
  readonly job: Locator;
  readonly card: Locator;
  readonly jsonContent: Locator;
  /** The folded options' line (temperature, structured output, metadata): opens them. */
  readonly options: Locator;
  /** The form folded to the prompt sent, after Analyze. */
  readonly promptSummary: Locator;
  readonly edit: Locator;

  constructor(readonly page: Page) {
    this.prompt = page.getByRole("textbox", { name: "Prompt", exact: true });
    this.temperature = page.getByRole("spinbutton", { name: "Temperature" });
    this.structured = page.getByRole("checkbox", { name: "Structured output (JSON)" });
    this.schema = page.getByRole("textbox", { name: "JSON schema" });
    this.addMetadata = page.getByRole("button", { name: "Add field" });
    this.analyze = page.getByRole("button", { name: "Analyze", exact: true });
    this.job = page.getByRole("region", { name: "Analysis", exact: true });
    this.card = this.job.locator("article.analysis-card");
    this.jsonContent = this.card.locator(".json-content__code");
    this.options = page.locator("summary").filter({ hasText: /^Options/ });
    this.promptSummary = page.getByRole("region", { name: "The prompt sent" });
    this.edit = page.getByRole("button", { name: "Edit the prompt and the options" });
  }

  /** Opens the folded options (temperature, structured output, metadata), as a user clicks their line. */
  async showOptions() {
    await this.options.click();
    await this.temperature.waitFor();
  }

  metadataKey(n: number): Locator {
    return this.page.getByRole("textbox", { name: `Key ${n}`, exact: true });
  }

  metadataType(n: number): Locator {
    return this.page.getByRole("combobox", { name: `Type ${n}`, exact: true });
  }

  metadataValue(n: number): Locator {
    return this.page.getByLabel(`Value ${n}`, { exact: true });
  }

  /** Adds a metadata row and fills it. */
  async addMetadataRow(
    n: number,
    key: string,
    type: "string" | "number" | "boolean" | "null",
    value?: string,
  ) {
    await this.addMetadata.click();
    await this.metadataKey(n).fill(key);
    await this.metadataType(n).selectOption(type);
    if (value === undefined) return;
    if (type === "boolean") await this.metadataValue(n).selectOption(value);
    else await this.metadataValue(n).fill(value);
  }
}
