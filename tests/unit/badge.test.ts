import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BADGE_FAILED_COLOR, createBadge } from "../../entrypoints/background/badge";
import { createDatabase, type LinklensDatabase } from "../../lib/db/database";
import { markFailuresSeen } from "../../lib/db/jobs";
import type { AnalyzeJob, JobStatus } from "../../lib/db/schema";

let db: LinklensDatabase;
let counter = 0;

beforeEach(() => {
  db = createDatabase(`linklens-badge-test-${++counter}`);
});
afterEach(async () => {
  await db.delete();
});

function fakeAction() {
  const state = { text: "", color: "" };
  return {
    state,
    setBadgeText({ text }: { text: string }) {
      state.text = text;
    },
    setBadgeBackgroundColor({ color }: { color: string }) {
      state.color = color;
    },
  };
}

function job(id: string, status: JobStatus): AnalyzeJob {
  return {
    id,
    status,
    source: "popup",
    request: { links: ["https://example.com/"], prompt: "Summarize" },
    rejected: [],
    duplicates: 0,
    progress: { done: 0, total: 1 },
    chunksDone: 0,
    analysisIds: [],
    failures: [],
    usageIds: [],
    costCredits: 0,
    attempts: 0,
    createdAt: 1,
    updatedAt: 1,
  };
}

describe("the action badge", () => {
  it("counts queued and running jobs, shows ! for an unseen failure, and clears when all is seen", async () => {
    const action = fakeAction();
    const badge = createBadge(db, action);
    await badge.update();
    expect(action.state.text).toBe("");

    await db.jobs.bulkAdd([job("a", "queued"), job("b", "running"), job("c", "done")]);
    await badge.update();
    expect(action.state.text).toBe("2");

    await db.jobs.bulkPut([job("a", "done"), job("b", "failed")]);
    await badge.update();
    expect(action.state).toEqual({ text: "!", color: BADGE_FAILED_COLOR });

    expect(await markFailuresSeen(db, "b")).toBe(1);
    await badge.update();
    expect(action.state.text).toBe("");
  });
});
