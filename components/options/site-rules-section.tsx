import { useEffect, useState } from "react";
import { i18n } from "#i18n";
import { MAX_SITE_RULES } from "../../lib/settings/site-rules";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import type { FieldErrors, PresetDraft } from "./settings-form";
import { type SiteRuleDraft, siteRuleControlId } from "./site-rule-form";
import { SiteRuleItem, siteRuleButtonId } from "./site-rule-item";

export const ADD_SITE_RULE_ID = "site-rule-add";
const UNDO_ID = "site-rule-undo";

export interface SiteRulesSectionProps {
  headingId: string;
  rules: SiteRuleDraft[];
  presets: PresetDraft[];
  defaultPresetId?: string;
  errors: FieldErrors;
  onChange: (rules: SiteRuleDraft[]) => void;
}

interface Deleted {
  rule: SiteRuleDraft;
  index: number;
}

/** Per-site rules: a pattern chooses the default preset of the pages it matches; the first match wins. */
export function SiteRulesSection(props: SiteRulesSectionProps) {
  const { rules, presets, errors } = props;
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const labelOf = (rule: SiteRuleDraft) => rule.pattern.trim() || i18n.t("siteRules.untitled");

  const update = (id: string, patch: Partial<SiteRuleDraft>) =>
    props.onChange(rules.map((rule) => (rule.id === id ? { ...rule, ...patch } : rule)));

  const move = (index: number, direction: -1 | 1) => {
    const target = index + direction;
    const rule = rules[index];
    if (!rule || target < 0 || target >= rules.length) return;
    const next = [...rules];
    next.splice(index, 1);
    next.splice(target, 0, rule);
    props.onChange(next);
    const atEdge = target === 0 || target === rules.length - 1;
    const button = atEdge ? (direction === -1 ? "down" : "up") : direction === -1 ? "up" : "down";
    setFocusTarget(siteRuleButtonId(rule.id, button));
    setAnnouncement(
      i18n.t("siteRules.moved", { pattern: labelOf(rule), position: target + 1, count: rules.length }),
    );
  };

  const remove = (index: number) => {
    const rule = rules[index];
    if (!rule) return;
    props.onChange(rules.filter((_, i) => i !== index));
    setDeleted({ rule, index });
    setAnnouncement(i18n.t("siteRules.deleted", { pattern: labelOf(rule) }));
    setFocusTarget(UNDO_ID);
  };

  const undo = () => {
    if (!deleted) return;
    const next = [...rules];
    next.splice(Math.min(deleted.index, next.length), 0, deleted.rule);
    props.onChange(next);
    setDeleted(null);
    setAnnouncement(i18n.t("siteRules.restored", { pattern: labelOf(deleted.rule) }));
    setFocusTarget(siteRuleButtonId(deleted.rule.id, "delete"));
  };

  const add = () => {
    if (rules.length >= MAX_SITE_RULES || presets.length === 0) return;
    const rule: SiteRuleDraft = {
      id: crypto.randomUUID(),
      pattern: "",
      presetId: props.defaultPresetId ?? presets[0]?.id ?? "",
    };
    props.onChange([...rules, rule]);
    setFocusTarget(siteRuleControlId(rule.id, "pattern"));
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
            onMove={(direction) => move(index, direction)}
            onDelete={() => remove(index)}
          />
        ))}
      </ol>
      {deleted ? (
        <div className="ll-notice ll-notice--warning presets__undo">
          <span>{i18n.t("siteRules.deleted", { pattern: labelOf(deleted.rule) })}</span>
          <Button id={UNDO_ID} size="small" onClick={undo}>
            {i18n.t("presets.undo")}
          </Button>
          <Button
            size="small"
            aria-label={i18n.t("siteRules.dismissLabel")}
            onClick={() => {
              setDeleted(null);
              setFocusTarget(ADD_SITE_RULE_ID);
            }}
          >
            {i18n.t("presets.dismiss")}
          </Button>
        </div>
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
        {announcement}
      </p>
    </section>
  );
}
