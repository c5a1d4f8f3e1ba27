/** The presets the menus, the shortcut and the tabs command offer, and the request fields a preset gives. */
import { i18n } from "#i18n";
import type { ResponseFormat } from "../../../lib/api/contract";
import type { AnalyzeJobRequest } from "../../../lib/db/schema";
import type { Preset, Settings } from "../../../lib/settings/settings";
import type { SiteRule } from "../../../lib/settings/site-rules";

/** The id of the stand-in preset made from the default prompt when the user keeps no presets. */
export const DEFAULTS_PRESET_ID = "defaults";

export interface MenuPresets {
  presets: Preset[];
  defaultPresetId?: string;
  /** The user's site rules, in order; their presets are among `presets`. */
  siteRules?: SiteRule[];
}

/** The presets the menus offer: the user's, or one made from the default prompt when there are none. */
export function menuPresetsFromSettings(
  settings: Pick<Settings, "presets" | "defaultPresetId" | "defaultPrompt" | "defaultTemperature"> &
    Partial<Pick<Settings, "siteRules">>,
): MenuPresets {
  const siteRules = settings.siteRules ?? [];
  if (settings.presets.length > 0) {
    return { presets: settings.presets, defaultPresetId: settings.defaultPresetId, siteRules };
  }
  const fromDefaults: Preset = {
    id: DEFAULTS_PRESET_ID,
    name: i18n.t("contextMenus.defaultPrompt"),
    prompt: settings.defaultPrompt,
    temperature: settings.defaultTemperature,
  };
  return { presets: [fromDefaults], defaultPresetId: DEFAULTS_PRESET_ID };
}

/** The request fields a preset gives: its prompt, temperature and, when it has one, its schema. */
export function presetRequestFields(preset: Preset): Omit<AnalyzeJobRequest, "links"> {
  const responseFormat: ResponseFormat | undefined = preset.schema && {
    type: "json_schema",
    json_schema: { schema: preset.schema },
  };
  return {
    prompt: preset.prompt,
    temperature: preset.temperature,
    ...(responseFormat && { responseFormat }),
  };
}
