/**
 * What the popup's draft does with the site rule of its tab (lib/settings/site-rules.ts): the rule's
 * preset replaces the draft's preset choice when the popup opens, unless the draft holds a prompt of the
 * user's own (typed, not from a preset), which is never overwritten: the popup then offers the rule's
 * preset instead. A choice made in the popup afterwards wins (the rule is applied once per opening).
 */
import type { Preset } from "../settings/settings";
import type { PopupDraft } from "./popup-draft";

/** The draft following `preset`: its prompt, temperature and schema (as the preset picker sets them). */
export function draftWithPreset(draft: PopupDraft, preset: Preset): PopupDraft {
  return {
    ...draft,
    presetId: preset.id,
    prompt: preset.prompt,
    temperature: String(preset.temperature),
    structured: preset.schema !== undefined,
    schemaText: preset.schema ? JSON.stringify(preset.schema, null, 2) : draft.schemaText,
  };
}

/** Whether the draft's prompt is the user's own text (not a preset's, not the untouched default). */
export function holdsOwnPrompt(draft: PopupDraft, defaultPrompt: string): boolean {
  if (draft.presetId !== undefined) return false;
  const prompt = draft.prompt.trim();
  return prompt !== "" && prompt !== defaultPrompt.trim();
}

export type SiteRuleDraftAction = "already" | "apply" | "offer";

/** What opening the popup on a page whose rule chooses `preset` does to the draft. */
export function siteRuleDraftAction(
  draft: PopupDraft,
  preset: Preset,
  defaultPrompt: string,
): SiteRuleDraftAction {
  if (draft.presetId === preset.id) return "already";
  return holdsOwnPrompt(draft, defaultPrompt) ? "offer" : "apply";
}
