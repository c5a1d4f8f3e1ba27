import type { Preset, Settings } from "./settings";

/** The settings' presets and default, or any list of presets (the `presets` table's rows) and its default. */
type PresetList<P extends Preset> = { presets: readonly P[]; defaultPresetId?: Settings["defaultPresetId"] };

/** The default preset, or `undefined` when there are none. */
export function defaultPreset<P extends Preset>(settings: PresetList<P>): P | undefined {
  return settings.presets.find((preset) => preset.id === settings.defaultPresetId) ?? settings.presets[0];
}

/** The presets with the default one first, the others in the user's order (for menus). */
export function presetsDefaultFirst<P extends Preset>(settings: PresetList<P>): P[] {
  const first = defaultPreset(settings);
  return first ? [first, ...settings.presets.filter((preset) => preset !== first)] : [];
}

/** `wanted` when one of `presets` has that id, else the first preset's id (`undefined` when there is none). */
export function defaultPresetIdAmong(presets: readonly Preset[], wanted: unknown): string | undefined {
  return typeof wanted === "string" && presets.some((preset) => preset.id === wanted)
    ? wanted
    : presets[0]?.id;
}
