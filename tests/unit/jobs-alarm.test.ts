import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browser } from "wxt/browser";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { JOBS_ALARM } from "../../entrypoints/background/analyze-jobs";
import { setupJobsAlarm } from "../../entrypoints/background/jobs-alarm";
import { OUTBOX_ALARM } from "../../entrypoints/background/outbox";

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the jobs alarm", () => {
  it("sets one alarm for the next retry, runs the due jobs when it fires, and clears it when none waits", async () => {
    const onDue = vi.fn(async () => {});
    const { scheduleAlarm, onDue: whenDue } = setupJobsAlarm(browser.alarms);
    whenDue(onDue);
    const when = Date.now() + 60_000;

    await scheduleAlarm(when);
    expect(await browser.alarms.get(JOBS_ALARM)).toMatchObject({ name: JOBS_ALARM, scheduledTime: when });

    await fakeBrowser.alarms.onAlarm.trigger({
      name: "another-alarm",
      scheduledTime: when,
      periodInMinutes: undefined,
    });
    expect(onDue).not.toHaveBeenCalled();
    await fakeBrowser.alarms.onAlarm.trigger({
      name: JOBS_ALARM,
      scheduledTime: when,
      periodInMinutes: undefined,
    });
    expect(onDue).toHaveBeenCalledTimes(1);

    await scheduleAlarm(null);
    expect(await browser.alarms.get(JOBS_ALARM)).toBeUndefined();
    vi.advanceTimersByTime(120_000);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it("also runs the jobs from a timer while the worker lives (alarms fire 30 s ahead at the soonest)", async () => {
    const onDue = vi.fn(async () => {});
    const { scheduleAlarm, onDue: whenDue } = setupJobsAlarm(browser.alarms);
    whenDue(onDue);
    await scheduleAlarm(Date.now() + 5_000);
    vi.advanceTimersByTime(4_999);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it("keeps a second, named alarm (the outbox's) apart from the jobs alarm", async () => {
    const onJobsDue = vi.fn(async () => {});
    const onOutboxDue = vi.fn(async () => {});
    const jobs = setupJobsAlarm(browser.alarms);
    jobs.onDue(onJobsDue);
    const outbox = setupJobsAlarm(browser.alarms, OUTBOX_ALARM);
    outbox.onDue(onOutboxDue);
    const jobsWhen = Date.now() + 60_000;
    const outboxWhen = Date.now() + 90_000;
    await jobs.scheduleAlarm(jobsWhen);
    await outbox.scheduleAlarm(outboxWhen);
    expect(await browser.alarms.get(JOBS_ALARM)).toMatchObject({ scheduledTime: jobsWhen });
    expect(await browser.alarms.get(OUTBOX_ALARM)).toMatchObject({ scheduledTime: outboxWhen });

    await fakeBrowser.alarms.onAlarm.trigger({
      name: OUTBOX_ALARM,
      scheduledTime: outboxWhen,
      periodInMinutes: undefined,
    });
    expect(onOutboxDue).toHaveBeenCalledTimes(1);
    expect(onJobsDue).not.toHaveBeenCalled();

    await outbox.scheduleAlarm(null);
    expect(await browser.alarms.get(OUTBOX_ALARM)).toBeUndefined();
    expect(await browser.alarms.get(JOBS_ALARM)).toMatchObject({ scheduledTime: jobsWhen });
  });
});
