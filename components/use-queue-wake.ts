import { useEffect, useMemo } from "react";
import { browser } from "wxt/browser";
import type { AnalyzeJob } from "../lib/db/schema";
import { QUEUE_WAKE_PORT, queueWakeAt } from "../lib/messaging/queue-wake";

/** After the port broke (the worker stopped, or was not there yet), the next try to start it. */
const RECONNECT_MS = 500;

/**
 * Keeps the worker running the queue while this page shows `jobs` waiting on it (lib/messaging/queue-wake.ts):
 * from when one of them could run, a port to the worker, connected again whenever it breaks.
 */
export function useQueueWake(jobs: readonly (AnalyzeJob | undefined)[]): void {
  const wakeAt = useMemo(() => queueWakeAt(jobs, Date.now()), [jobs]);
  useEffect(() => {
    if (wakeAt === null) return;
    let port: ReturnType<typeof browser.runtime.connect> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      port = browser.runtime.connect({ name: QUEUE_WAKE_PORT });
      port.onDisconnect.addListener(() => {
        port = undefined;
        if (!stopped) timer = setTimeout(connect, RECONNECT_MS);
      });
    };
    timer = setTimeout(connect, wakeAt === "now" ? 0 : Math.max(0, wakeAt - Date.now()));
    return () => {
      stopped = true;
      clearTimeout(timer);
      port?.disconnect();
    };
  }, [wakeAt]);
}
