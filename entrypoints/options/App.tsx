import { type FormEvent, useEffect, useRef, useState } from "react";
import { i18n } from "#i18n";
import { API_KEY_ID, BASE_URL_ID, ConnectionSection } from "../../components/options/connection-section";
import {
  DEFAULT_PROMPT_ID,
  DEFAULT_TEMPERATURE_ID,
  DefaultsSection,
} from "../../components/options/defaults-section";
import { LanguageSection } from "../../components/options/language-section";
import { PageCountSection } from "../../components/options/page-count-section";
import { PresetsSection } from "../../components/options/presets-section";
import { SaveBar, type SaveState } from "../../components/options/save-bar";
import {
  draftFromSettings,
  type FieldErrors,
  type PresetDraft,
  presetControlId,
  type SettingsDraft,
  sameDraft,
  settingsFromDraft,
} from "../../components/options/settings-form";
import { siteRuleControlId, siteRuleFieldKey } from "../../components/options/site-rule-form";
import { SiteRulesSection } from "../../components/options/site-rules-section";
import { WelcomePanel } from "../../components/options/welcome-panel";
import { requestHostPermission } from "../../lib/browser/host-permission";
import { needsSetup } from "../../lib/settings/needs-setup";
import { originNeedingPermission, type Settings } from "../../lib/settings/settings";
import { readSettings, watchSettings } from "../../lib/settings/settings-store";
import { writeSettings } from "../../lib/settings/write-settings";

const CONNECTION_HEADING = "connection-heading";

/** Control ids in page order, to move the focus to the first field a save refused. */
function controlIdsInOrder(draft: SettingsDraft): [string, string][] {
  const ids: [string, string][] = [
    ["baseUrl", BASE_URL_ID],
    ["apiKey", API_KEY_ID],
    ["defaultPrompt", DEFAULT_PROMPT_ID],
    ["defaultTemperature", DEFAULT_TEMPERATURE_ID],
  ];
  for (const preset of draft.presets) {
    for (const field of ["name", "prompt", "temperature", "schema"] as const) {
      ids.push([`presets.${preset.id}.${field}`, presetControlId(preset.id, field)]);
    }
  }
  for (const rule of draft.siteRules) {
    for (const field of ["pattern", "presetId"] as const) {
      ids.push([siteRuleFieldKey(rule.id, field), siteRuleControlId(rule.id, field)]);
    }
  }
  return ids;
}

export function App() {
  const [saved, setSaved] = useState<Settings | null>(null);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [baseline, setBaseline] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: "idle" });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focusRequest, setFocusRequest] = useState(0);
  const dirty = draft !== null && baseline !== null && !sameDraft(draft, baseline);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // Load, then follow changes made elsewhere (another options tab, the worker) unless the user is editing.
  useEffect(() => {
    let live = true;
    const apply = (settings: Settings) => {
      if (!live) return;
      setSaved(settings);
      const fresh = draftFromSettings(settings);
      setBaseline(fresh);
      if (!dirtyRef.current) setDraft(fresh);
    };
    readSettings().then(apply, (error: unknown) => {
      console.error("[linklens] could not read the settings", error);
    });
    const unwatch = watchSettings(apply);
    return () => {
      live = false;
      unwatch();
    };
  }, []);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // After a refused save, the first field in error takes the focus (its error is in its description).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new save request moves the focus, not every edit
  useEffect(() => {
    if (focusRequest === 0 || !draft) return;
    const first = controlIdsInOrder(draft).find(([key]) => errors[key]);
    if (first) document.getElementById(first[1])?.focus();
  }, [focusRequest]);

  if (!draft || !saved) {
    return (
      <main className="options">
        <p role="status">{i18n.t("options.loading")}</p>
      </main>
    );
  }

  const change = (patch: Partial<SettingsDraft>, clear: string[] = []) => {
    setDraft((current) => (current ? { ...current, ...patch } : current));
    if (clear.some((key) => errors[key])) {
      setErrors((current) => {
        const next = { ...current };
        for (const key of clear) delete next[key];
        return next;
      });
    }
    if (saveState.kind !== "saving") setSaveState({ kind: "idle" });
  };

  const setFieldError = (key: string, message: string | undefined) =>
    setErrors((current) => {
      if (current[key] === message) return current;
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saveState.kind === "saving") return;
    const result = settingsFromDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      setSaveState({ kind: "invalid", count: Object.keys(result.errors).length });
      const withErrors = draft.presets.filter((preset) =>
        Object.keys(result.errors).some((key) => key.startsWith(`presets.${preset.id}.`)),
      );
      if (withErrors.length > 0)
        setExpanded((current) => new Set([...current, ...withErrors.map((p) => p.id)]));
      setFocusRequest((n) => n + 1);
      return;
    }
    setErrors({});
    const settings = result.settings;
    // Synchronously, inside the click (or Enter) that submitted the form: the prompt needs the gesture.
    const permission = requestHostPermission(settings.baseUrl);
    setSaveState({ kind: "saving" });
    permission
      .then(async (granted) => {
        if (!granted) {
          setSaveState({
            kind: "refused",
            origin: originNeedingPermission(settings.baseUrl) ?? settings.baseUrl,
          });
          return;
        }
        const stored = await writeSettings(settings);
        const fresh = draftFromSettings(stored);
        setSaved(stored);
        setBaseline(fresh);
        setDraft((current) => (current && sameDraft(current, draft) ? fresh : current));
        setSaveState({ kind: "saved" });
      })
      .catch((error: unknown) => {
        setSaveState({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
      });
  };

  const newPreset = (): PresetDraft => ({
    id: crypto.randomUUID(),
    name: i18n.t("presets.newName"),
    prompt: draft.defaultPrompt,
    temperature: draft.defaultTemperature,
    schemaText: "",
  });

  return (
    <div className="options">
      <header className="options__header">
        <h1 id="options-title">{i18n.t("options.title")}</h1>
        <p className="options__subtitle">{i18n.t("options.subtitle")}</p>
      </header>
      <main>
        {needsSetup(saved) ? <WelcomePanel firstFieldId={BASE_URL_ID} /> : null}
        <form className="options__form" onSubmit={onSubmit} noValidate aria-labelledby="options-title">
          <ConnectionSection
            headingId={CONNECTION_HEADING}
            baseUrl={draft.baseUrl}
            apiKey={draft.apiKey}
            baseUrlError={errors.baseUrl}
            apiKeyError={errors.apiKey}
            onBaseUrlChange={(baseUrl) => change({ baseUrl })}
            onApiKeyChange={(apiKey) => change({ apiKey }, ["apiKey"])}
            onBaseUrlChecked={(message) => setFieldError("baseUrl", message)}
          />
          <DefaultsSection
            headingId="defaults-heading"
            prompt={draft.defaultPrompt}
            temperature={draft.defaultTemperature}
            promptError={errors.defaultPrompt}
            temperatureError={errors.defaultTemperature}
            onPromptChange={(defaultPrompt) => change({ defaultPrompt }, ["defaultPrompt"])}
            onTemperatureChange={(defaultTemperature) =>
              change({ defaultTemperature }, ["defaultTemperature"])
            }
          />
          <PresetsSection
            headingId="presets-heading"
            presets={draft.presets}
            defaultPresetId={draft.defaultPresetId}
            errors={errors}
            expanded={expanded}
            onExpand={(id, open) =>
              setExpanded((current) => {
                const next = new Set(current);
                if (open) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onChange={(presets, defaultPresetId) => {
              const before = new Map(draft.presets.map((preset) => [preset.id, preset]));
              const cleared = presets.flatMap((preset) => {
                const old = before.get(preset.id);
                if (!old) return [];
                return (["name", "prompt", "temperature", "schema"] as const)
                  .filter((field) =>
                    field === "schema" ? old.schemaText !== preset.schemaText : old[field] !== preset[field],
                  )
                  .map((field) => `presets.${preset.id}.${field}`);
              });
              change({ presets, defaultPresetId }, [...cleared, "presets", "defaultPresetId"]);
            }}
            newPreset={newPreset}
          />
          <SiteRulesSection
            headingId="site-rules-heading"
            rules={draft.siteRules}
            presets={draft.presets}
            defaultPresetId={draft.defaultPresetId}
            errors={errors}
            onChange={(siteRules) => {
              const before = new Map(draft.siteRules.map((rule) => [rule.id, rule]));
              const cleared = siteRules.flatMap((rule) => {
                const old = before.get(rule.id);
                if (!old) return [];
                return (["pattern", "presetId"] as const)
                  .filter((field) => old[field] !== rule[field])
                  .map((field) => siteRuleFieldKey(rule.id, field));
              });
              change({ siteRules }, [...cleared, "siteRules"]);
            }}
          />
          <SaveBar state={saveState} dirty={dirty} />
        </form>
        <PageCountSection headingId="page-count-heading" />
        <LanguageSection headingId="language-heading" />
      </main>
    </div>
  );
}
