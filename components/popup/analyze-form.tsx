import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { i18n } from "#i18n";
import { type AnalyzeInput, analyzeInputFromDraft } from "../../lib/analyze/analyze-input";
import type { PopupDraft } from "../../lib/analyze/popup-draft";
import { LIMITS } from "../../lib/api/limits";
import type { Preset } from "../../lib/settings/settings";
import { JsonSchemaEditor } from "../json-schema-editor";
import { MetadataEditor } from "../metadata-editor";
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/error-message";
import { TemperatureField } from "../ui/temperature-field";
import { TextArea } from "../ui/text-area";
import { useSchemaCheck } from "../use-schema-check";
import { PresetPicker } from "./preset-picker";
import { RecentPrompts } from "./recent-prompts";
import type { DraftChange } from "./use-popup-draft";

const PROMPT_ID = "prompt";
const TEMPERATURE_ID = "temperature";
const SCHEMA_ID = "schema";
const METADATA_ID = "metadata";
const BLOCKED_ID = "analyze-blocked";

export interface AnalyzeFormProps {
  draft: PopupDraft;
  onChange: (change: DraftChange) => void;
  /** Default first. */
  presets: Preset[];
  defaultPresetId?: string;
  /** Why Analyze is unavailable (shown next to the disabled button), or `undefined`. */
  blockedReason?: string;
  starting: boolean;
  startError?: string;
  onAnalyze: (input: AnalyzeInput) => void;
}

/** The prompt and its options; Analyze (or Ctrl/Cmd+Enter anywhere in the form) sends them. */
export function AnalyzeForm({
  draft,
  onChange,
  presets,
  defaultPresetId,
  blockedReason,
  starting,
  startError,
  onAnalyze,
}: AnalyzeFormProps) {
  const schemaCheck = useSchemaCheck(draft.schemaText, draft.structured);
  const result = useMemo(() => analyzeInputFromDraft(draft, schemaCheck), [draft, schemaCheck]);
  const problems = result.ok ? {} : result.problems;
  const [attempted, setAttempted] = useState(false);
  const promptRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    promptRef.current?.focus();
  }, []);

  // The prompt's own text: a preset no longer describes it.
  const edit = (patch: Partial<PopupDraft>) =>
    onChange((current) => ({ ...current, ...patch, presetId: undefined }));

  const pickPreset = (preset: Preset | undefined) =>
    onChange((current) => {
      if (!preset) return { ...current, presetId: undefined };
      return {
        ...current,
        presetId: preset.id,
        prompt: preset.prompt,
        temperature: String(preset.temperature),
        structured: preset.schema !== undefined,
        schemaText: preset.schema ? JSON.stringify(preset.schema, null, 2) : current.schemaText,
      };
    });

  const submit = () => {
    if (blockedReason || starting) return;
    if (result.ok) {
      setAttempted(false);
      onAnalyze(result.input);
      return;
    }
    setAttempted(true);
    const firstInvalid = [
      problems.prompt && PROMPT_ID,
      problems.temperature && TEMPERATURE_ID,
      problems.schema && SCHEMA_ID,
      problems.metadata && document.querySelector<HTMLElement>(`#${METADATA_ID} [aria-invalid="true"]`)?.id,
    ].find(Boolean);
    if (firstInvalid) document.getElementById(firstInvalid)?.focus();
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

  const promptError = attempted
    ? problems.prompt === "empty"
      ? i18n.t("errors.promptEmpty")
      : problems.prompt === "too_long"
        ? i18n.t("errors.promptTooLong", { max: LIMITS.maxPromptLength.toLocaleString() })
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
        rows={4}
        value={draft.prompt}
        onChange={(event) => edit({ prompt: event.currentTarget.value })}
      />
      <TemperatureField
        id={TEMPERATURE_ID}
        value={draft.temperature}
        error={temperatureInvalid ? i18n.t("errors.temperature") : undefined}
        onChange={(temperature) => edit({ temperature })}
      />
      <div className="analyze-form__toggle">
        <label className="toggle">
          <input
            type="checkbox"
            checked={draft.structured}
            aria-describedby="structured-hint"
            aria-controls={draft.structured ? SCHEMA_ID : undefined}
            onChange={(event) => edit({ structured: event.currentTarget.checked })}
          />
          <span>{i18n.t("popup.form.structured")}</span>
        </label>
        <p id="structured-hint" className="ll-field__hint">
          {i18n.t("popup.form.structuredHint")}
        </p>
      </div>
      {draft.structured ? (
        <JsonSchemaEditor
          id={SCHEMA_ID}
          value={draft.schemaText}
          check={schemaCheck}
          onChange={(schemaText) => edit({ schemaText })}
          error={attempted && problems.schema === "missing" ? i18n.t("popup.form.schemaMissing") : undefined}
        />
      ) : null}
      <div id={METADATA_ID}>
        <MetadataEditor
          id="metadata-row"
          rows={draft.metadataRows}
          onChange={(metadataRows) => onChange((current) => ({ ...current, metadataRows }))}
        />
      </div>
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
