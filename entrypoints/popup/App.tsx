import { useCallback, useState } from "react";
import { i18n } from "#i18n";
import { AnalyzeForm } from "../../components/popup/analyze-form";
import { AnalyzeTabsAction } from "../../components/popup/analyze-tabs-action";
import { FirstRunPanel } from "../../components/popup/first-run-panel";
import { JobAnnouncer } from "../../components/popup/job-announcer";
import { OptionsButton } from "../../components/popup/options-button";
import type { PageActivity } from "../../components/popup/page-activity";
import { PageCountOffer } from "../../components/popup/page-count-offer";
import { PromptSummary } from "../../components/popup/prompt-summary";
import { SiteRuleNote } from "../../components/popup/site-rule-note";
import { blockedByTargetText, targetProblem } from "../../components/popup/target-problem";
import { TargetSummary } from "../../components/popup/target-summary";
import { useModule } from "../../components/popup/use-module";
import { usePopupDraft } from "../../components/popup/use-popup-draft";
import { useReadyMark } from "../../components/popup/use-ready-mark";
import { useSettings } from "../../components/popup/use-settings";
import { useTargetTab } from "../../components/popup/use-target-tab";
import { useTemplateValues } from "../../components/popup/use-template-values";
import type { AnalyzeInput } from "../../lib/analyze/analyze-input";
import { withRecentPrompt } from "../../lib/analyze/popup-draft";
import type { AnalyzeJobRequest } from "../../lib/db/schema";
import { normalizeLink } from "../../lib/links/link-check";
import { sendCommand } from "../../lib/messaging/protocol";
import { needsSetup } from "../../lib/settings/needs-setup";
import { presetsDefaultFirst } from "../../lib/settings/preset-order";
import { hasTemplate } from "../../lib/templates/prompt-template";

// What reads the database (Dexie) loads on its own, started at once: the form shows without waiting for it.
const activityModule = import("../../components/popup/page-activity");
const loadActivity = () => activityModule;

const NO_IDS: readonly string[] = [];

export function App() {
  const settings = useSettings();
  const target = useTargetTab();
  const [draft, updateDraft] = usePopupDraft(settings);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string>();
  const [activity, setActivity] = useState<PageActivity>();
  /** With a job shown, the form is folded to one line until the user asks to edit. */
  const [editing, setEditing] = useState(false);
  /** The form was folded by the user's Analyze: the keyboard's focus moves to its Edit. */
  const [foldedByStart, setFoldedByStart] = useState(false);
  const onActivity = useCallback((next: PageActivity) => setActivity(next), []);

  const tab = target.state === "ready" ? target.tab : undefined;
  const tabUrl = tab?.url;
  const pageUrl = (tabUrl && normalizeLink(tabUrl)) || undefined;
  // The job this popup started on this page, else the newest one started on it from anywhere.
  const storedJobId = draft?.job && draft.job.tabUrl === pageUrl ? draft.job.id : undefined;
  const templateValues = useTemplateValues(tab, hasTemplate(draft?.prompt ?? ""));

  const loaded = settings !== undefined && draft !== undefined && target.state === "ready";
  useReadyMark(loaded && activity !== undefined);

  const activityParts = useModule(loadActivity);
  const watcher =
    loaded && activityParts ? (
      <activityParts.PageActivityWatcher pageUrl={pageUrl} storedJobId={storedJobId} onChange={onActivity} />
    ) : null;

  if (!settings || !draft || target.state === "loading" || !activity || !activityParts) {
    return (
      <main className="popup">
        <p role="status">{i18n.t("popup.loading")}</p>
        {watcher}
      </main>
    );
  }

  const firstRun = needsSetup(settings);
  const header = (
    <header className="popup__header">
      <h1>{i18n.t("popup.title")}</h1>
      {firstRun ? null : <OptionsButton size="small" />}
    </header>
  );

  if (firstRun) {
    return (
      <div className="popup">
        {header}
        <main>
          <FirstRunPanel />
        </main>
        {watcher}
      </div>
    );
  }

  const { job } = activity;
  const problem = targetProblem(tab);
  const running = job?.status === "queued" || job?.status === "running";
  const blockedReason = problem
    ? blockedByTargetText(problem)
    : running
      ? i18n.t("popup.form.blockedRunning")
      : undefined;
  const folded = job !== null && !editing;

  const start = (input: AnalyzeInput | Omit<AnalyzeJobRequest, "links">, recentPrompt: string) => {
    if (!tabUrl || !pageUrl) return;
    setStarting(true);
    setStartError(undefined);
    // The preset, for the library, while its prompt is the one sent (the user may have edited it since).
    const preset = settings.presets.find(
      ({ id, prompt }) => id === draft.presetId && prompt === draft.prompt,
    );
    const presetName = preset?.name;
    sendCommand("analyze.start", {
      links: [tabUrl],
      ...input,
      source: "popup",
      tabUrl,
      ...(presetName && { presetName }),
    })
      .then(({ jobId }) => {
        setEditing(false);
        setFoldedByStart(true);
        updateDraft((current) => ({
          ...current,
          job: { id: jobId, tabUrl: pageUrl },
          recentPrompts: withRecentPrompt(current.recentPrompts, recentPrompt),
        }));
      })
      .catch((error: unknown) => {
        setEditing(true);
        setStartError(
          i18n.t("popup.form.startFailed", {
            message: error instanceof Error ? error.message : String(error),
          }),
        );
      })
      .finally(() => setStarting(false));
  };

  // The request it was made with when this browser made it; else the form's prompt and options.
  const analyzeAgain = (request: AnalyzeJobRequest | undefined) => {
    if (blockedReason || starting) return;
    if (!request) {
      document.querySelector<HTMLFormElement>("form.analyze-form")?.requestSubmit();
      return;
    }
    const { links: _links, ...input } = request;
    start(input, request.prompt);
  };

  return (
    <div className="popup">
      {header}
      <main>
        <TargetSummary tab={tab} problem={problem} />
        <SiteRuleNote
          settings={settings}
          tabUrl={problem ? undefined : tabUrl}
          draft={draft}
          onChange={updateDraft}
        />
        {folded ? (
          <PromptSummary
            prompt={job.request.prompt}
            focusEdit={foldedByStart}
            onEdit={() => {
              setFoldedByStart(false);
              setEditing(true);
            }}
          />
        ) : null}
        {folded ? null : (
          <AnalyzeForm
            draft={draft}
            onChange={updateDraft}
            presets={presetsDefaultFirst(settings)}
            defaultPresetId={settings.defaultPresetId}
            templateValues={templateValues}
            blockedReason={blockedReason}
            starting={starting}
            startError={startError}
            // The template is kept in the recent prompts; what is sent is the filled prompt.
            onAnalyze={(input) => start(input, draft.prompt)}
          />
        )}
        <JobAnnouncer job={job} />
        {job ? (
          <activityParts.JobPanel job={job} baseUrl={settings.baseUrl} windowId={tab?.windowId} />
        ) : null}
        {pageUrl && !problem ? (
          <activityParts.EarlierAnalyses
            pageUrl={pageUrl}
            exclude={job?.analysisIds ?? NO_IDS}
            showLatest={job === null}
            windowId={tab?.windowId}
            onAnalyzeAgain={analyzeAgain}
          />
        ) : null}
        {tab?.windowId === undefined ? null : (
          // Folded like the form's options, so the popup keeps within 600 px.
          <details className="popup__more">
            <summary className="popup__more-summary">{i18n.t("popup.moreTabs")}</summary>
            <AnalyzeTabsAction
              windowId={tab.windowId}
              presetId={draft.presetId}
              presets={presetsDefaultFirst(settings)}
            />
            {/* The other feature that reads the tabs' addresses: offered here, folded, so the result keeps to 600 px. */}
            <PageCountOffer />
          </details>
        )}
      </main>
      {watcher}
    </div>
  );
}
