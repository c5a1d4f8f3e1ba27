import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { db } from "../../lib/db/database";
import { markFailuresSeen } from "../../lib/db/jobs";
import { openOptionsOnFirstInstall } from "../../lib/first-run";
import { createAnalysisReader } from "./analyses";
import { createJobRunner } from "./analyze-jobs";
import { createBadge } from "./badge";
import { setupCommands } from "./commands";
import { testConnection } from "./connection";
import { setupJobsAlarm } from "./jobs-alarm";
import { createKeepAwake } from "./keep-awake";
import { clientFromSettings } from "./settings-client";

export default defineBackground(() => {
  const { scheduleAlarm } = setupJobsAlarm(browser.alarms, () => runner.runDue());
  browser.runtime.onInstalled.addListener((details) => void openOptionsOnFirstInstall(details));
  const badge = createBadge(db, browser.action ?? browser.browserAction);
  const runner = createJobRunner({
    db,
    getClient: clientFromSettings,
    scheduleAlarm,
    onChange: () => void badge.update(),
    keepAwake: createKeepAwake(browser.runtime),
  });
  const analyses = createAnalysisReader({ db, getClient: clientFromSettings });

  setupCommands({
    "connection.test": ({ baseUrl, apiKey }) => testConnection(baseUrl, apiKey),
    "analyze.start": async ({ source, tabUrl, ...request }) => ({
      jobId: await runner.enqueue(request, source, tabUrl),
    }),
    "job.cancel": async ({ jobId }) => ({ cancelled: await runner.cancel(jobId) }),
    "job.seen": async ({ jobId }) => {
      const updated = await markFailuresSeen(db, jobId);
      void badge.update();
      return { updated };
    },
    "analysis.refresh": ({ analysisId }) => analyses.refresh(analysisId),
  });

  void runner.resume();
  void badge.update();
});
