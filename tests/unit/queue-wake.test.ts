/** When a page waiting on the queue wakes the worker (lib/messaging/queue-wake.ts), and who may. */
import { describe, expect, it, vi } from "vitest";
import { setupQueueWake } from "../../entrypoints/background/queue-wake";
import type { AnalyzeJob } from "../../lib/db/schema";
import { QUEUE_WAKE_PORT, queueWakeAt } from "../../lib/messaging/queue-wake";
import { jobRow } from "./helpers/job-rows";

const job = (id: string, fields: Partial<AnalyzeJob> = {}) => jobRow(id, fields.status ?? "queued", fields);

describe("queueWakeAt", () => {
  const now = 1_000;
  it("is at once while a job runs or is due", () => {
    expect(queueWakeAt([job("a", { status: "running" })], now)).toBe("now");
    expect(queueWakeAt([job("a", { status: "queued" })], now)).toBe("now");
    expect(queueWakeAt([job("a", { status: "queued", retryAt: now })], now)).toBe("now");
    expect(
      queueWakeAt(
        [job("a", { status: "queued", retryAt: now + 5_000 }), job("b", { status: "running" })],
        now,
      ),
    ).toBe("now");
  });

  it("is the first time a waiting job is tried again", () => {
    const jobs = [
      job("a", { status: "queued", retryAt: now + 9_000 }),
      job("b", { status: "queued", retryAt: now + 4_000 }),
      job("c", { status: "done" }),
    ];
    expect(queueWakeAt(jobs, now)).toBe(now + 4_000);
  });

  it("is never once none of them will run again", () => {
    expect(queueWakeAt([], now)).toBeNull();
    expect(
      queueWakeAt([undefined, job("a", { status: "failed" }), job("b", { status: "cancelled" })], now),
    ).toBeNull();
  });
});

describe("setupQueueWake", () => {
  function connected(port: { name: string; sender?: { id?: string; url?: string } }) {
    const onWake = vi.fn();
    let listener: ((port: unknown) => void) | undefined;
    const runtime = {
      id: "own",
      getURL: () => "chrome-extension://own/",
      onConnect: { addListener: (added: (port: unknown) => void) => (listener = added) },
    };
    setupQueueWake(runtime as never, onWake);
    const disconnect = vi.fn();
    listener?.({ ...port, disconnect });
    return { onWake, disconnect };
  }

  it("runs the queue when one of the extension's pages connects", () => {
    const page = connected({
      name: QUEUE_WAKE_PORT,
      sender: { id: "own", url: "chrome-extension://own/sidepanel.html" },
    });
    expect(page.onWake).toHaveBeenCalledOnce();
  });

  it("ignores other ports and anyone else", () => {
    const other = connected({
      name: "another",
      sender: { id: "own", url: "chrome-extension://own/popup.html" },
    });
    expect(other.onWake).not.toHaveBeenCalled();
    const web = connected({ name: QUEUE_WAKE_PORT, sender: { id: "own", url: "https://example.com/" } });
    expect(web.onWake).not.toHaveBeenCalled();
    expect(web.disconnect).toHaveBeenCalled();
  });
});
