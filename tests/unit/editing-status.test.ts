import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../lib/db/schema";
import { editStatusOf } from "../../lib/editing/edit-status";

const NOW = 1_000_000;

function entry(seq: number, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    seq,
    analysisId: "ana_1",
    patch: { textContent: `edit ${seq}` },
    baseUpdatedAt: "2026-01-01T00:00:00.000Z",
    state: "pending",
    createdAt: NOW - 10_000,
    attempts: 0,
    nextAttemptAt: NOW,
    ...overrides,
  };
}

const unreachable = { status: 0, code: "network_error", message: "fetch failed" };

describe("editStatusOf", () => {
  it("no entry: nothing to show", () => {
    expect(editStatusOf([], NOW)).toEqual({ kind: "none" });
  });

  it("a request out, or an edit due now: saving", () => {
    expect(editStatusOf([entry(1, { state: "sending" })], NOW).kind).toBe("saving");
    expect(editStatusOf([entry(1)], NOW).kind).toBe("saving");
  });

  it("an edit waiting out a failure: waiting, with the retry time and why", () => {
    const status = editStatusOf(
      [entry(1, { nextAttemptAt: NOW + 5_000, lastError: unreachable, attempts: 1 })],
      NOW,
    );
    expect(status).toMatchObject({ kind: "waiting", retryAt: NOW + 5_000, error: unreachable, count: 1 });
    // Once its time has come it is being sent again.
    expect(
      editStatusOf([entry(1, { nextAttemptAt: NOW + 5_000, lastError: unreachable })], NOW + 5_000).kind,
    ).toBe("saving");
  });

  it("the first edit decides, whatever order the entries come in; the others are counted", () => {
    const rejected = entry(3, {
      state: "rejected",
      lastError: { status: 400, code: "invalid_request", message: "bad" },
    });
    const status = editStatusOf([entry(7), rejected, entry(5)], NOW);
    expect(status).toMatchObject({ kind: "rejected", count: 3, error: rejected.lastError });
    expect(status.kind !== "none" && status.head.seq).toBe(3);
  });

  it("a conflict", () => {
    expect(editStatusOf([entry(2, { state: "conflict" })], NOW).kind).toBe("conflict");
  });
});
