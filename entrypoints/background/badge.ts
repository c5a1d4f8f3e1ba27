import type { LinklensDatabase } from "../../lib/db/database";
import { activeJobs, unseenFailedJobs } from "../../lib/db/jobs";

/** The part of `browser.action` (MV3) or `browser.browserAction` (Firefox MV2) the badge uses. */
export interface BadgeAction {
  setBadgeText(details: { text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
}

export const BADGE_FAILED_COLOR = "#d93025";
export const BADGE_ACTIVE_COLOR = "#1a73e8";

/** What the toolbar badge says: "!" for a failure not yet seen, else the number of jobs queued or running. */
export function badgeState(active: number, unseenFailures: number): { text: string; color?: string } {
  if (unseenFailures > 0) return { text: "!", color: BADGE_FAILED_COLOR };
  if (active > 0) return { text: String(active), color: BADGE_ACTIVE_COLOR };
  return { text: "" };
}

export function createBadge(db: LinklensDatabase, action: BadgeAction) {
  let updating = false;
  let stale = false;

  async function apply() {
    const [active, failed] = await Promise.all([activeJobs(db), unseenFailedJobs(db)]);
    const state = badgeState(active.length, failed.length);
    if (state.color) await action.setBadgeBackgroundColor({ color: state.color });
    await action.setBadgeText({ text: state.text });
  }

  /** Re-reads the jobs and sets the badge; calls made while one runs fold into one more pass. */
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

  return { update };
}
