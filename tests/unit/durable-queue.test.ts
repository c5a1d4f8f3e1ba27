/**
 * The durable queue the analyze jobs and the edit outbox share, on a table of its own in fake IndexedDB:
 * what survives the MV3 worker being stopped, and how runs follow one another. A "worker" here is one
 * queue over the same database; a stopped worker is one whose work never settles and whose alarm
 * listener is gone.
 */
import "fake-indexeddb/auto";
import Dexie, { type Table } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browser } from "wxt/browser";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { createDurableQueue, type DurableQueueStore } from "../../entrypoints/background/durable-queue";
import { setupJobsAlarm } from "../../entrypoints/background/jobs-alarm";
import { databasesPerTest } from "./helpers/fresh-database";

interface Item {
  id: string;
  state: "waiting" | "running" | "done" | "failed";
  attempts: number;
  dueAt: number;
  createdAt: number;
}

const ALARM = "durable-queue-test";
const WAKE_MS = 60_000;
const RETRY_MS = 30_000;
const MAX_ATTEMPTS = 3;

let db: Dexie & { items: Table<Item, string> };
const openDatabase = databasesPerTest("durable-queue", (name) => {
  const queueDb = new Dexie(name) as typeof db;
  queueDb.version(1).stores({ items: "id, state" });
  return queueDb;
});
/** The queue's clock; the alarm's timers are fake and never fire by themselves. */
const clock = { start: 0, now: 0 };

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  clock.start = Date.now();
  clock.now = clock.start;
  db = openDatabase();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store with the jobs' rules: one due item at a time, oldest first; a cut-off item is due again. */
const store: DurableQueueStore<string, Item> = {
  due: async (now) => {
    const waiting = await db.items.where("state").equals("waiting").sortBy("createdAt");
    const due = waiting.find((item) => item.dueAt <= now);
    return due ? [due.id] : [];
  },
  claim: (id) =>
    db.transaction("rw", db.items, async () => {
      const item = await db.items.get(id);
      if (item?.state !== "waiting") return undefined;
      const running: Item = { ...item, state: "running", attempts: item.attempts + 1 };
      await db.items.put(running);
      return running;
    }),
  nextDueAt: async () => {
    const times = (await db.items.where("state").equals("waiting").toArray()).map((item) => item.dueAt);
    return times.length > 0 ? Math.min(...times) : null;
  },
  recoverInterrupted: (isRunning, now) =>
    db.transaction("rw", db.items, async () => {
      for (const item of await db.items.where("state").equals("running").toArray()) {
        if (!isRunning(item.id)) await db.items.update(item.id, { state: "waiting", dueAt: now });
      }
    }),
};

/** One worker: a queue whose work on each item is a promise the test settles. */
function worker() {
  const alarm = setupJobsAlarm(browser.alarms, ALARM);
  const started: string[] = [];
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const queue = createDurableQueue<string, Item>({
    name: "the test queue",
    store,
    run: async (item) => {
      started.push(item.id);
      await new Promise<void>((resolve, reject) => pending.set(item.id, { resolve, reject }));
      await db.items.update(item.id, { state: "done" });
    },
    // The retry policy: due again RETRY_MS later, failed after MAX_ATTEMPTS.
    settleError: async (item) => {
      const state = item.attempts < MAX_ATTEMPTS ? "waiting" : "failed";
      await db.items.update(item.id, { state, dueAt: clock.now + RETRY_MS });
    },
    scheduleAlarm: alarm.scheduleAlarm,
    wakeMs: WAKE_MS,
    now: () => clock.now,
  });
  alarm.onDue(queue.runDue);
  /** Settles (or fails) the work on `id` once it has started. */
  async function finish(id: string, error?: Error) {
    await vi.waitFor(() => expect(pending.has(id)).toBe(true));
    const work = pending.get(id);
    pending.delete(id);
    if (error) work?.reject(error);
    else work?.resolve();
  }
  return { queue, started, finish };
}

/** A new item, due now; `order` puts it after items added at the same time. */
async function add(id: string, order = 0) {
  await db.items.add({ id, state: "waiting", attempts: 0, dueAt: clock.now, createdAt: clock.now + order });
}

const stateOf = async (id: string) => (await db.items.get(id))?.state;
const alarmTime = async () => (await browser.alarms.get(ALARM))?.scheduledTime;

/** The browser stops the worker: its listeners go with it (its work never settles). */
function stop() {
  fakeBrowser.alarms.onAlarm.removeAllListeners();
}

describe("the durable queue", () => {
  it("resumes an item a stopped worker left mid-run, once, on the next worker's start", async () => {
    await add("cut-off");
    const stopped = worker();
    void stopped.queue.runDue();
    await vi.waitFor(() => expect(stopped.started).toEqual(["cut-off"]));
    expect(await stateOf("cut-off")).toBe("running");
    stop();

    const restarted = worker();
    // The worker's own start and the browser's startup event both resume.
    const resumed = Promise.all([restarted.queue.resume(), restarted.queue.resume()]);
    await restarted.finish("cut-off");
    await resumed;
    await restarted.queue.resume();
    expect(restarted.started).toEqual(["cut-off"]);
    expect(await db.items.get("cut-off")).toMatchObject({ state: "done", attempts: 2 });
  });

  it("does not take back an item this worker runs when it resumes", async () => {
    await add("mine");
    const { queue, started, finish } = worker();
    void queue.runDue();
    await vi.waitFor(() => expect(started).toEqual(["mine"]));
    const resumed = queue.resume();
    await finish("mine");
    await resumed;
    await queue.whenIdle();
    expect(started).toEqual(["mine"]);
    expect(await db.items.get("mine")).toMatchObject({ state: "done", attempts: 1 });
  });

  it("keeps the alarm set while an item runs and at the next retry after, and the alarm wakes a stopped worker", async () => {
    await add("flaky");
    const first = worker();
    const run = first.queue.runDue();
    await vi.waitFor(() => expect(first.started).toEqual(["flaky"]));
    expect(await alarmTime()).toBe(clock.start + WAKE_MS);
    await first.finish("flaky", new Error("service unavailable"));
    await run;
    expect(await db.items.get("flaky")).toMatchObject({ state: "waiting", attempts: 1 });
    expect(await alarmTime()).toBe(clock.start + RETRY_MS);
    stop();

    // The retry time comes while no worker runs: the alarm starts one, and its listener runs the item.
    clock.now = clock.start + RETRY_MS;
    const woken = worker();
    await fakeBrowser.alarms.onAlarm.trigger({
      name: ALARM,
      scheduledTime: clock.start + RETRY_MS,
      periodInMinutes: undefined,
    });
    await woken.finish("flaky");
    await woken.queue.whenIdle();
    expect(woken.started).toEqual(["flaky"]);
    expect(await db.items.get("flaky")).toMatchObject({ state: "done", attempts: 2 });
    expect(await alarmTime()).toBeUndefined();
  });

  it("runs exactly one more pass for work that arrives while a run is going", async () => {
    const { queue, started, finish } = worker();
    const passes = vi.spyOn(store, "due");
    await add("first");
    const run = queue.runDue();
    await vi.waitFor(() => expect(started).toEqual(["first"]));
    await add("second", 1);
    await add("third", 2);
    // Each write asks for a run: they join the one going.
    expect(queue.runDue()).toBe(run);
    expect(queue.runDue()).toBe(run);
    await finish("first");
    await finish("second");
    await finish("third");
    await run;
    expect(started).toEqual(["first", "second", "third"]);
    // One pass until nothing was due, then one more for the calls made meanwhile, which finds nothing.
    expect(passes).toHaveBeenCalledTimes(5);
    passes.mockRestore();
  });

  it("retries a failing item by the policy without holding up the others", async () => {
    await add("failing");
    await add("fine", 1);
    const { queue, started, finish } = worker();
    const run = queue.runDue();
    await finish("failing", new Error("refused"));
    await finish("fine");
    await run;
    expect(started).toEqual(["failing", "fine"]);
    expect(await stateOf("fine")).toBe("done");
    expect(await db.items.get("failing")).toMatchObject({ state: "waiting", attempts: 1 });

    // Due again at its retry time, and failed once the policy gives up.
    for (const attempt of [2, 3]) {
      clock.now += RETRY_MS;
      const retry = queue.runDue();
      await finish("failing", new Error("refused"));
      await retry;
      expect((await db.items.get("failing"))?.attempts).toBe(attempt);
    }
    expect(await stateOf("failing")).toBe("failed");
    expect(await alarmTime()).toBeUndefined();
  });

  it("aborts the work of an item this worker runs", async () => {
    await add("long");
    const seen: AbortSignal[] = [];
    const queue = createDurableQueue<string, Item>({
      name: "the test queue",
      store,
      run: async (item, { signal }) => {
        seen.push(signal);
        await new Promise((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason)),
        );
        await db.items.update(item.id, { state: "done" });
      },
      settleError: (item) => db.items.update(item.id, { state: "failed" }).then(() => undefined),
      scheduleAlarm: () => {},
      wakeMs: WAKE_MS,
      now: () => clock.now,
    });
    const run = queue.runDue();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    queue.abort("long");
    await run;
    expect(seen[0]?.aborted).toBe(true);
    expect(await stateOf("long")).toBe("failed");
  });
});
