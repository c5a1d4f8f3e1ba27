/**
 * The order of presets: the default one, and the others after it. Only a preset's id is read, so any
 * list of them orders alike: the settings' presets (settings.ts), or the `presets` table's rows.
 */

/** A preset as its order reads it. */
type Identified = { id: string };

/** The settings' presets and default, or any list of presets and its default. */
type PresetList<P extends Identified> = { presets: readonly P[]; defaultPresetId?: string };

/** The default preset, or `undefined` when there are none. */
export function defaultPreset<P extends Identified>(settings: PresetList<P>): P | undefined {
  return settings.presets.find((preset) => preset.id === settings.defaultPresetId) ?? settings.presets[0];
}

/** The presets with the default one first, the others in the user's order (for menus). */
export function presetsDefaultFirst<P extends Identified>(settings: PresetList<P>): P[] {
  const first = defaultPreset(settings);
  return first ? [first, ...settings.presets.filter((preset) => preset !== first)] : [];
}

/** `wanted` when one of `presets` has that id, else the first preset's id (`undefined` when there is none). */
export function defaultPresetIdAmong(presets: readonly Identified[], wanted: unknown): string | undefined {
  return typeof wanted === "string" && presets.some((preset) => preset.id === wanted)
    ? wanted
    : presets[0]?.id;
}
