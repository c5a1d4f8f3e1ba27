/**
 * The settings' schema, in zod/mini (the popup reads settings too): what the options page writes
 * (write-settings.ts), validated with messages for its form, and, field by field, what every reader keeps of
 * a stored value (clean-settings.ts), with its types `Settings` and `Preset`. The modules without zod that
 * this one uses are re-exported here; the ones written in its types are imported from their own modules:
 * the defaults (settings-defaults.ts) and the migrations (settings-migrations.ts).
 */
import * as z from "zod/mini";
import { Prompt, Temperature } from "../api/field-schemas";
import { type SchemaProblem, schemaProblem } from "../schema/schema-problem";
import { BASE_URL_MESSAGE, isAllowedBaseUrl } from "./base-url";
import { MAX_SITE_RULES, SiteRule } from "./site-rules";

export { schemaProblem } from "../schema/schema-problem";
export {
  DEFAULT_BASE_URL,
  originNeedingPermission,
  originPattern,
} from "./base-url";

export { defaultPreset, presetsDefaultFirst } from "./preset-order";
export { MAX_SITE_RULES } from "./site-rules";

/** The longest name a preset may have, in characters. */
export const PRESET_NAME_MAX = 60;
/** Presets a user may keep; far above any real need, it only bounds the storage item. */
export const MAX_PRESETS = 100;

/** Where a service may live: https anywhere, http only on this machine. */
export const BaseUrl = z.string().check(z.trim(), z.refine(isAllowedBaseUrl, { message: BASE_URL_MESSAGE }));

/** The API key, as given (trimmed); empty until the user sets one. */
export const ApiKey = z.string().check(z.trim());

// ---------------------------------------------------------------------------------------------------
// Presets

const SCHEMA_PROBLEM_MESSAGES: Record<SchemaProblem, string> = {
  not_object: "must be a JSON object",
  not_object_schema: 'must describe an object ("type": "object" or "properties")',
};

/** A JSON Schema whose top level describes an object (what the contract's `JsonSchemaDocument` takes, and more). */
const PresetSchema = z.record(z.string(), z.unknown()).check(
  z.superRefine((value, ctx) => {
    const problem = schemaProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: SCHEMA_PROBLEM_MESSAGES[problem] });
  }),
);

const PresetName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { message: "must not be empty" }),
    z.maxLength(PRESET_NAME_MAX, { message: `must be at most ${PRESET_NAME_MAX} characters` }),
  );

/** A preset: kept whole or not at all by a reader (clean-settings.ts). */
export const Preset = z.object({
  id: z.string().check(z.minLength(1)),
  name: PresetName,
  prompt: Prompt,
  temperature: Temperature,
  schema: z.optional(PresetSchema),
});
export type Preset = z.infer<typeof Preset>;

// ---------------------------------------------------------------------------------------------------
// Settings

/** The fields, each valid on its own; a reader keeps each one that is (clean-settings.ts). */
export const SETTINGS_FIELDS = {
  baseUrl: BaseUrl,
  apiKey: ApiKey,
  defaultPrompt: Prompt,
  defaultTemperature: Temperature,
  /** In the order the user gave them; menus and pickers show them in this order (default first where asked). */
  presets: z
    .array(Preset)
    .check(z.maxLength(MAX_PRESETS, { message: `must hold at most ${MAX_PRESETS} presets` })),
  /** The preset used by the shortcut and listed first in menus; absent only when there are no presets. */
  defaultPresetId: z.optional(z.string()),
  /** The first rule matching a page (in this order) chooses its default preset (site-rules.ts). */
  siteRules: z._default(
    z
      .array(SiteRule)
      .check(z.maxLength(MAX_SITE_RULES, { message: `must hold at most ${MAX_SITE_RULES} rules` })),
    [],
  ),
};

export const Settings = z.object(SETTINGS_FIELDS).check(
  z.superRefine((settings, ctx) => {
    const seen = new Set<string>();
    settings.presets.forEach((preset, index) => {
      if (seen.has(preset.id))
        ctx.addIssue({
          code: "custom",
          path: ["presets", index, "id"],
          message: "duplicates another preset",
        });
      seen.add(preset.id);
    });
    const seenRules = new Set<string>();
    settings.siteRules.forEach((rule, index) => {
      if (seenRules.has(rule.id))
        ctx.addIssue({
          code: "custom",
          path: ["siteRules", index, "id"],
          message: "duplicates another rule",
        });
      seenRules.add(rule.id);
      if (!seen.has(rule.presetId))
        ctx.addIssue({
          code: "custom",
          path: ["siteRules", index, "presetId"],
          message: "must be the id of one of the presets",
        });
    });
    if (settings.presets.length > 0 && !seen.has(settings.defaultPresetId ?? "")) {
      ctx.addIssue({
        code: "custom",
        path: ["defaultPresetId"],
        message: "must be the id of one of the presets",
      });
    }
  }),
);
export type Settings = z.infer<typeof Settings>;
