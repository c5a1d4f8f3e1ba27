/**
 * The site rules as the options page edits them, and the message for each problem of a rule, keyed to
 * its field (`siteRules.<id>.pattern`, `siteRules.<id>.presetId`) so it follows reorders.
 */
import { i18n } from "#i18n";
import { type HostPatternProblem, parseHostPattern, SITE_PATTERN_MAX } from "../../lib/settings/host-pattern";
import type { SiteRule } from "../../lib/settings/site-rules";

export type SiteRuleDraft = SiteRule;

export type SiteRuleField = "pattern" | "presetId";

export function siteRuleDraft(rule: SiteRule): SiteRuleDraft {
  return { id: rule.id, pattern: rule.pattern, presetId: rule.presetId };
}

export function siteRuleFieldKey(id: string, field: SiteRuleField): string {
  return `siteRules.${id}.${field}`;
}

/** The DOM id of a rule's control, so a save can move the focus to the first one in error. */
export function siteRuleControlId(id: string, field: SiteRuleField): string {
  return `site-rule-${id}-${field}`;
}

/** What a pattern's problem reads as, in the words of the page. */
function sitePatternMessage(problem: HostPatternProblem): string {
  switch (problem) {
    case "empty":
      return i18n.t("siteRules.errors.empty");
    case "too_long":
      return i18n.t("siteRules.errors.tooLong", { max: SITE_PATTERN_MAX });
    case "scheme":
      return i18n.t("siteRules.errors.scheme");
    case "wildcard_host":
      return i18n.t("siteRules.errors.wildcardHost");
    case "query":
      return i18n.t("siteRules.errors.query");
    case "invalid_host":
      return i18n.t("siteRules.errors.invalidHost");
  }
}

/** The problems of every rule: a pattern that is not one, a preset that is not (or no longer) there. */
export function siteRuleErrors(
  rules: readonly SiteRuleDraft[],
  presets: readonly { id: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rule of rules) {
    const parsed = parseHostPattern(rule.pattern);
    if (!parsed.ok) errors[siteRuleFieldKey(rule.id, "pattern")] = sitePatternMessage(parsed.problem);
    if (!presets.some((preset) => preset.id === rule.presetId)) {
      errors[siteRuleFieldKey(rule.id, "presetId")] =
        rule.presetId === "" ? i18n.t("siteRules.errors.noPreset") : i18n.t("siteRules.errors.presetDeleted");
    }
  }
  return errors;
}
