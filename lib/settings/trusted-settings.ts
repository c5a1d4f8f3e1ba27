/**
 * The settings as a page that only reads them takes them, without zod (the popup's bundle stays small).
 * The options page validated them before writing and the storage item has migrated them to the current
 * version, so they are trusted as they are; a field that still has the wrong shape takes its default,
 * as `coerceSettings` would give it. The worker and the options page read through settings-store.ts.
 */
import { LIMITS } from "../api/limits";
import { schemaProblem } from "../schema/schema-problem";
import { isAllowedBaseUrl } from "./base-url";
import type { Preset, Settings } from "./settings";
import { DEFAULT_SETTINGS, MAX_PRESETS, PRESET_NAME_MAX } from "./settings-defaults";
import { settingsItem } from "./settings-item";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isTemperature = (value: unknown): value is number =>
  typeof value === "number" && value >= LIMITS.minTemperature && value <= LIMITS.maxTemperature;

/** The text trimmed when it is 1 to `max` characters long then, else `undefined`. */
function trimmedText(value: unknown, max: number): string | undefined {
  const text = typeof value === "string" ? value.trim() : "";
  return text !== "" && text.length <= max ? text : undefined;
}

function trustPreset(value: unknown): Preset[] {
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

/** The stored value with every field of the wrong shape replaced by its default. */
export function trustStoredSettings(raw: unknown): Settings {
  const defaults = structuredClone(DEFAULT_SETTINGS);
  if (!isPlainObject(raw)) return defaults;
  const presets = Array.isArray(raw.presets) ? raw.presets.flatMap(trustPreset) : defaults.presets;
  const uniquePresets = presets.filter(
    (preset, index) => presets.findIndex((other) => other.id === preset.id) === index,
  );
  const defaultPresetId =
    typeof raw.defaultPresetId === "string" &&
    uniquePresets.some((preset) => preset.id === raw.defaultPresetId)
      ? raw.defaultPresetId
      : uniquePresets[0]?.id;
  const baseUrl = typeof raw.baseUrl === "string" ? raw.baseUrl.trim() : "";
  return {
    baseUrl: isAllowedBaseUrl(baseUrl) ? baseUrl : defaults.baseUrl,
    apiKey: typeof raw.apiKey === "string" ? raw.apiKey.trim() : defaults.apiKey,
    defaultPrompt: trimmedText(raw.defaultPrompt, LIMITS.maxPromptLength) ?? defaults.defaultPrompt,
    defaultTemperature: isTemperature(raw.defaultTemperature)
      ? raw.defaultTemperature
      : defaults.defaultTemperature,
    presets: uniquePresets.slice(0, MAX_PRESETS),
    defaultPresetId,
  };
}

export async function readTrustedSettings(): Promise<Settings> {
  return trustStoredSettings(await settingsItem.getValue());
}

/** Calls `listener` with the settings every time they change; returns the function that stops it. */
export function watchTrustedSettings(listener: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => listener(trustStoredSettings(value)));
}
