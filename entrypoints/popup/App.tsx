import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { i18n } from "#i18n";
import { AnalyzeForm } from "../../components/popup/analyze-form";
import { EarlierAnalyses } from "../../components/popup/earlier-analyses";
import { FirstRunPanel } from "../../components/popup/first-run-panel";
import { JobAnnouncer } from "../../components/popup/job-announcer";
import { JobPanel } from "../../components/popup/job-panel";
import { OptionsButton } from "../../components/popup/options-button";
import { blockedByTargetText, targetProblem } from "../../components/popup/target-problem";
import { TargetSummary } from "../../components/popup/target-summary";
import { usePopupDraft } from "../../components/popup/use-popup-draft";
import { useReadyMark } from "../../components/popup/use-ready-mark";
import { useSettings } from "../../components/popup/use-settings";
import { useTargetTab } from "../../components/popup/use-target-tab";
import type { AnalyzeInput } from "../../lib/analyze/analyze-input";
import { withRecentPrompt } from "../../lib/analyze/popup-draft";
import { db } from "../../lib/db/database";
import { jobById, latestJobForTab } from "../../lib/db/jobs";
import { listPresets } from "../../lib/db/presets";
import { normalizeLink } from "../../lib/links/link-check";
import { sendCommand } from "../../lib/messaging/protocol";
import { needsSetup } from "../../lib/settings/needs-setup";

const NO_IDS: readonly string[] = [];

export function App() {
  const settings = useSettings();
  const target = useTargetTab();
  const [draft, updateDraft] = usePopupDraft(settings);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string>();
  const presets = useLiveQuery(() => listPresets(db));

  const tab = target.state === "ready" ? target.tab : undefined;
  const tabUrl = tab?.url;
  const pageUrl = (tabUrl && normalizeLink(tabUrl)) || undefined;
  // The job this popup started on this page, else the newest one started on it from anywhere.
  const storedJobId = draft?.job && draft.job.tabUrl === pageUrl ? draft.job.id : undefined;
  const job = useLiveQuery(async () => {
    if (storedJobId) return (await jobById(db, storedJobId)) ?? null;
    return pageUrl ? ((await latestJobForTab(db, pageUrl)) ?? null) : null;
  }, [storedJobId, pageUrl]);

  useReadyMark(
    settings !== undefined && draft !== undefined && presets !== undefined && target.state === "ready",
  );

  if (!settings || !draft || !presets || target.state === "loading") {
    return (
      <main className="popup">
        <p role="status">{i18n.t("popup.loading")}</p>
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
      </div>
    );
  }

  const problem = targetProblem(tab);
  const running = job?.status === "queued" || job?.status === "running";
  const blockedReason = problem
    ? blockedByTargetText(problem)
    : running
      ? i18n.t("popup.form.blockedRunning")
      : undefined;

  const analyze = (input: AnalyzeInput) => {
    if (!tabUrl || !pageUrl) return;
    setStarting(true);
    setStartError(undefined);
    sendCommand("analyze.start", { links: [tabUrl], ...input, source: "popup", tabUrl })
      .then(({ jobId }) =>
        updateDraft((current) => ({
          ...current,
          job: { id: jobId, tabUrl: pageUrl },
          recentPrompts: withRecentPrompt(current.recentPrompts, input.prompt),
        })),
      )
      .catch((error: unknown) => {
        setStartError(
          i18n.t("popup.form.startFailed", {
            message: error instanceof Error ? error.message : String(error),
          }),
        );
      })
      .finally(() => setStarting(false));
  };

  return (
    <div className="popup">
      {header}
      <main>
        <TargetSummary tab={tab} problem={problem} />
        <AnalyzeForm
          draft={draft}
          onChange={updateDraft}
          presets={presets}
          defaultPresetId={settings.defaultPresetId}
          blockedReason={blockedReason}
          starting={starting}
          startError={startError}
          onAnalyze={analyze}
        />
        <JobAnnouncer job={job} />
        {job ? <JobPanel job={job} baseUrl={settings.baseUrl} windowId={tab?.windowId} /> : null}
        {pageUrl && !problem ? (
          <EarlierAnalyses pageUrl={pageUrl} exclude={job?.analysisIds ?? NO_IDS} />
        ) : null}
      </main>
    </div>
  );
}
