import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import {
  createNotifier,
  INFO_NOTIFICATION_ID,
  jobDoneMessage,
  jobFailedMessage,
  jobNotificationId,
  parseJobNotificationId,
  watchChangesMessage,
  watchJobsForNotifications,
  watchNotificationId,
} from "../../entrypoints/background/notifications";
import { sidepanelFocusItem } from "../../lib/browser/sidepanel-focus";
import type { AnalyzeJob, WatchRow, WatchRunRow } from "../../lib/db/schema";
import { useEnglishMessages } from "./helpers/english-messages";
import { jobRow } from "./helpers/job-rows";

const notHttps = (link: string) => ({ link, problem: "not_https" as const });

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});
afterEach(() => {
  vi.restoreAllMocks();
  // Chrome's API, added by a test: the fake browser (Firefox-shaped) has none.
  delete (fakeBrowser as { sidePanel?: unknown }).sidePanel;
});

describe("messages", () => {
  it("count the links analyzed, failed and skipped", () => {
    const done = jobRow("j1", "done", {
      analysisIds: ["a1", "a2", "a3"],
      rejected: [notHttps("http://x.example/"), notHttps("http://y.example/")],
      duplicates: 4,
    });
    expect(jobDoneMessage(done)).toBe("3 links analyzed; 2 skipped (not https)");

    const mixed = jobRow("j2", "done", {
      analysisIds: ["a1"],
      failures: [{ link: "https://gone.example/", code: "fetch_failed", message: "404" }],
      rejected: [{ link: "https://u:p@x.example/", problem: "has_userinfo" }],
    });
    expect(jobDoneMessage(mixed)).toBe(
      "1 link analyzed; 1 could not be analyzed; 1 skipped (not a usable link)",
    );
  });

  it("give a failed job's readable error, and what was analyzed before it", () => {
    const error = { status: 402, code: "insufficient_credits", message: "not enough credits left" };
    expect(jobFailedMessage(jobRow("j1", "failed", { error }))).toBe("Not enough credits left");
    expect(jobFailedMessage(jobRow("j1", "failed", { error, analysisIds: ["a1", "a2"] }))).toBe(
      "Not enough credits left; 2 links were analyzed before that",
    );
    expect(jobFailedMessage(jobRow("j1", "failed", {}))).toBe("Something went wrong.");
  });
});

describe("createNotifier", () => {
  it("shows a job's notification with the window to open the side panel in", async () => {
    vi.spyOn(fakeBrowser.windows, "getLastFocused").mockResolvedValue({ id: 8 } as never);
    const notifier = createNotifier({ getJob: async () => undefined });

    await notifier.notifyJobDone(jobRow("j1", "done", { analysisIds: ["a1"] }));
    await notifier.notifyInfo("Only https pages can be analyzed.");

    const shown = await fakeBrowser.notifications.getAll();
    expect(shown[jobNotificationId("j1", 8)]).toMatchObject({
      type: "basic",
      title: "Analysis done",
      message: "1 link analyzed",
    });
    expect(shown[INFO_NOTIFICATION_ID]).toMatchObject({
      title: "Linklens",
      message: "Only https pages can be analyzed.",
    });
    expect(parseJobNotificationId(jobNotificationId("j1", 8))).toEqual({ jobId: "j1", windowId: 8 });
    expect(parseJobNotificationId(jobNotificationId("j1"))).toEqual({ jobId: "j1" });
    expect(parseJobNotificationId(INFO_NOTIFICATION_ID)).toBeUndefined();
  });

  it("on a click, opens Chrome's side panel before any await, then stores the focus on the job's results", async () => {
    const open = vi.fn(async (_options: { windowId: number }) => {});
    Object.assign(fakeBrowser, { sidePanel: { open } });
    const clicked = vi.fn();
    const done = jobRow("j1", "done", { analysisIds: ["a1", "a2"] });
    const notifier = createNotifier({
      getJob: async (id) => (id === "j1" ? done : undefined),
      onJobNotificationClicked: clicked,
    });
    const id = jobNotificationId("j1", 8);
    await fakeBrowser.notifications.create(id, { type: "basic", title: "t", message: "m", iconUrl: "i" });

    await fakeBrowser.notifications.onClicked.trigger(id);
    // Synchronous: the user gesture lasts only as long as the click handler's first turn.
    expect(open).toHaveBeenCalledWith({ windowId: 8 });

    await vi.waitFor(() => expect(clicked).toHaveBeenCalledWith("j1"));
    expect(await sidepanelFocusItem.getValue()).toEqual({ jobId: "j1", analysisIds: ["a1", "a2"] });
    expect(await fakeBrowser.notifications.getAll()).toEqual({});

    notifier.handleNotificationClick(INFO_NOTIFICATION_ID);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("on Firefox, opens the sidebar", () => {
    const open = vi.spyOn(fakeBrowser.sidebarAction, "open").mockResolvedValue(undefined);
    const notifier = createNotifier({ getJob: async () => undefined });
    notifier.handleNotificationClick(jobNotificationId("j1"));
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe("watchJobsForNotifications", () => {
  it("notifies each followed job once, when it ends, and never one it does not follow", async () => {
    const jobs = new Map<string, AnalyzeJob>([
      ["j1", jobRow("j1", "running", {})],
      ["j2", jobRow("j2", "queued", {})],
      ["popup", jobRow("popup", "done", {})],
    ]);
    const notifier = { notifyJobDone: vi.fn(async () => {}), notifyJobFailed: vi.fn(async () => {}) };
    const watcher = watchJobsForNotifications({ getJob: async (id) => jobs.get(id), notifier });

    await watcher.follow("j1");
    await watcher.follow("j2");
    await watcher.check();
    expect(notifier.notifyJobDone).not.toHaveBeenCalled();

    jobs.set("j1", jobRow("j1", "done", { analysisIds: ["a1"] }));
    await Promise.all([watcher.check(), watcher.check()]);
    expect(notifier.notifyJobDone).toHaveBeenCalledTimes(1);
    expect(notifier.notifyJobDone).toHaveBeenCalledWith(jobs.get("j1"));

    jobs.set("j2", jobRow("j2", "cancelled", {}));
    await watcher.check();
    await watcher.check();
    expect(notifier.notifyJobDone).toHaveBeenCalledTimes(1);
    expect(notifier.notifyJobFailed).not.toHaveBeenCalled();
  });

  it("notifies a job that had already failed when it was followed (no valid link)", async () => {
    const failed = jobRow("j1", "failed", {
      error: { status: 0, code: "no_valid_links", message: "no link" },
    });
    const notifier = { notifyJobDone: vi.fn(async () => {}), notifyJobFailed: vi.fn(async () => {}) };
    const watcher = watchJobsForNotifications({ getJob: async () => failed, notifier });

    await watcher.follow("j1");
    expect(notifier.notifyJobFailed).toHaveBeenCalledWith(failed);
  });

  it("remembers followed jobs across worker restarts", async () => {
    const jobs = new Map<string, AnalyzeJob>([["j1", jobRow("j1", "running", {})]]);
    const notifier = { notifyJobDone: vi.fn(async () => {}), notifyJobFailed: vi.fn(async () => {}) };
    await watchJobsForNotifications({ getJob: async (id) => jobs.get(id), notifier }).follow("j1");

    jobs.set("j1", jobRow("j1", "done", {}));
    const restarted = watchJobsForNotifications({ getJob: async (id) => jobs.get(id), notifier });
    await restarted.check();
    expect(notifier.notifyJobDone).toHaveBeenCalledTimes(1);
  });
});

describe("a refused key (401 or 403) in a menu job's notification", () => {
  it.each([401, 403])("%i: says the key was refused, and a click opens the settings", async (status) => {
    vi.spyOn(fakeBrowser.windows, "getLastFocused").mockResolvedValue({ id: 3 } as never);
    const openOptions = vi.spyOn(fakeBrowser.runtime, "openOptionsPage").mockResolvedValue(undefined);
    const failed = jobRow("j9", "failed", {
      error: { status, code: `http_${status}`, message: "Forbidden" },
    });
    expect(jobFailedMessage(failed)).toBe(
      `The service refused the API key (${status}). Click here to open the settings and check the key.`,
    );
    const notifier = createNotifier({ getJob: async () => failed });
    await notifier.notifyJobFailed(failed);
    const id = jobNotificationId("j9", 3, true);
    expect((await fakeBrowser.notifications.getAll())[id]).toMatchObject({ title: "Analysis failed" });
    expect(parseJobNotificationId(id)).toEqual({ jobId: "j9", windowId: 3, opensSettings: true });
    notifier.handleNotificationClick(id);
    expect(openOptions).toHaveBeenCalledTimes(1);
  });

  it("a job that had to send smaller requests says so", () => {
    const done = jobRow("j8", "done", { analysisIds: ["a1", "a2"], linkLimit: { refused: 6, learned: 3 } });
    expect(jobDoneMessage(done)).toBe(
      "2 links analyzed; the service takes at most 3 links per request, so Linklens sent them 3 at a time",
    );
  });
});

describe("watch notifications", () => {
  const watch = (title: string) => ({ title }) as WatchRow;
  const run = (changed: number) => ({ changed }) as WatchRunRow;

  it("name the watch and its changed pages, or several watches, two by name", () => {
    expect(watchChangesMessage([{ watch: watch("Basic plan"), run: run(1) }])).toBe(
      "Basic plan: 1 page changed",
    );
    expect(watchChangesMessage([{ watch: watch("Shoes"), run: run(3) }])).toBe("Shoes: 3 pages changed");
    const two = [
      { watch: watch("A"), run: run(1) },
      { watch: watch("B"), run: run(2) },
    ];
    expect(watchChangesMessage(two)).toBe("2 watches found changes: A, B");
    expect(watchChangesMessage([...two, { watch: watch("C"), run: run(1) }])).toBe(
      "3 watches found changes: A, B and 1 more",
    );
  });

  it("on a click, open the side panel on the Changes view", async () => {
    const open = vi.fn(async (_options: { windowId: number }) => {});
    Object.assign(fakeBrowser, { sidePanel: { open } });
    const notifier = createNotifier({ getJob: async () => undefined });
    const id = watchNotificationId(4);
    await fakeBrowser.notifications.create(id, { type: "basic", title: "t", message: "m", iconUrl: "i" });
    notifier.handleNotificationClick(id);
    expect(open).toHaveBeenCalledWith({ windowId: 4 });
    await vi.waitFor(async () =>
      expect(await sidepanelFocusItem.getValue()).toEqual({ jobId: id, analysisIds: [], view: "changes" }),
    );
    await vi.waitFor(async () => expect(await fakeBrowser.notifications.getAll()).toEqual({}));
  });
});
