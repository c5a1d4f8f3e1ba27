import type { WxtBrowser } from "wxt/browser";

/** Chrome stops an MV3 worker after 30 s without extension events; an API call resets that clock. */
const PING_INTERVAL_MS = 25_000;

/**
 * Keeps the worker alive while a job waits on a long request (an analyze request may take minutes).
 * If the worker is stopped anyway, the durable queue (durable-queue.ts) resumes its work on the next start.
 */
export function createKeepAwake(runtime: Pick<WxtBrowser["runtime"], "getPlatformInfo">) {
  return (): (() => void) => {
    const timer = setInterval(() => void runtime.getPlatformInfo(), PING_INTERVAL_MS);
    return () => clearInterval(timer);
  };
}
