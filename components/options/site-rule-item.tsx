import { i18n } from "#i18n";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { TextInput } from "../ui/text-input";
import type { PresetDraft } from "./settings-form";
import {
  type SiteRuleDraft,
  type SiteRuleField,
  siteRuleControlId,
  siteRuleFieldKey,
} from "./site-rule-form";

export interface SiteRuleItemProps {
  rule: SiteRuleDraft;
  index: number;
  count: number;
  presets: PresetDraft[];
  errors: Partial<Record<string, string>>;
  onChange: (patch: Partial<SiteRuleDraft>) => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

/** Element ids of a rule's buttons, so the list can put the focus back after a move or a delete. */
export function siteRuleButtonId(id: string, button: "up" | "down" | "delete"): string {
  return `site-rule-${id}-${button}`;
}

/** One rule: its pattern, the preset it chooses, and its place in the order. */
export function SiteRuleItem(props: SiteRuleItemProps) {
  const { rule, index, count, presets, errors } = props;
  const id = rule.id;
  const label = rule.pattern.trim() || i18n.t("siteRules.untitled");
  const error = (field: SiteRuleField) => errors[siteRuleFieldKey(id, field)];
  const presetKnown = presets.some((preset) => preset.id === rule.presetId);
  // A rule whose preset was deleted says so at once (saving is refused until another is chosen).
  const presetError =
    error("presetId") ?? (presetKnown ? undefined : i18n.t("siteRules.errors.presetDeleted"));

  return (
    <li
      className="site-rule"
      aria-label={i18n.t("siteRules.itemLabel", { position: index + 1, pattern: label })}
    >
      <span className="site-rule__position" aria-hidden="true">
        {index + 1}.
      </span>
      <TextInput
        id={siteRuleControlId(id, "pattern")}
        label={i18n.t("siteRules.pattern")}
        error={error("pattern")}
        value={rule.pattern}
        placeholder="*.github.com"
        spellCheck={false}
        autoCapitalize="off"
        onChange={(event) => props.onChange({ pattern: event.currentTarget.value })}
      />
      <Field id={siteRuleControlId(id, "presetId")} label={i18n.t("siteRules.preset")} error={presetError}>
        {(control) => (
          <select
            className="ll-input"
            value={presetKnown ? rule.presetId : ""}
            onChange={(event) => props.onChange({ presetId: event.currentTarget.value })}
            {...control}
          >
            {presetKnown ? null : <option value="">{i18n.t("siteRules.choosePreset")}</option>}
            {presets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name.trim() || i18n.t("presets.untitled")}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="site-rule__actions">
        <Button
          id={siteRuleButtonId(id, "up")}
          size="small"
          disabled={index === 0}
          aria-label={i18n.t("siteRules.moveUpLabel", { pattern: label })}
          onClick={() => props.onMove(-1)}
        >
          <span aria-hidden="true">↑</span> {i18n.t("presets.moveUp")}
        </Button>
        <Button
          id={siteRuleButtonId(id, "down")}
          size="small"
          disabled={index === count - 1}
          aria-label={i18n.t("siteRules.moveDownLabel", { pattern: label })}
          onClick={() => props.onMove(1)}
        >
          <span aria-hidden="true">↓</span> {i18n.t("presets.moveDown")}
        </Button>
        <Button
          id={siteRuleButtonId(id, "delete")}
          size="small"
          variant="danger"
          aria-label={i18n.t("siteRules.deleteLabel", { pattern: label })}
          onClick={props.onDelete}
        >
          {i18n.t("presets.delete")}
        </Button>
      </div>
    </li>
  );
}
