/**
 * The worker's one test seam. End-to-end tests cannot click the browser's native context menu or press
 * its shortcuts, so they call the very functions those listeners call, through
 * `serviceWorker.evaluate(() => linklensTest.handleMenuClick(info, tab))`.
 *
 * Shipping it is safe: the worker's global scope is reachable only from the worker itself (and a
 * debugger attached to it), never from web pages, content scripts or other extensions, and the functions
 * do nothing a menu click or a shortcut can't.
 */
import type { MenuClickInfo, MenuClickOutcome, MenuTab } from "./context-menus";

export interface LinklensTestApi {
  handleMenuClick: (info: MenuClickInfo, tab?: MenuTab) => Promise<MenuClickOutcome>;
  handleCommand: (command: string, tab?: MenuTab) => Promise<unknown>;
}

declare global {
  var linklensTest: LinklensTestApi | undefined;
}

export function exposeTestSeam(api: LinklensTestApi): void {
  globalThis.linklensTest = api;
}
