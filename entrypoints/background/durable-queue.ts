/**
 * A queue whose items live in IndexedDB, run by the worker: the analyze jobs and the edit outbox. Every
 * state change is stored before anything is sent, so an MV3 worker stopped mid-run loses nothing:
 *
 * - one run at a time works through the due items; work that arrives meanwhile asks for one more pass;
 * - an item is claimed in storage (its attempt counted) before its work, and its errors go to the
 *   owner's retry policy, which stores it as waiting with a time, or settles it;
 * - while an item runs, the alarm stays set `wakeMs` ahead, so a stopped worker is started again; when
 *   the run ends, the alarm is set for the next waiting item, or cleared;
 * - on worker start, `resume` hands the items a stopped worker left running back to the owner (once per
 *   worker: the browser's startup event after the worker's own start changes nothing more).
 */
import { createRerunningLoop } from "./rerunning-loop";

/** Where the items live (Dexie) and what their states mean; the owner writes these with its own rules. */
export interface DurableQueueStore<Key, Item> {
  /** The items to run now, run together (an empty list ends the run). */
  due: (now: number) => Promise<Key[]>;
  /** Marks a due item as running; `undefined` when it is due no longer (settled, cancelled, claimed). */
  claim: (key: Key) => Promise<Item | undefined>;
  /** When the next waiting item is due, or `null` when none waits. */
  nextDueAt: () => Promise<number | null>;
  /** On worker start: the items left running, except those `isRunning` names, are made due again or failed. */
  recoverInterrupted: (isRunning: (key: Key) => boolean, now: number) => Promise<void>;
}

/** What an item's work gets: the abort signal of `abort(key)`, and `wake`, which moves the alarm on. */
export interface ItemRun {
  signal: AbortSignal;
  wake: () => Promise<void>;
}

export interface DurableQueueDeps<Key, Item> {
  /** Names the queue in the log when a run fails. */
  name: string;
  store: DurableQueueStore<Key, Item>;
  /** The work of one claimed item; it stores its own outcome. */
  run: (item: Item, run: ItemRun) => Promise<void>;
  /** An error `run` threw: the owner's retry policy stores the item as waiting again, or settles it. */
  settleError: (item: Item, error: unknown) => Promise<void>;
  /** Wakes the worker at `when` (epoch ms); `null` when nothing waits. */
  scheduleAlarm: (when: number | null) => void | Promise<void>;
  /** How far ahead the alarm stays set while an item runs. */
  wakeMs: number;
  now?: () => number;
  /** Keeps the worker from being stopped while an item runs; returns the function that lets it go. */
  keepAwake?: () => () => void;
  /** Called when an item was claimed and when its run ended. */
  onChange?: () => void;
}

export function createDurableQueue<Key, Item>(deps: DurableQueueDeps<Key, Item>) {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  /** The items this worker runs, so `resume` never mistakes them for a stopped worker's. */
  const running = new Map<Key, AbortController>();
  const loop = createRerunningLoop(async () => {
    for (let due = await store.due(now()); due.length > 0; due = await store.due(now())) {
      await Promise.all(due.map(runItem));
    }
    await scheduleNext();
  }, deps.name);
  let resumed: Promise<void> | undefined;

  async function scheduleNext() {
    await deps.scheduleAlarm(await store.nextDueAt());
  }

  async function wake(): Promise<void> {
    await deps.scheduleAlarm(now() + deps.wakeMs);
  }

  async function runItem(key: Key): Promise<void> {
    const controller = new AbortController();
    // Marked before the claim: a `resume` between the claim and the run must not take the item back.
    running.set(key, controller);
    const release = deps.keepAwake?.();
    try {
      const item = await store.claim(key);
      if (item === undefined) return;
      deps.onChange?.();
      try {
        await wake();
        await deps.run(item, { signal: controller.signal, wake });
      } catch (error) {
        await deps.settleError(item, error);
      } finally {
        deps.onChange?.();
      }
    } finally {
      running.delete(key);
      release?.();
    }
  }

  function resume(): Promise<void> {
    resumed ??= (async () => {
      await store.recoverInterrupted((key) => running.has(key), now());
      deps.onChange?.();
      await loop.run();
    })();
    return resumed;
  }

  return {
    /** Runs the due items until none is left (after a write, and the alarm's handler); settles when the run stops. */
    runDue: loop.run,
    resume,
    /** Aborts the work of `key` if this worker runs it (its owner has settled it in storage already). */
    abort(key: Key): void {
      running.get(key)?.abort();
    },
    /** Sets the alarm for the next waiting item, unless a run is going (it sets the alarm when it ends). */
    async rescheduleIfIdle(): Promise<void> {
      if (!loop.isRunning()) await scheduleNext();
    },
    /** Settles when nothing is left to run now (for tests and callers that must wait). */
    whenIdle: loop.whenIdle,
  };
}
