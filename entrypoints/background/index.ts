import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { openSidePanel } from "../../lib/browser/side-panel";
import { askTabsPermission, hasTabsPermission, watchTabsPermission } from "../../lib/browser/tabs-permission";
import { db } from "../../lib/db/database";
import { jobById, markFailuresSeen } from "../../lib/db/jobs";
import { followLanguageChoice, onLanguageShown } from "../../lib/i18n/ui-language";
import { openOptionsOnFirstInstall } from "../../lib/settings/first-run";
import { pageCountBadgeItem, showsPageCounts } from "../../lib/settings/page-count-badge";
import { readSettings, watchSettings } from "../../lib/settings/settings-store";
import { createAnalysisReader } from "./analyses";
import { createJobRunner } from "./analyze-jobs";
import { createBadge } from "./badge";
import { setupCommands } from "./commands";
import { compareCommandHandlers } from "./comparisons";
import { testConnection } from "./connection";
import { menuPresetsFromSettings } from "./context-menus/menu-presets";
import { setupContextMenus } from "./context-menus/setup-context-menus";
import { createFollowUps, followUpCommandHandlers } from "./follow-ups";
import { jobGateCommandHandlers, setupJobGate } from "./job-gate";
import { setupJobsAlarm } from "./jobs-alarm";
import { createKeepAwake } from "./keep-awake";
import { createActiveTabAnalysis, setupKeyboardCommands } from "./keyboard-commands";
import { createLibrary, libraryCommandHandlers } from "./library";
import { createNotifier, watchJobsForNotifications } from "./notifications";
import { createOutbox, OUTBOX_ALARM, outboxCommandHandlers } from "./outbox";
import { browserPageSources, pageSourcesCommandHandlers } from "./page-sources";
import { setupPresetMirror } from "./preset-mirror";
import { setupQueueWake } from "./queue-wake";
import { createRelatedLister } from "./related";
import { readSelectionLinks } from "./selection-links";
import { clientFromSettings } from "./settings-client";
import { createTabsCommand, tabsCommandHandlers } from "./tabs-command";
import { fillPresetPrompt } from "./template-prompt";
import { createRecordSeeder, createTestClock, exposeTestSeam, notificationLog } from "./test-seam";
import { createThreadRebuild } from "./thread-rebuild";
import { createWatcher, WATCH_ALARM, type Watcher, watchCommandHandlers } from "./watches";

/**
 * The worker's main. Everything here runs synchronously, so a worker woken by a menu click, a shortcut,
 * an alarm or a notification click finds every listener registered when it returns; the work that
 * reads storage starts at the end.
 */
export default defineBackground(() => {
  const keepAwake = createKeepAwake(browser.runtime);
  const badge = createBadge(db, browser.action ?? browser.browserAction, browser.tabs, showsPageCounts);
  badge.watch();
  pageCountBadgeItem.watch(() => void badge.update());
  watchTabsPermission(() => void badge.update());
  const getJob = (jobId: string) => jobById(db, jobId);
  const notifier = createNotifier({
    getJob,
    onJobNotificationClicked: async (jobId) => {
      await markFailuresSeen(db, jobId);
      void badge.update();
    },
    ...(import.meta.env.MODE === "e2e" && { onShown: notificationLog.record }),
  });
  const jobNotifications = watchJobsForNotifications({ getJob, notifier });
  // Test builds move the watches' clock on (the seam below); any other build reads the real time.
  const testClock = import.meta.env.MODE === "e2e" ? createTestClock() : undefined;
  const watchAlarm = setupJobsAlarm(browser.alarms, WATCH_ALARM);
  let watcher: Watcher | undefined;

  // The runner and the outbox set their alarms, and an alarm that fires runs them.
  const jobsAlarm = setupJobsAlarm(browser.alarms);
  const runner = createJobRunner({
    db,
    getClient: clientFromSettings,
    scheduleAlarm: jobsAlarm.scheduleAlarm,
    onChange: () => {
      void badge.update();
      void jobNotifications.check();
      void watcher?.runDue();
    },
    keepAwake,
  });
  jobsAlarm.onDue(runner.runDue);
  watcher = createWatcher({
    db,
    enqueue: runner.enqueue,
    scheduleAlarm: watchAlarm.scheduleAlarm,
    notifyChanges: notifier.notifyWatchChanges,
    onChange: () => void badge.update(),
    now: testClock?.now,
  });
  const watches = watcher;
  watchAlarm.onDue(watches.runDue);
  // A page showing a job connects while it waits: a worker it started resumes the queue at once.
  setupQueueWake(browser.runtime, () => void runner.resume().then(runner.runDue));
  const outboxAlarm = setupJobsAlarm(browser.alarms, OUTBOX_ALARM);
  const outbox = createOutbox({
    db,
    getClient: clientFromSettings,
    scheduleAlarm: outboxAlarm.scheduleAlarm,
    keepAwake,
  });
  outboxAlarm.onDue(outbox.runDue);

  // What the user starts outside the pages: context menus and shortcuts, through the job gate.
  const jobGate = setupJobGate({ enqueue: runner.enqueue, onJobStarted: jobNotifications.follow });
  const readPresets = async () => menuPresetsFromSettings(await readSettings());
  const menuJobs = {
    queue: jobGate.queue,
    readPresets,
    fillPrompt: fillPresetPrompt,
    notify: notifier.notifyInfo,
  };
  // Notifications and menus in the language chosen in the options; the menus are rebuilt when it changes
  // (after the first load, so a worker's wake does not rebuild them).
  const languageShown = followLanguageChoice();
  const menus = setupContextMenus(
    { ...menuJobs, readSelectionLinks, askTabsPermission, watchPresets: watchSettings },
    languageShown,
  );
  void languageShown.then(() => onLanguageShown(() => void menus.refreshMenus()));
  const tabsCommand = createTabsCommand({ queue: jobGate.queue, hasTabsPermission, readPresets });
  const shortcuts = setupKeyboardCommands({
    analyzeActiveTab: createActiveTabAnalysis(menuJobs),
    openLibrary: (windowId) =>
      void openSidePanel(windowId).catch((error: unknown) =>
        console.warn("linklens: could not open the side panel", error),
      ),
  });
  // Test builds only (`wxt build --mode e2e`, docs/testing.md): in any other build the condition is a
  // constant false and the bundler drops the seam.
  if (import.meta.env.MODE === "e2e") {
    exposeTestSeam({
      handleMenuClick: menus.handleMenuClick,
      handleCommand: shortcuts.handleCommand,
      cacheRecords: createRecordSeeder(db),
      advanceClock: async (ms) => {
        await testClock?.advance(ms);
        await watches.runDue();
      },
      notificationsShown: notificationLog.read,
    });
  }

  // What the pages ask for.
  const analyses = createAnalysisReader({ db, getClient: clientFromSettings });
  const library = createLibrary({ db, onWatchesImported: watches.runDue });
  const related = createRelatedLister({ db, getClient: clientFromSettings });
  const threadRebuild = createThreadRebuild({ db, getClient: clientFromSettings });
  setupCommands({
    "connection.test": ({ baseUrl, apiKey }) => testConnection(baseUrl, apiKey),
    "analyze.start": async ({ source, tabUrl, presetName, ...request }) => ({
      jobId: await runner.enqueue(request, source, tabUrl, presetName),
    }),
    ...jobGateCommandHandlers(jobGate),
    ...tabsCommandHandlers(tabsCommand),
    ...followUpCommandHandlers(createFollowUps({ db, runner })),
    "thread.rebuild": ({ analysisId }) => threadRebuild.rebuild(analysisId),
    "job.cancel": async ({ jobId }) => ({ cancelled: await runner.cancel(jobId) }),
    "job.seen": async ({ jobId }) => {
      const updated = await markFailuresSeen(db, jobId);
      void badge.update();
      return { updated };
    },
    "analysis.refresh": ({ analysisId }) => analyses.refresh(analysisId),
    ...outboxCommandHandlers(outbox),
    ...libraryCommandHandlers(library),
    "related.list": (params) => related.list(params),
    ...compareCommandHandlers(db, runner),
    ...watchCommandHandlers(watches),
    ...pageSourcesCommandHandlers(browserPageSources()),
  });

  const presetMirror = setupPresetMirror({ db, readSettings, watchSettings });
  browser.runtime.onInstalled.addListener((details) => void openOptionsOnFirstInstall(details));
  // With this listener the browser starts the worker when it starts: interrupted jobs and edits go on at once.
  browser.runtime.onStartup.addListener(() => {
    void runner.resume();
    void outbox.resume();
    void watches.runDue();
  });

  void presetMirror.sync();
  void runner.resume();
  void outbox.resume();
  // A watch missed while the browser was closed or asleep runs now, once.
  void (testClock?.ready ?? Promise.resolve()).then(watches.runDue);
  void badge.update();
});
