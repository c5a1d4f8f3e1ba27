import { liveQuery } from "dexie";
import type { LinklensDatabase } from "../../lib/db/database";
import { activeJobs, unseenFailedJobs } from "../../lib/db/jobs";
import { SEQ_KEY } from "../../lib/db/library-index";
import { unseenChangeRuns } from "../../lib/db/watches";
import { normalizeLink } from "../../lib/links/link-check";

/** The part of `browser.action` (MV3) or `browser.browserAction` (Firefox MV2) the badge uses. */
export interface BadgeAction {
  setBadgeText(details: { text: string; tabId?: number }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string; tabId?: number }): Promise<void> | void;
}

/** A tab as the badge sees it: its address only when the browser lets the extension see it. */
export interface BadgeTab {
  id?: number;
  url?: string;
}

/** The part of `browser.tabs` the badge uses: the tab shown in each window, and when that changes. */
export interface BadgeTabs {
  query(info: { active: true }): Promise<BadgeTab[]>;
  onActivated: { addListener(listener: () => void): void };
  onUpdated: {
    addListener(listener: (tabId: number, change: { url?: string; status?: string }) => void): void;
  };
}

export const BADGE_FAILED_COLOR = "#d93025";
export const BADGE_ACTIVE_COLOR = "#1a73e8";
export const BADGE_SAVED_COLOR = "#5f6368";
export const BADGE_CHANGED_COLOR = "#b0600b";
const MAX_SHOWN_COUNT = 99;

/**
 * What the toolbar badge says: "!" for a failure not yet seen, else the number of jobs queued or running,
 * else the number of watch runs whose changes the user has not seen.
 */
export function badgeState(
  active: number,
  unseenFailures: number,
  unseenChanges = 0,
): { text: string; color?: string } {
  if (unseenFailures > 0) return { text: "!", color: BADGE_FAILED_COLOR };
  if (active > 0) return { text: String(active), color: BADGE_ACTIVE_COLOR };
  if (unseenChanges > 0) return { text: shownCount(unseenChanges), color: BADGE_CHANGED_COLOR };
  return { text: "" };
}

const shownCount = (count: number) => (count > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : String(count));

/**
 * What the badge says in a tab: the global signals ("!", the running jobs) first, else how many saved
 * analyses the tab's page has ("" for none).
 */
export function tabBadgeState(
  global: { text: string; color?: string },
  savedForPage: number,
): { text: string; color?: string } {
  if (global.text) return global;
  if (savedForPage <= 0) return { text: "" };
  return { text: shownCount(savedForPage), color: BADGE_SAVED_COLOR };
}

/** Saved analyses of the page at `url` (compared by the normalized address the cache keeps), from Dexie. */
function savedAnalysesOf(db: LinklensDatabase, url: string | undefined): Promise<number> {
  const pageUrl = url ? normalizeLink(url) : null;
  return pageUrl ? db.analyses.where("pageUrl").equals(pageUrl).count() : Promise.resolve(0);
}

/**
 * `showPageCounts`: whether the per-page count is on (the opt-in, lib/settings/page-count-badge.ts); off,
 * each shown tab gets the global signal only.
 */
export function createBadge(
  db: LinklensDatabase,
  action: BadgeAction,
  tabs?: BadgeTabs,
  showPageCounts: () => Promise<boolean> = async () => true,
) {
  let updating = false;
  let stale = false;

  async function apply() {
    const [active, failed, changes] = await Promise.all([
      activeJobs(db),
      unseenFailedJobs(db),
      unseenChangeRuns(db),
    ]);
    const state = badgeState(active.length, failed.length, changes);
    if (state.color) await action.setBadgeBackgroundColor({ color: state.color });
    await action.setBadgeText({ text: state.text });
    // A tab's own text wins over the global one, so each shown tab gets the global signal or its count.
    const counting = tabs ? await showPageCounts() : false;
    for (const tab of tabs ? await tabs.query({ active: true }) : []) {
      if (tab.id === undefined) continue;
      const tabState = tabBadgeState(state, counting ? await savedAnalysesOf(db, tab.url) : 0);
      if (tabState.color) await action.setBadgeBackgroundColor({ tabId: tab.id, color: tabState.color });
      await action.setBadgeText({ tabId: tab.id, text: tabState.text });
    }
  }

  /** Re-reads the jobs and the shown tabs' analyses and sets the badge; calls made while one runs fold into one more pass. */
  async function update(): Promise<void> {
    if (updating) {
      stale = true;
      return;
    }
    updating = true;
    try {
      do {
        stale = false;
        await apply();
      } while (stale);
    } catch (error) {
      console.error("linklens: could not update the badge", error);
    } finally {
      updating = false;
    }
  }

  /**
   * Call synchronously at the top of the worker's main: updates the badge when a tab is shown, when a
   * tab's address changes or its page loads, and when the saved analyses change.
   */
  function watch(): void {
    if (!tabs) return;
    tabs.onActivated.addListener(() => void update());
    tabs.onUpdated.addListener((_tabId, change) => {
      if (change.url !== undefined || change.status === "complete") void update();
    });
    let first = true;
    // The library's count of writes to the analyses (one row), not the analyses themselves: counting 100,000
    // rows after every write held each next write back behind it (728 ms a write instead of 55).
    liveQuery(() => db.libraryMeta.get(SEQ_KEY)).subscribe({
      next: () => {
        // The first answer is the count at start, which the start's own update covers.
        if (first) first = false;
        else void update();
      },
      error: (error: unknown) =>
        console.error("linklens: could not follow the analyses for the badge", error),
    });
  }

  return { update, watch };
}
