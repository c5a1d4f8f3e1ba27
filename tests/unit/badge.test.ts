import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  BADGE_ACTIVE_COLOR,
  BADGE_CHANGED_COLOR,
  BADGE_FAILED_COLOR,
  BADGE_SAVED_COLOR,
  type BadgeTab,
  createBadge,
} from "../../entrypoints/background/badge";
import type { LinklensDatabase } from "../../lib/db/database";
import { markFailuresSeen } from "../../lib/db/jobs";
import { cacheRecords } from "../../lib/db/records";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { jobRow } from "./helpers/job-rows";

let db: LinklensDatabase;
freshDatabaseEachTest("badge", (fresh) => {
  db = fresh;
});

function fakeAction() {
  const state = { text: "", color: "" };
  const tabs = new Map<number, { text?: string; color?: string }>();
  return {
    state,
    /** What a tab shows: its own text when one was set, else the global one (as the browser does). */
    shown(tabId: number) {
      return tabs.get(tabId)?.text ?? state.text;
    },
    tabColor(tabId: number) {
      return tabs.get(tabId)?.color ?? state.color;
    },
    setBadgeText({ text, tabId }: { text: string; tabId?: number }) {
      if (tabId === undefined) state.text = text;
      else tabs.set(tabId, { ...tabs.get(tabId), text });
    },
    setBadgeBackgroundColor({ color, tabId }: { color: string; tabId?: number }) {
      if (tabId === undefined) state.color = color;
      else tabs.set(tabId, { ...tabs.get(tabId), color });
    },
  };
}

/** Tabs as the badge sees them: `shown` are the active ones. */
function fakeTabs(shown: BadgeTab[]) {
  return {
    shown,
    query: async () => shown,
    onActivated: { addListener() {} },
    onUpdated: { addListener() {} },
  };
}

function record(id: string, url: string) {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return { analysisId: id, createdAt: at, updatedAt: at, analysis: { url, id: `pg_${id}` } };
}

describe("the action badge", () => {
  it("counts queued and running jobs, shows ! for an unseen failure, and clears when all is seen", async () => {
    const action = fakeAction();
    const badge = createBadge(db, action);
    await badge.update();
    expect(action.state.text).toBe("");

    await db.jobs.bulkAdd([jobRow("a", "queued"), jobRow("b", "running"), jobRow("c", "done")]);
    await badge.update();
    expect(action.state.text).toBe("2");

    await db.jobs.bulkPut([jobRow("a", "done"), jobRow("b", "failed")]);
    await badge.update();
    expect(action.state).toEqual({ text: "!", color: BADGE_FAILED_COLOR });

    expect(await markFailuresSeen(db, "b")).toBe(1);
    await badge.update();
    expect(action.state.text).toBe("");
  });
});

describe("the action badge and the watches", () => {
  it("counts the runs with changes not yet seen, after failures and running jobs", async () => {
    const action = fakeAction();
    const badge = createBadge(db, action);
    const run = (id: string, changed: number, seen?: boolean) => ({
      id,
      watchId: "w",
      startedAt: 1,
      status: "done" as const,
      costCredits: 1,
      pages: [],
      changed,
      ...(seen && { seen }),
    });
    await db.watchRuns.bulkAdd([run("r1", 1), run("r2", 2), run("r3", 0), run("r4", 1, true)]);
    await badge.update();
    expect(action.state).toEqual({ text: "2", color: BADGE_CHANGED_COLOR });

    await db.jobs.add(jobRow("a", "running"));
    await badge.update();
    expect(action.state).toEqual({ text: "1", color: BADGE_ACTIVE_COLOR });

    await db.jobs.put(jobRow("a", "done"));
    await db.watchRuns.where("id").anyOf(["r1", "r2"]).modify({ seen: true });
    await badge.update();
    expect(action.state.text).toBe("");
  });
});

describe("the action badge in a tab", () => {
  it("counts the saved analyses of the shown tab's page (normalized), and lets the global signals win", async () => {
    const action = fakeAction();
    const tabs = fakeTabs([{ id: 1, url: "https://news.example/story#comments" }, { id: 2 }]);
    const badge = createBadge(db, action, tabs);
    await badge.update();
    expect(action.shown(1)).toBe("");

    await cacheRecords(db, [
      record("a", "https://news.example/story"),
      record("b", "https://NEWS.example/story"),
      record("c", "https://news.example/other"),
    ]);
    await badge.update();
    expect(action.shown(1)).toBe("2");
    expect(action.tabColor(1)).toBe(BADGE_SAVED_COLOR);
    // A tab whose address the browser hides shows no count.
    expect(action.shown(2)).toBe("");

    await db.jobs.add(jobRow("j", "running"));
    await badge.update();
    expect(action.shown(1)).toBe("1");
    await db.jobs.put(jobRow("j", "failed"));
    await badge.update();
    expect(action.shown(1)).toBe("!");
    expect(action.tabColor(1)).toBe(BADGE_FAILED_COLOR);

    await markFailuresSeen(db, "j");
    tabs.shown[0] = { id: 1, url: "https://news.example/other" };
    await badge.update();
    expect(action.shown(1)).toBe("1");
  });

  it("follows the saved analyses once watching: an analysis of the shown page cached, then removed", async () => {
    const action = fakeAction();
    const tabs = fakeTabs([{ id: 1, url: "https://news.example/story" }]);
    const badge = createBadge(db, action, tabs);
    badge.watch();
    await badge.update();
    expect(action.shown(1)).toBe("");

    await cacheRecords(db, [record("a", "https://news.example/story")]);
    await expect.poll(() => action.shown(1)).toBe("1");
    await cacheRecords(db, [record("b", "https://news.example/story")]);
    await expect.poll(() => action.shown(1)).toBe("2");
    await db.analyses.delete("a");
    await expect.poll(() => action.shown(1)).toBe("1");
  });
});

describe("the toolbar count's opt-in", () => {
  it("turned off (or `tabs` not granted), a shown tab gets the global signals only, never its page's count", async () => {
    const action = fakeAction();
    const tabs = fakeTabs([{ id: 1, url: "https://news.example/story" }]);
    let counting = false;
    const badge = createBadge(db, action, tabs, async () => counting);
    await cacheRecords(db, [record("a", "https://news.example/story")]);
    await badge.update();
    expect(action.shown(1)).toBe("");

    await db.jobs.add(jobRow("j", "running"));
    await badge.update();
    expect(action.shown(1)).toBe("1");
    await db.jobs.put(jobRow("j", "done"));

    counting = true;
    await badge.update();
    expect(action.shown(1)).toBe("1");
    expect(action.tabColor(1)).toBe(BADGE_SAVED_COLOR);
  });
});
