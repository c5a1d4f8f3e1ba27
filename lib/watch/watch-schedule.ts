/**
 * When a watch runs next, and what it may cost (issue 46). A watch runs every hour, day or week from its
 * last run; a run missed while the browser slept or was closed runs once when it wakes, never once per
 * missed interval, and the next is counted from that run. Its budget is credits a week: a run that could
 * take the last seven days' spending past it does not start.
 */

export const WATCH_INTERVALS = ["hour", "day", "week"] as const;
export type WatchInterval = (typeof WATCH_INTERVALS)[number];

const HOUR_MS = 60 * 60 * 1000;
export const INTERVAL_MS: Record<WatchInterval, number> = {
  hour: HOUR_MS,
  day: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
};
export const WEEK_MS = INTERVAL_MS.week;

/** Runs a week at each interval. */
const RUNS_PER_WEEK: Record<WatchInterval, number> = { hour: 168, day: 7, week: 1 };

/**
 * When a watch is due: an interval after its last run started, or after it was made (the analysis it
 * watches is its first answer). A watch overdue by many intervals is simply due: it runs once, and its next
 * run is counted from then.
 */
export function nextRunAt(watch: { interval: WatchInterval; createdAt: number; lastRunAt?: number }): number {
  return (watch.lastRunAt ?? watch.createdAt) + INTERVAL_MS[watch.interval];
}

/** "About N credits a week": each run re-analyzes `links` pages at `creditsPerLink` each. */
export function weeklyCredits(interval: WatchInterval, links: number, creditsPerLink: number): number {
  return Math.ceil(RUNS_PER_WEEK[interval] * links * creditsPerLink);
}

/** Credits spent in the seven days before `now`, from the runs' times and costs. */
export function spentThisWeek(
  runs: readonly { startedAt: number; costCredits: number }[],
  now: number,
): number {
  let spent = 0;
  for (const run of runs) if (now - run.startedAt < WEEK_MS) spent += run.costCredits;
  return spent;
}

/** Whether a run that may cost up to `runCredits` fits the weekly budget with what was spent already. */
export function fitsBudget(budget: number, spent: number, runCredits: number): boolean {
  return spent + runCredits <= budget;
}
