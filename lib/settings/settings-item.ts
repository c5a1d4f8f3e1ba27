import { storage } from "wxt/utils/storage";
import type { Settings } from "./settings";
import { DEFAULT_SETTINGS } from "./settings-defaults";
import {
  migrateSettingsV1toV2,
  migrateSettingsV2toV3,
  SETTINGS_VERSION,
  type SettingsV1,
  type SettingsV2,
} from "./settings-migrations";

/**
 * Settings live in `storage.local` only (the API key must never sync), versioned for migrations:
 * v1 `{baseUrl, apiKey, defaultPrompt, defaultTemperature}`; v2 adds `presets` and `defaultPresetId`;
 * v3 adds `siteRules`.
 * Read them through settings-store.ts (cleaned), write them through write-settings.ts (validated).
 */
export const settingsItem = storage.defineItem<Settings>("local:settings", {
  fallback: DEFAULT_SETTINGS,
  version: SETTINGS_VERSION,
  migrations: {
    2: (v1: SettingsV1) => migrateSettingsV1toV2(v1),
    3: (v2: SettingsV2) => migrateSettingsV2toV3(v2),
  },
});
