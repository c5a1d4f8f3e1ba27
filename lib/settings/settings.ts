/**
 * The settings' zod schemas: what the options page writes (write-settings.ts), validated with messages
 * for its form. Reading them is zod-free (clean-settings.ts, settings-store.ts: the popup ships no zod);
 * the zod-free parts live in their own modules and are re-exported here.
 */
import { z } from "zod";
import { JsonSchemaDocument, LIMITS, Prompt, Temperature } from "../api/contract";
import { type SchemaProblem, schemaProblem } from "../schema/schema-problem";
import { BASE_URL_MESSAGE, isAllowedBaseUrl } from "./base-url";
import { parseHostPattern } from "./host-pattern";
import { MAX_PRESETS, PRESET_NAME_MAX } from "./settings-defaults";
import { MAX_SITE_RULES } from "./site-rules";

export { schemaProblem } from "../schema/schema-problem";
export {
  DEFAULT_BASE_URL,
  originNeedingPermission,
  originPattern,
} from "./base-url";

export { defaultPreset, presetsDefaultFirst } from "./preset-order";
export {
  BUILTIN_PRESETS,
  builtinPresets,
  DEFAULT_PRESET_ID,
  DEFAULT_SETTINGS,
  MAX_PRESETS,
  PRESET_NAME_MAX,
} from "./settings-defaults";
export {
  migrateSettingsV1toV2,
  migrateSettingsV2toV3,
  SETTINGS_VERSION,
} from "./settings-migrations";
export { MAX_SITE_RULES } from "./site-rules";

/** Where a service may live: https anywhere, http only on this machine. */
export const BaseUrl = z.string().trim().refine(isAllowedBaseUrl, { message: BASE_URL_MESSAGE });

// ---------------------------------------------------------------------------------------------------
// Presets

const SCHEMA_PROBLEM_MESSAGES: Record<SchemaProblem, string> = {
  not_object: "must be a JSON object",
  not_object_schema: 'must describe an object ("type": "object" or "properties")',
};

/** A JSON Schema whose top level describes an object. */
const PresetSchema = JsonSchemaDocument.superRefine((value, ctx) => {
  const problem = schemaProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: SCHEMA_PROBLEM_MESSAGES[problem] });
});

const PresetName = z
  .string()
  .trim()
  .min(1, { message: "must not be empty" })
  .max(PRESET_NAME_MAX, { message: `must be at most ${PRESET_NAME_MAX} characters` });

export const Preset = z.object({
  id: z.string().min(1),
  name: PresetName,
  prompt: Prompt,
  temperature: Temperature,
  schema: PresetSchema.optional(),
});
export type Preset = z.infer<typeof Preset>;

// ---------------------------------------------------------------------------------------------------
// Site rules (lib/settings/site-rules.ts)

/** A site rule's pattern: a host, `*.host`, an optional `:port` and path (host-pattern.ts). */
const SitePattern = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const parsed = parseHostPattern(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: `is not a site pattern (${parsed.problem})` });
  });

const SiteRule = z.object({
  id: z.string().min(1),
  pattern: SitePattern,
  presetId: z.string().min(1),
});

// ---------------------------------------------------------------------------------------------------
// Settings

export const Settings = z
  .object({
    baseUrl: BaseUrl,
    apiKey: z.string().trim(),
    defaultPrompt: Prompt,
    defaultTemperature: z.number().min(LIMITS.minTemperature).max(LIMITS.maxTemperature),
    /** In the order the user gave them; menus and pickers show them in this order (default first where asked). */
    presets: z.array(Preset).max(MAX_PRESETS, { message: `must hold at most ${MAX_PRESETS} presets` }),
    /** The preset used by the shortcut and listed first in menus; absent only when there are no presets. */
    defaultPresetId: z.string().optional(),
    /** The first rule matching a page (in this order) chooses its default preset (site-rules.ts). */
    siteRules: z
      .array(SiteRule)
      .max(MAX_SITE_RULES, { message: `must hold at most ${MAX_SITE_RULES} rules` })
      .default([]),
  })
  .superRefine((settings, ctx) => {
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
  });
export type Settings = z.infer<typeof Settings>;
