/**
 * First run: a new user lands on the options page, where a welcome explains the two steps (service URL
 * and API key). The worker wires it: `browser.runtime.onInstalled.addListener(openOptionsOnFirstInstall)`.
 */
import { browser } from "wxt/browser";
import { needsSetup } from "./needs-setup";
import { readSettings } from "./settings-store";

/**
 * Opens the options page when the extension was just installed (not updated, not a browser update)
 * and no API key is stored yet. Resolves whether it opened the page; never throws.
 */
export async function openOptionsOnFirstInstall(details: { reason: string }): Promise<boolean> {
  if (details.reason !== "install") return false;
  try {
    if (!needsSetup(await readSettings())) return false;
    await browser.runtime.openOptionsPage();
    return true;
  } catch (error) {
    console.warn("[linklens] could not open the options page on install", error);
    return false;
  }
}
