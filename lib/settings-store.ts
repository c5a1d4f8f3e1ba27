import { storage } from "wxt/utils/storage";
import {
  coerceSettings,
  DEFAULT_SETTINGS,
  migrateSettingsV1toV2,
  SETTINGS_VERSION,
  Settings,
  type SettingsV1,
} from "./settings";

/**
 * Settings live in `storage.local` only (the API key must never sync), versioned for migrations:
 * v1 `{baseUrl, apiKey, defaultPrompt, defaultTemperature}`; v2 adds `presets` and `defaultPresetId`.
 */
export const settingsItem = storage.defineItem<Settings>("local:settings", {
  fallback: DEFAULT_SETTINGS,
  version: SETTINGS_VERSION,
  migrations: {
    2: (v1: SettingsV1) => migrateSettingsV1toV2(v1),
  },
});

/** The stored settings, always usable: invalid fields fall back to their defaults. */
export async function readSettings(): Promise<Settings> {
  return coerceSettings(await settingsItem.getValue());
}

/** Calls `listener` with the (usable) settings every time they change; returns the function that stops it. */
export function watchSettings(listener: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => listener(coerceSettings(value)));
}

/** Validates and stores the settings; throws the zod error when they are not valid (nothing is written). */
export async function writeSettings(settings: Settings): Promise<Settings> {
  const parsed = Settings.parse(settings);
  await settingsItem.setValue(parsed);
  return parsed;
}
