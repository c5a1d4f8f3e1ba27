/**
 * The options form's model: the settings as the user types them (every value a string, nothing lost),
 * turned into `Settings` by the zod schema, with each problem keyed to the field that shows it.
 */

import type { z } from "zod";
import { i18n } from "#i18n";
import { LIMITS } from "../../lib/api/contract";
import { formatNumber } from "../../lib/format/format-number";
import { checkSchemaText } from "../../lib/schema/schema-check";
import {
  MAX_PRESETS,
  MAX_SITE_RULES,
  PRESET_NAME_MAX,
  type Preset,
  Settings,
  BaseUrl as SettingsBaseUrl,
} from "../../lib/settings/settings";
import { schemaCheckMessage } from "../json-schema-messages";
import { type SiteRuleDraft, siteRuleDraft, siteRuleErrors, siteRuleFieldKey } from "./site-rule-form";

export interface PresetDraft {
  id: string;
  name: string;
  prompt: string;
  temperature: string;
  /** The schema as typed; empty for none. */
  schemaText: string;
}

export interface SettingsDraft {
  baseUrl: string;
  apiKey: string;
  defaultPrompt: string;
  defaultTemperature: string;
  presets: PresetDraft[];
  defaultPresetId?: string;
  /** In the user's order (site-rule-form.ts). */
  siteRules: SiteRuleDraft[];
}

/** Error messages by field key: `baseUrl`, `apiKey`, `defaultPrompt`, `defaultTemperature`, `presets`,
 * `defaultPresetId`, and `presets.<id>.<name|prompt|temperature|schema>` (by id, so they follow reorders). */
export type FieldErrors = Partial<Record<string, string>>;

export type PresetField = "name" | "prompt" | "temperature" | "schema";

export function presetFieldKey(id: string, field: PresetField): string {
  return `presets.${id}.${field}`;
}

/** The DOM id of a preset's control, so a save can move the focus to the first one in error. */
export function presetControlId(id: string, field: PresetField): string {
  return `preset-${id}-${field}`;
}

function presetDraft(preset: Preset): PresetDraft {
  return {
    id: preset.id,
    name: preset.name,
    prompt: preset.prompt,
    temperature: String(preset.temperature),
    schemaText: preset.schema ? JSON.stringify(preset.schema, null, 2) : "",
  };
}

export function draftFromSettings(settings: Settings): SettingsDraft {
  return {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    defaultPrompt: settings.defaultPrompt,
    defaultTemperature: String(settings.defaultTemperature),
    presets: settings.presets.map(presetDraft),
    defaultPresetId: settings.defaultPresetId,
    siteRules: settings.siteRules.map(siteRuleDraft),
  };
}

/** The number a temperature text stands for; NaN (refused by the schema) when it is not one. */
function parseTemperatureText(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/** The base URL's problem as the page shows it, or `undefined` when it is acceptable. */
export function baseUrlError(baseUrl: string): string | undefined {
  if (baseUrl.trim() === "") return i18n.t("errors.baseUrlEmpty");
  return SettingsBaseUrl.safeParse(baseUrl).success ? undefined : i18n.t("errors.baseUrl");
}

function issueMessage(field: string, issue: z.core.$ZodIssue): string {
  const tooBig = issue.code === "too_big";
  switch (field) {
    case "baseUrl":
      return i18n.t("errors.baseUrl");
    case "defaultPrompt":
    case "prompt":
      return tooBig
        ? i18n.t("errors.promptTooLong", { max: formatNumber(LIMITS.maxPromptLength) })
        : i18n.t("errors.promptEmpty");
    case "defaultTemperature":
    case "temperature":
      return i18n.t("errors.temperature");
    case "name":
      return tooBig ? i18n.t("errors.nameTooLong", { max: PRESET_NAME_MAX }) : i18n.t("errors.nameEmpty");
    case "schema":
      return i18n.t("errors.schemaNotObjectSchema");
    case "presets":
      return i18n.t("errors.tooManyPresets", { max: MAX_PRESETS });
    case "defaultPresetId":
      return i18n.t("errors.defaultPreset");
    case "siteRules":
      return i18n.t("siteRules.tooMany", { max: MAX_SITE_RULES });
    default:
      return issue.message;
  }
}

export type DraftResult = { ok: true; settings: Settings } | { ok: false; errors: FieldErrors };

/** Validates the whole form with the settings schema; every problem is keyed to its field. */
export function settingsFromDraft(draft: SettingsDraft): DraftResult {
  const errors: FieldErrors = {};
  const presets = draft.presets.map((preset) => {
    const check = checkSchemaText(preset.schemaText);
    const message = schemaCheckMessage(check);
    if (message) errors[presetFieldKey(preset.id, "schema")] = message;
    return {
      id: preset.id,
      name: preset.name,
      prompt: preset.prompt,
      temperature: parseTemperatureText(preset.temperature),
      ...(check.state === "ok" ? { schema: check.schema } : {}),
    };
  });
  const candidate = {
    baseUrl: draft.baseUrl,
    apiKey: draft.apiKey,
    defaultPrompt: draft.defaultPrompt,
    defaultTemperature: parseTemperatureText(draft.defaultTemperature),
    presets,
    ...(draft.defaultPresetId === undefined ? {} : { defaultPresetId: draft.defaultPresetId }),
    siteRules: draft.siteRules.map(({ id, pattern, presetId }) => ({ id, pattern, presetId })),
  };
  // Each rule's pattern and preset, checked with messages of their own (the schema checks them again).
  Object.assign(errors, siteRuleErrors(draft.siteRules, draft.presets));
  const parsed = Settings.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path;
      let key: string;
      let name: string;
      if (first === "siteRules" && typeof index === "number") {
        // Already keyed by siteRuleErrors; an id clash (never made by the page) falls on the pattern.
        const id = draft.siteRules[index]?.id ?? String(index);
        key = siteRuleFieldKey(id, field === "presetId" ? "presetId" : "pattern");
        errors[key] ??= issue.message;
        continue;
      }
      if (first === "presets" && typeof index === "number" && typeof field === "string") {
        const id = draft.presets[index]?.id ?? String(index);
        name = field;
        key = presetFieldKey(id, (field === "id" ? "name" : field) as PresetField);
      } else {
        name = String(first ?? "");
        key = name;
      }
      errors[key] ??= issueMessage(name, issue);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, settings: parsed.data };
}

/** Drafts compare by content: what the user would lose by leaving. */
export function sameDraft(a: SettingsDraft, b: SettingsDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
