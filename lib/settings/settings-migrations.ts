/** How stored settings of an older version become the current version (see settings-item.ts). */

import type { Settings } from "./settings";
import { builtinPresets, DEFAULT_PRESET_ID } from "./settings-defaults";

/** The current version of the settings object in `storage.local`. */
export const SETTINGS_VERSION = 2;

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
  const defaultPresetId =
    typeof v1.defaultPresetId === "string" && presets.some((preset) => preset.id === v1.defaultPresetId)
      ? v1.defaultPresetId
      : (presets.find((preset) => preset.id === DEFAULT_PRESET_ID) ?? presets[0])?.id;
  return { ...v1, presets, defaultPresetId };
}
