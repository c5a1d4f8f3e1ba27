import type { Preset, Settings } from "./settings";

/** The default preset, or `undefined` when there are none. */
export function defaultPreset(settings: Pick<Settings, "presets" | "defaultPresetId">): Preset | undefined {
  return settings.presets.find((preset) => preset.id === settings.defaultPresetId) ?? settings.presets[0];
}

/** The presets with the default one first, the others in the user's order (for menus). */
export function presetsDefaultFirst(settings: Pick<Settings, "presets" | "defaultPresetId">): Preset[] {
  const first = defaultPreset(settings);
  return first ? [first, ...settings.presets.filter((preset) => preset !== first)] : [];
}
