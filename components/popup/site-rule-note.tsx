import { useEffect, useRef } from "react";
import { i18n } from "#i18n";
import type { PopupDraft } from "../../lib/analyze/popup-draft";
import { draftWithPreset, siteRuleDraftAction } from "../../lib/analyze/site-rule-draft";
import type { Settings } from "../../lib/settings/settings";
import { siteRuleFor } from "../../lib/settings/site-rules";
import { Button } from "../ui/button";
import type { DraftChange } from "./use-popup-draft";
import "./site-rule-note.css";

export interface SiteRuleNoteProps {
  settings: Pick<Settings, "presets" | "siteRules" | "defaultPrompt">;
  /** The tab's address. */
  tabUrl: string | undefined;
  draft: PopupDraft;
  onChange: (change: DraftChange) => void;
}

/**
 * The site rule of the popup's page: when the popup opens, its preset becomes the draft's (once: a choice
 * made in the popup afterwards wins; a prompt of the user's own is kept and the rule's preset offered),
 * and a line says which rule chose the preset. Nothing is shown when no rule matches.
 */
export function SiteRuleNote({ settings, tabUrl, draft, onChange }: SiteRuleNoteProps) {
  const match = siteRuleFor(settings, tabUrl);
  const applied = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening, with what the popup opened on
  useEffect(() => {
    if (applied.current || !match) return;
    applied.current = true;
    if (siteRuleDraftAction(draft, match.preset, settings.defaultPrompt) === "apply") {
      onChange((current) => draftWithPreset(current, match.preset));
    }
  }, [match?.rule.id]);

  if (!match) return null;
  const { pattern } = match.rule;
  const preset = match.preset.name;
  if (draft.presetId === match.preset.id) {
    return (
      <p className="site-rule-note" data-testid="site-rule-note">
        {i18n.t("siteRules.popup.applied", { preset, pattern })}
      </p>
    );
  }
  if (draft.presetId !== undefined) return null; // The user picked another preset here.
  return (
    <div className="site-rule-note site-rule-note--offer" data-testid="site-rule-note">
      <p>{i18n.t("siteRules.popup.suggested", { preset, pattern })}</p>
      <Button size="small" onClick={() => onChange((current) => draftWithPreset(current, match.preset))}>
        {i18n.t("siteRules.popup.use", { preset: match.preset.name })}
      </Button>
    </div>
  );
}
