import type { WxtBrowser } from "wxt/browser";
import { JOBS_ALARM } from "./analyze-jobs";

type Alarms = Pick<WxtBrowser["alarms"], "create" | "clear" | "onAlarm">;

/**
 * One named alarm (the jobs alarm unless `name` says otherwise) that wakes the worker for the job runner
 * or the outbox: `scheduleAlarm` is what they are created with, `onDue` then names what runs when it
 * fires. Call it synchronously in the worker's main, so a wake-up by the alarm finds its listener.
 */
export function setupJobsAlarm(alarms: Alarms, name: string = JOBS_ALARM) {
  let due: () => Promise<void> = async () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === name) void due();
  });

  async function scheduleAlarm(when: number | null): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (when === null) {
      await alarms.clear(name);
      return;
    }
    await alarms.create(name, { when });
    // Chrome fires alarms 30 s ahead at the soonest; while the worker lives, a timer keeps short waits short.
    timer = setTimeout(() => void due(), Math.max(0, when - Date.now()));
  }

  /** What runs when the alarm fires (the runner's or the outbox's `runDue`). */
  function onDue(handler: () => Promise<void>): void {
    due = handler;
  }

  return { scheduleAlarm, onDue };
}
