import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { i18n } from "#i18n";
import { type AnalyzeInput, analyzeInputFromDraft } from "../../lib/analyze/analyze-input";
import type { PopupDraft } from "../../lib/analyze/popup-draft";
import { draftWithPreset } from "../../lib/analyze/site-rule-draft";
import { LIMITS } from "../../lib/api/limits";
import { formatNumber } from "../../lib/format/format-number";
import type { Preset } from "../../lib/settings/settings";
import { hasTemplate, type TemplateValues } from "../../lib/templates/prompt-template";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { TextArea } from "../ui/text-area";
import { useSchemaCheck } from "../use-schema-check";
import { advancedSummary } from "./advanced-summary";
import { PresetPicker } from "./preset-picker";
import { RecentPrompts } from "./recent-prompts";
import { templateProblemsText } from "./template-problem-text";
import { useModule } from "./use-module";
import type { DraftChange } from "./use-popup-draft";

/** Only some states need these, so they load when first shown. */
const loadAdvancedOptions = () => import("./advanced-options");
const loadTemplatePreview = () => import("./template-preview");

const PROMPT_ID = "prompt";
const BLOCKED_ID = "analyze-blocked";
/** Where to focus a problem in the folded options, once they are open. */
const ADVANCED_FIELDS = {
  temperature: "#temperature",
  schema: "#schema",
  metadata: '#metadata [aria-invalid="true"]',
} as const;

export interface AnalyzeFormProps {
  draft: PopupDraft;
  onChange: (change: DraftChange) => void;
  /** Default first. */
  presets: Preset[];
  defaultPresetId?: string;
  /** What a prompt template is filled from; `undefined` until the page is read. */
  templateValues: TemplateValues | undefined;
  /** Why Analyze is unavailable (shown next to the disabled button), or `undefined`. */
  blockedReason?: string;
  starting: boolean;
  startError?: string;
  onAnalyze: (input: AnalyzeInput) => void;
}

/**
 * The prompt (a template is previewed filled from this tab) and its options, folded to one line until
 * opened; Analyze (or Ctrl/Cmd+Enter anywhere in the form) sends them.
 */
export function AnalyzeForm({
  draft,
  onChange,
  presets,
  defaultPresetId,
  templateValues,
  blockedReason,
  starting,
  startError,
  onAnalyze,
}: AnalyzeFormProps) {
  const schemaCheck = useSchemaCheck(draft.schemaText, draft.structured);
  const result = useMemo(
    () => analyzeInputFromDraft(draft, schemaCheck, templateValues),
    [draft, schemaCheck, templateValues],
  );
  const problems = result.ok ? {} : result.problems;
  const [attempted, setAttempted] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [focusAfterOpen, setFocusAfterOpen] = useState<string>();
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const usesTemplate = hasTemplate(draft.prompt);
  const TemplatePreview = useModule(loadTemplatePreview, usesTemplate)?.default;
  const AdvancedOptions = useModule(loadAdvancedOptions, advancedOpen)?.default;

  useEffect(() => {
    promptRef.current?.focus();
  }, []);

  // A field in the folded options is focused once they have opened (and loaded).
  useEffect(() => {
    if (!focusAfterOpen || !advancedOpen) return;
    const field = document.querySelector<HTMLElement>(focusAfterOpen);
    if (field) {
      field.focus();
      setFocusAfterOpen(undefined);
    }
  });

  // The prompt's own text: a preset no longer describes it.
  const edit = (patch: Partial<PopupDraft>) =>
    onChange((current) => ({ ...current, ...patch, presetId: undefined }));

  const pickPreset = (preset: Preset | undefined) =>
    onChange((current) => (preset ? draftWithPreset(current, preset) : { ...current, presetId: undefined }));

  const submit = () => {
    if (blockedReason || starting) return;
    if (result.ok) {
      setAttempted(false);
      onAnalyze(result.input);
      return;
    }
    setAttempted(true);
    if (problems.prompt) {
      promptRef.current?.focus();
      return;
    }
    const advanced = problems.temperature
      ? ADVANCED_FIELDS.temperature
      : problems.schema
        ? ADVANCED_FIELDS.schema
        : problems.metadata
          ? ADVANCED_FIELDS.metadata
          : undefined;
    if (advanced) {
      setAdvancedOpen(true);
      setFocusAfterOpen(advanced);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  // A template's problems show as they are typed: such a prompt is never sent.
  const promptError =
    problems.prompt === "template" && problems.template
      ? templateProblemsText(problems.template)
      : attempted
        ? problems.prompt === "empty"
          ? i18n.t("errors.promptEmpty")
          : problems.prompt === "too_long"
            ? i18n.t("errors.promptTooLong", { max: formatNumber(LIMITS.maxPromptLength) })
            : undefined
        : undefined;
  const temperatureInvalid =
    problems.temperature !== undefined && (attempted || draft.temperature.trim() !== "");

  return (
    <form
      className="analyze-form"
      aria-label={i18n.t("popup.form.label")}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="analyze-form__pickers">
        <PresetPicker
          id="preset"
          presets={presets}
          defaultPresetId={defaultPresetId}
          value={draft.presetId}
          onPick={pickPreset}
        />
        {draft.recentPrompts.length > 0 ? (
          <RecentPrompts
            id="recent-prompts"
            prompts={draft.recentPrompts}
            onPick={(prompt) => edit({ prompt })}
          />
        ) : null}
      </div>
      <TextArea
        ref={promptRef}
        id={PROMPT_ID}
        label={i18n.t("popup.form.prompt")}
        hint={i18n.t("popup.form.promptHint")}
        error={promptError}
        rows={3}
        value={draft.prompt}
        onChange={(event) => edit({ prompt: event.currentTarget.value })}
      />
      {TemplatePreview && usesTemplate && problems.prompt !== "template" ? (
        <TemplatePreview template={draft.prompt} values={templateValues} />
      ) : null}
      <details
        className="advanced"
        open={advancedOpen}
        onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
      >
        <summary className="advanced__summary">
          <span className="advanced__label">{i18n.t("popup.options.label")}</span>
          <span className="advanced__values">{advancedSummary(draft)}</span>
          {problems.temperature || problems.schema || problems.metadata ? (
            <span className="advanced__problem">{i18n.t("popup.options.problem")}</span>
          ) : null}
        </summary>
        {advancedOpen && !AdvancedOptions ? <p>{i18n.t("popup.loading")}</p> : null}
        {advancedOpen && AdvancedOptions ? (
          <AdvancedOptions
            draft={draft}
            schemaCheck={schemaCheck}
            temperatureError={temperatureInvalid ? i18n.t("errors.temperature") : undefined}
            schemaError={
              attempted && problems.schema === "missing" ? i18n.t("popup.form.schemaMissing") : undefined
            }
            onEdit={edit}
            onMetadataChange={(metadataRows) => onChange((current) => ({ ...current, metadataRows }))}
          />
        ) : null}
      </details>
      <div className="analyze-form__submit">
        <Button
          type="submit"
          variant="primary"
          disabled={blockedReason !== undefined || starting}
          aria-describedby={blockedReason ? BLOCKED_ID : undefined}
        >
          {starting ? i18n.t("popup.form.starting") : i18n.t("popup.form.analyze")}
        </Button>
        {blockedReason ? (
          <p id={BLOCKED_ID} className="analyze-form__blocked">
            {blockedReason}
          </p>
        ) : null}
      </div>
      {attempted && !result.ok ? <ErrorMessage>{i18n.t("popup.form.fixFields")}</ErrorMessage> : null}
      {startError ? (
        <div role="alert">
          <ErrorMessage>{startError}</ErrorMessage>
        </div>
      ) : null}
    </form>
  );
}
