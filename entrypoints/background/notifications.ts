/**
 * System notifications: a job started from a context menu or the shortcut tells when it ends (a click
 * opens the side panel on its results), and the menus explain why they started nothing.
 */

import { browser } from "wxt/browser";
import { storage } from "wxt/utils/storage";
import { i18n } from "#i18n";
import { isKeyRefused } from "../../lib/api/errors";
import { openSidePanel } from "../../lib/browser/side-panel";
import { sidepanelFocusItem } from "../../lib/browser/sidepanel-focus";
import { ACTIVE_JOB_STATUSES } from "../../lib/db/jobs";
import type { AnalyzeJob, WatchRow, WatchRunRow } from "../../lib/db/schema";

const JOB_NOTIFICATION_PREFIX = "linklens-job";
/** One id for every info notification: a new one replaces the last instead of piling up. */
export const INFO_NOTIFICATION_ID = "linklens-info";
const ICON_PATH = "/notification-icon.png";

/**
 * A job notification's id also carries the window to open the side panel in: the click handler must call
 * `sidePanel.open` synchronously (it needs the user gesture), with no time to look the window up.
 */
export function jobNotificationId(jobId: string, windowId?: number, opensSettings = false): string {
  return [JOB_NOTIFICATION_PREFIX, jobId, windowId ?? "", ...(opensSettings ? [SETTINGS_MARK] : [])].join(
    "|",
  );
}

/** The notification of watches' changes: one at a time, a new one replaces the last (it carries the window). */
const WATCH_NOTIFICATION_PREFIX = "linklens-watch";

export function watchNotificationId(windowId?: number): string {
  return [WATCH_NOTIFICATION_PREFIX, windowId ?? ""].join("|");
}

/** "Riverside tram line: 2 pages changed", or, for several watches, "3 watches changed: A, B and 1 more". */
export function watchChangesMessage(runs: readonly { watch: WatchRow; run: WatchRunRow }[]): string {
  const [first] = runs;
  if (runs.length === 1 && first) {
    return i18n.t("watchNotifications.oneWatch", first.run.changed, [first.run.changed], {
      title: first.watch.title,
    });
  }
  const named = runs.slice(0, 2).map(({ watch }) => watch.title);
  const more = runs.length - named.length;
  const titles =
    more > 0
      ? i18n.t("watchNotifications.andMore", more, [more], { titles: named.join(", ") })
      : named.join(", ");
  return i18n.t("watchNotifications.manyWatches", runs.length, [runs.length], { titles });
}

/** Marks a job notification whose fix is in the settings (a refused key): a click opens them. */
const SETTINGS_MARK = "settings";

export function parseJobNotificationId(
  id: string,
): { jobId: string; windowId?: number; opensSettings?: true } | undefined {
  const [prefix, jobId, window, mark] = id.split("|");
  if (prefix !== JOB_NOTIFICATION_PREFIX || !jobId) return undefined;
  const target: { jobId: string; windowId?: number; opensSettings?: true } = { jobId };
  if (window && /^\d+$/.test(window)) target.windowId = Number(window);
  if (mark === SETTINGS_MARK) target.opensSettings = true;
  return target;
}

/** "3 links analyzed; 1 could not be analyzed; 2 skipped (not https)". */
export function jobDoneMessage(job: AnalyzeJob): string {
  const limit = job.linkLimit?.learned;
  const notHttps = job.rejected.filter((rejected) => rejected.problem === "not_https").length;
  const otherRejected = job.rejected.length - notHttps;
  const parts = [i18n.t("jobNotifications.analyzed", job.analysisIds.length)];
  if (job.failures.length > 0) parts.push(i18n.t("jobNotifications.failedLinks", job.failures.length));
  if (notHttps > 0) parts.push(i18n.t("jobNotifications.skippedNotHttps", notHttps));
  if (otherRejected > 0) parts.push(i18n.t("jobNotifications.skippedInvalid", otherRejected));
  if (limit !== undefined) parts.push(i18n.t("jobNotifications.linkLimit", { size: limit }));
  return parts.join("; ");
}

/** The job's readable error, and what was analyzed before it failed. */
export function jobFailedMessage(job: AnalyzeJob): string {
  if (job.error && isKeyRefused(job.error))
    return i18n.t("jobNotifications.keyRefused", { status: job.error.status });
  const error = job.error?.message ? capitalize(job.error.message) : i18n.t("jobNotifications.unknownError");
  if (job.analysisIds.length === 0) return error;
  const analyzed = job.analysisIds.length;
  return i18n.t("jobNotifications.analyzedBeforeFailure", analyzed, [analyzed], { error });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface NotifierDeps {
  getJob: (jobId: string) => Promise<AnalyzeJob | undefined>;
  /** After a job's notification was clicked, e.g. to mark its failure as seen (the badge drops its "!"). */
  onJobNotificationClicked?: (jobId: string) => unknown;
  /** Each notification shown (test builds keep a log: headless Firefox lists none it shows). */
  onShown?: (shown: { id: string; message: string }) => unknown;
}

export type Notifier = ReturnType<typeof createNotifier>;

/** Registers the click listener: call it synchronously at the top of the worker's main (a click wakes the worker). */
export function createNotifier(deps: NotifierDeps) {
  browser.notifications.onClicked.addListener(handleNotificationClick);

  async function show(id: string, title: string, message: string): Promise<void> {
    try {
      await browser.notifications.create(id, {
        type: "basic",
        iconUrl: browser.runtime.getURL(ICON_PATH),
        title,
        message,
      });
      await deps.onShown?.({ id, message });
    } catch (error) {
      console.error("linklens: could not show a notification", error);
    }
  }

  async function notifyJob(job: AnalyzeJob, title: string, message: string): Promise<void> {
    const opensSettings = job.status === "failed" && job.error !== undefined && isKeyRefused(job.error);
    await show(jobNotificationId(job.id, await lastFocusedWindowId(), opensSettings), title, message);
  }

  /** Synchronous up to the panel's `open` call: Chrome and Firefox allow it only within the click's gesture. */
  function handleNotificationClick(notificationId: string): void {
    const [prefix, window] = notificationId.split("|");
    if (prefix === WATCH_NOTIFICATION_PREFIX) {
      openSidePanel(window && /^\d+$/.test(window) ? Number(window) : undefined).catch((error: unknown) =>
        console.warn("linklens: could not open the side panel", error),
      );
      void focusChanges(notificationId);
      return;
    }
    const target = parseJobNotificationId(notificationId);
    if (!target) return;
    if (target.opensSettings) {
      browser.runtime
        .openOptionsPage()
        .catch((error: unknown) => console.warn("linklens: could not open the settings", error));
      void focusJob(target.jobId, notificationId);
      return;
    }
    openSidePanel(target.windowId).catch((error: unknown) =>
      console.warn("linklens: could not open the side panel", error),
    );
    void focusJob(target.jobId, notificationId);
  }

  async function focusJob(jobId: string, notificationId: string): Promise<void> {
    try {
      const job = await deps.getJob(jobId);
      await sidepanelFocusItem.setValue({ jobId, analysisIds: job?.analysisIds ?? [] });
      await browser.notifications.clear(notificationId);
      await deps.onJobNotificationClicked?.(jobId);
    } catch (error) {
      console.error("linklens: could not focus the side panel on a job", error);
    }
  }

  async function focusChanges(notificationId: string): Promise<void> {
    try {
      await sidepanelFocusItem.setValue({ jobId: notificationId, analysisIds: [], view: "changes" });
      await browser.notifications.clear(notificationId);
    } catch (error) {
      console.error("linklens: could not open the changes", error);
    }
  }

  return {
    /** One notification for the watch runs of one pass that found changes. */
    notifyWatchChanges: async (runs: readonly { watch: WatchRow; run: WatchRunRow }[]) =>
      show(
        watchNotificationId(await lastFocusedWindowId()),
        i18n.t("watchNotifications.title"),
        watchChangesMessage(runs),
      ),
    notifyJobDone: (job: AnalyzeJob) =>
      notifyJob(job, i18n.t("jobNotifications.doneTitle"), jobDoneMessage(job)),
    notifyJobFailed: (job: AnalyzeJob) =>
      notifyJob(job, i18n.t("jobNotifications.failedTitle"), jobFailedMessage(job)),
    notifyInfo: (message: string) =>
      show(INFO_NOTIFICATION_ID, i18n.t("jobNotifications.infoTitle"), message),
    /** The listener's function, for tests. */
    handleNotificationClick,
  };
}

async function lastFocusedWindowId(): Promise<number | undefined> {
  try {
    return (await browser.windows.getLastFocused({ windowTypes: ["normal"] }))?.id;
  } catch {
    return undefined;
  }
}

export interface JobNotificationDeps {
  getJob: (jobId: string) => Promise<AnalyzeJob | undefined>;
  notifier: Pick<Notifier, "notifyJobDone" | "notifyJobFailed">;
}

/**
 * Jobs whose end should be notified (those started from a menu or the shortcut; the popup shows its own).
 * Kept in `storage.local` because a job outlives the worker, and even the browser session, that started it.
 */
const followedJobsItem = storage.defineItem<string[]>("local:notifyJobs", { fallback: [] });

/**
 * Notifies each followed job once, when it is done or failed (a cancelled one is dropped silently).
 * `follow(jobId)` after enqueueing; `check()` on every job change (the runner's `onChange`).
 */
export function watchJobsForNotifications({ getJob, notifier }: JobNotificationDeps) {
  // One pass at a time, so two overlapping changes never notify the same job twice.
  let queue: Promise<void> = Promise.resolve();
  function serially(task: () => Promise<void>): Promise<void> {
    queue = queue.then(task).catch((error: unknown) => {
      console.error("linklens: job notifications failed", error);
    });
    return queue;
  }

  async function checkNow(): Promise<void> {
    const followed = await followedJobsItem.getValue();
    if (followed.length === 0) return;
    const jobs = await Promise.all(followed.map((id) => getJob(id)));
    const isActive = (job: AnalyzeJob | undefined) =>
      job !== undefined && ACTIVE_JOB_STATUSES.includes(job.status);
    if (jobs.every(isActive)) return;
    // Unfollowed before notifying: a worker stopped in between skips a notification rather than repeats it.
    await followedJobsItem.setValue(followed.filter((_, index) => isActive(jobs[index])));
    for (const job of jobs.filter((job) => !isActive(job))) {
      if (job?.status === "done") await notifier.notifyJobDone(job);
      else if (job?.status === "failed") await notifier.notifyJobFailed(job);
    }
  }

  return {
    follow: (jobId: string): Promise<void> =>
      serially(async () => {
        const followed = await followedJobsItem.getValue();
        if (!followed.includes(jobId)) await followedJobsItem.setValue([...followed, jobId]);
        // The job may have ended already (one with no valid link fails at once).
        await checkNow();
      }),
    check: (): Promise<void> => serially(checkNow),
  };
}
