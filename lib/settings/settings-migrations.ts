/** How stored settings of an older version become the current version (see settings-item.ts). */

import { defaultPresetIdAmong } from "./preset-order";
import type { Settings } from "./settings";
import { builtinPresets } from "./settings-defaults";

/** The current version of the settings object in `storage.local`. */
export const SETTINGS_VERSION = 3;

/** The settings as version 1 stored them. */
export interface SettingsV1 {
  baseUrl: string;
  apiKey: string;
  defaultPrompt: string;
  defaultTemperature: number;
}

/**
 * v1 → v2: adds the built-in presets and the default preset. Idempotent: a value that already has
 * presets (written by a newer page before its version mark) keeps them.
 */
export function migrateSettingsV1toV2(
  v1: SettingsV1 & Partial<Pick<Settings, "presets" | "defaultPresetId">>,
) {
  const presets = Array.isArray(v1.presets) ? v1.presets : builtinPresets();
  return { ...v1, presets, defaultPresetId: defaultPresetIdAmong(presets, v1.defaultPresetId) };
}

/** The settings as version 2 stored them (no site rules). */
export type SettingsV2 = ReturnType<typeof migrateSettingsV1toV2>;

/**
 * v2 → v3: adds the per-site rules (none). Idempotent: a value that already has rules (written by a
 * newer page before its version mark) keeps them.
 */
export function migrateSettingsV2toV3(v2: SettingsV2 & Partial<Pick<Settings, "siteRules">>) {
  return { ...v2, siteRules: Array.isArray(v2.siteRules) ? v2.siteRules : [] };
}
