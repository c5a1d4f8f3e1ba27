/**
 * Reading the stored settings, for every page and the worker (without zod: the popup reads them too).
 * Writing them, validated, is write-settings.ts.
 */

import { cleanSettings } from "./clean-settings";
import type { Settings } from "./settings";
import { settingsItem } from "./settings-item";

export { settingsItem };

/** The stored settings, always usable: invalid fields fall back to their defaults. */
export async function readSettings(): Promise<Settings> {
  return cleanSettings(await settingsItem.getValue());
}

/** Calls `listener` with the (usable) settings every time they change; returns the function that stops it. */
export function watchSettings(listener: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => listener(cleanSettings(value)));
}
