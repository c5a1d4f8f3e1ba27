import { storage } from "wxt/utils/storage";
import { DEFAULT_SETTINGS, Settings } from "./settings";

/** Settings live in `storage.local` only (the API key must never sync), versioned for migrations. */
export const settingsItem = storage.defineItem<Settings>("local:settings", {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

export async function readSettings(): Promise<Settings> {
  const parsed = Settings.safeParse(await settingsItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}
