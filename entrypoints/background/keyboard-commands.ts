/**
 * Keyboard shortcuts (manifest `commands`, declared in wxt.config.ts): `_execute_action` (Alt+Shift+L)
 * opens the popup and is handled by the browser itself; `analyze-page` (Alt+Shift+A) comes here.
 */
import { browser } from "wxt/browser";

export const ANALYZE_PAGE_COMMAND = "analyze-page";

/** The part of the tab the shortcut was pressed in that matters here. */
export interface CommandTab {
  id?: number;
  url?: string;
  windowId?: number;
}

export interface KeyboardCommandDeps {
  /** Analyzes the page in `tab` (the tab the shortcut was pressed in, when the browser says) with the default preset. */
  analyzeActiveTab: (tab?: CommandTab) => Promise<unknown>;
}

/** Call synchronously at the top of the worker's main: a shortcut wakes the worker, which must be listening. */
export function setupKeyboardCommands({ analyzeActiveTab }: KeyboardCommandDeps) {
  function handleCommand(command: string, tab?: CommandTab): Promise<unknown> {
    if (command !== ANALYZE_PAGE_COMMAND) return Promise.resolve(undefined);
    return analyzeActiveTab(tab);
  }
  browser.commands.onCommand.addListener((command, tab) => {
    void handleCommand(command, tab);
  });
  return { handleCommand };
}
