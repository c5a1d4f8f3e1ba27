/**
 * The one cleaner of stored settings, for every reader (the worker, the options page, the popup), by the
 * settings' own schema (settings.ts): a stored value the options page wrote comes back unchanged; anything
 * else keeps every field that is valid on its own and gives the others their defaults (a bad preset list
 * never costs the user the API key).
 */
import type * as z from "zod/mini";
import { defaultPresetIdAmong } from "./preset-order";
import { MAX_PRESETS, Preset, SETTINGS_FIELDS, type Settings } from "./settings";
import { DEFAULT_SETTINGS } from "./settings-defaults";
import { cleanSiteRules, firstOfEachId } from "./site-rules";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `value` as `schema` reads it, or `fallback` when the schema refuses it. */
function validOr<T>(schema: z.ZodMiniType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** The preset as the schema reads it, or none when a field of it is not valid (kept whole or not at all). */
function cleanPreset(value: unknown): Preset[] {
  const parsed = Preset.safeParse(value);
  if (!parsed.success) return [];
  // An explicit `schema: undefined` is no schema: the preset is written without the key.
  const { schema, ...preset } = parsed.data;
  return [schema === undefined ? preset : { ...preset, schema }];
}

/** The stored value made usable: every field of the wrong shape replaced by its default. */
export function cleanSettings(raw: unknown): Settings {
  const defaults = structuredClone(DEFAULT_SETTINGS);
  if (!isPlainObject(raw)) return defaults;
  const presets = Array.isArray(raw.presets)
    ? firstOfEachId(raw.presets.flatMap(cleanPreset)).slice(0, MAX_PRESETS)
    : defaults.presets;
  return {
    baseUrl: validOr(SETTINGS_FIELDS.baseUrl, raw.baseUrl, defaults.baseUrl),
    apiKey: validOr(SETTINGS_FIELDS.apiKey, raw.apiKey, defaults.apiKey),
    defaultPrompt: validOr(SETTINGS_FIELDS.defaultPrompt, raw.defaultPrompt, defaults.defaultPrompt),
    defaultTemperature: validOr(
      SETTINGS_FIELDS.defaultTemperature,
      raw.defaultTemperature,
      defaults.defaultTemperature,
    ),
    presets,
    defaultPresetId: defaultPresetIdAmong(presets, raw.defaultPresetId),
    // A rule whose preset is gone is dropped, as the options page (which asks for another) never saves one.
    siteRules: cleanSiteRules(raw.siteRules).filter((rule) =>
      presets.some((preset) => preset.id === rule.presetId),
    ),
  };
}
