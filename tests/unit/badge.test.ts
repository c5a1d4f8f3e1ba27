import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BADGE_FAILED_COLOR, createBadge } from "../../entrypoints/background/badge";
import { createDatabase, type LinklensDatabase } from "../../lib/db/database";
import { markFailuresSeen } from "../../lib/db/jobs";
import { jobRow } from "./helpers/job-rows";

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
