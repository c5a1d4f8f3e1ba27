import type { WxtBrowser } from "wxt/browser";
import { JOBS_ALARM } from "./analyze-jobs";

type Alarms = Pick<WxtBrowser["alarms"], "create" | "clear" | "onAlarm">;

/**
 * Listens for one named alarm (the jobs alarm unless `name` says otherwise; register it synchronously
 * at the top of the worker's main, so a wake-up by the alarm finds its listener) and returns the
 * `scheduleAlarm` the job runner or the outbox needs.
 */
export function setupJobsAlarm(alarms: Alarms, onDue: () => Promise<void>, name: string = JOBS_ALARM) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === name) void onDue();
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
    timer = setTimeout(() => void onDue(), Math.max(0, when - Date.now()));
  }

  return { scheduleAlarm };
}
