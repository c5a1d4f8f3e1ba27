import type { WxtBrowser } from "wxt/browser";
import { isOwnExtensionPage } from "../../lib/messaging/protocol";
import { isQueueWakePort } from "../../lib/messaging/queue-wake";

type Runtime = Pick<WxtBrowser["runtime"], "onConnect" | "id" | "getURL">;

/**
 * A page waiting on the queue connected (lib/messaging/queue-wake.ts): that alone started a stopped
 * worker, whose start resumes the queue; `onWake` runs what is due, in case the worker was running all
 * along. Call it synchronously in the worker's main, so a worker started by the connection finds it.
 */
export function setupQueueWake(runtime: Runtime, onWake: () => void): void {
  const ownOrigin = runtime.getURL("/");
  runtime.onConnect.addListener((port) => {
    if (!isQueueWakePort(port) || !port.sender) return;
    if (!isOwnExtensionPage(port.sender, runtime.id, ownOrigin)) {
      port.disconnect();
      return;
    }
    onWake();
  });
}
