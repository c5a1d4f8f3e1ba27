import { i18n } from "#i18n";
import { MAX_SITE_RULES } from "../../lib/settings/site-rules";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import type { FieldErrors, PresetDraft } from "./settings-form";
import { type SiteRuleDraft, siteRuleControlId } from "./site-rule-form";
import { SiteRuleItem, siteRuleButtonId } from "./site-rule-item";
import { UndoNotice } from "./undo-notice";
import { useOrderedList } from "./use-ordered-list";

const ADD_SITE_RULE_ID = "site-rule-add";
const UNDO_ID = "site-rule-undo";

export interface SiteRulesSectionProps {
  headingId: string;
  rules: SiteRuleDraft[];
  presets: PresetDraft[];
  defaultPresetId?: string;
  errors: FieldErrors;
  onChange: (rules: SiteRuleDraft[]) => void;
}

/** Per-site rules: a pattern chooses the default preset of the pages it matches; the first match wins. */
export function SiteRulesSection(props: SiteRulesSectionProps) {
  const { rules, presets, errors } = props;
  const labelOf = (rule: SiteRuleDraft) => rule.pattern.trim() || i18n.t("siteRules.untitled");
  const list = useOrderedList({
    items: rules,
    onChange: (next) => props.onChange(next),
    labelOf,
    buttonId: siteRuleButtonId,
    undoId: UNDO_ID,
    announce: {
      moved: (pattern, position, count) => i18n.t("siteRules.moved", { pattern, position, count }),
      deleted: (pattern) => i18n.t("siteRules.deleted", { pattern }),
      restored: (pattern) => i18n.t("siteRules.restored", { pattern }),
    },
  });

  const update = (id: string, patch: Partial<SiteRuleDraft>) =>
    props.onChange(rules.map((rule) => (rule.id === id ? { ...rule, ...patch } : rule)));

  const add = () => {
    if (rules.length >= MAX_SITE_RULES || presets.length === 0) return;
    const rule: SiteRuleDraft = {
      id: crypto.randomUUID(),
      pattern: "",
      presetId: props.defaultPresetId ?? presets[0]?.id ?? "",
    };
    props.onChange([...rules, rule]);
    list.focus(siteRuleControlId(rule.id, "pattern"));
  };

  return (
    <section className="options-section" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{i18n.t("siteRules.title")}</h2>
      <p className="options-section__intro">{i18n.t("siteRules.intro")}</p>
      <p className="ll-field__hint" id="site-rules-syntax">
        {i18n.t("siteRules.syntax")}
      </p>
      {errors.siteRules ? <ErrorMessage>{errors.siteRules}</ErrorMessage> : null}
      {rules.length === 0 ? <p className="presets__empty">{i18n.t("siteRules.empty")}</p> : null}
      <ol className="site-rules" aria-label={i18n.t("siteRules.listLabel")}>
        {rules.map((rule, index) => (
          <SiteRuleItem
            key={rule.id}
            rule={rule}
            index={index}
            count={rules.length}
            presets={presets}
            errors={errors}
            onChange={(patch) => update(rule.id, patch)}
            onMove={(direction) => list.move(index, direction)}
            onDelete={() => list.remove(index)}
          />
        ))}
      </ol>
      {list.deleted ? (
        <UndoNotice
          message={i18n.t("siteRules.deleted", { pattern: labelOf(list.deleted) })}
          undoId={UNDO_ID}
          dismissLabel={i18n.t("siteRules.dismissLabel")}
          onUndo={list.undo}
          onDismiss={() => list.dismiss(ADD_SITE_RULE_ID)}
        />
      ) : null}
      <div className="presets__footer">
        <Button
          id={ADD_SITE_RULE_ID}
          onClick={add}
          disabled={rules.length >= MAX_SITE_RULES || presets.length === 0}
          aria-describedby={presets.length === 0 ? "site-rules-no-presets" : undefined}
        >
          <span aria-hidden="true">+</span> {i18n.t("siteRules.add")}
        </Button>
        {presets.length === 0 ? (
          <p id="site-rules-no-presets" className="ll-field__hint">
            {i18n.t("siteRules.needsPresets")}
          </p>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="ll-visually-hidden">
        {list.announcement}
      </p>
    </section>
  );
}
