/**
 * The one cleaner of stored settings, for every reader (the worker, the options page, the popup): without
 * zod, so the popup's bundle stays small. A stored value the options page wrote (validated by the zod
 * `Settings` in settings.ts) comes back unchanged; anything else keeps every field that is valid on its
 * own and gives the others their defaults (a bad preset list never costs the user the API key).
 */
import { LIMITS } from "../api/limits";
import { schemaProblem } from "../schema/schema-problem";
import { isAllowedBaseUrl } from "./base-url";
import type { Preset, Settings } from "./settings";
import { DEFAULT_SETTINGS, MAX_PRESETS, PRESET_NAME_MAX } from "./settings-defaults";
import { cleanSiteRules } from "./site-rules";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isTemperature = (value: unknown): value is number =>
  typeof value === "number" && value >= LIMITS.minTemperature && value <= LIMITS.maxTemperature;

/** The text trimmed when it is 1 to `max` characters long then, else `undefined`. */
function trimmedText(value: unknown, max: number): string | undefined {
  const text = typeof value === "string" ? value.trim() : "";
  return text !== "" && text.length <= max ? text : undefined;
}

/** The preset cleaned, or none when a field of it is not valid (a preset is kept whole or not at all). */
function cleanPreset(value: unknown): Preset[] {
  if (!isPlainObject(value)) return [];
  const { id, name, prompt, temperature, schema } = value;
  if (typeof id !== "string" || id === "") return [];
  const trimmedName = trimmedText(name, PRESET_NAME_MAX);
  const trimmedPrompt = trimmedText(prompt, LIMITS.maxPromptLength);
  if (!trimmedName || !trimmedPrompt || !isTemperature(temperature)) return [];
  if (schema !== undefined && schemaProblem(schema) !== null) return [];
  return [
    {
      id,
      name: trimmedName,
      prompt: trimmedPrompt,
      temperature,
      ...(schema === undefined ? {} : { schema: schema as Record<string, unknown> }),
    },
  ];
}

/** `wanted` when one of `presets` has that id, else the first preset's id (`undefined` when there is none). */
export function defaultPresetIdAmong(presets: readonly Preset[], wanted: unknown): string | undefined {
  return typeof wanted === "string" && presets.some((preset) => preset.id === wanted)
    ? wanted
    : presets[0]?.id;
}

/** The stored value made usable: every field of the wrong shape replaced by its default. */
export function cleanSettings(raw: unknown): Settings {
  const defaults = structuredClone(DEFAULT_SETTINGS);
  if (!isPlainObject(raw)) return defaults;
  const presets = Array.isArray(raw.presets) ? raw.presets.flatMap(cleanPreset) : defaults.presets;
  const uniquePresets = presets
    .filter((preset, index) => presets.findIndex((other) => other.id === preset.id) === index)
    .slice(0, MAX_PRESETS);
  const baseUrl = typeof raw.baseUrl === "string" ? raw.baseUrl.trim() : "";
  return {
    baseUrl: isAllowedBaseUrl(baseUrl) ? baseUrl : defaults.baseUrl,
    apiKey: typeof raw.apiKey === "string" ? raw.apiKey.trim() : defaults.apiKey,
    defaultPrompt: trimmedText(raw.defaultPrompt, LIMITS.maxPromptLength) ?? defaults.defaultPrompt,
    defaultTemperature: isTemperature(raw.defaultTemperature)
      ? raw.defaultTemperature
      : defaults.defaultTemperature,
    presets: uniquePresets,
    defaultPresetId: defaultPresetIdAmong(uniquePresets, raw.defaultPresetId),
    // A rule whose preset is gone is dropped, as the options page (which asks for another) never saves one.
    siteRules: cleanSiteRules(raw.siteRules).filter((rule) =>
      uniquePresets.some((preset) => preset.id === rule.presetId),
    ),
  };
}
