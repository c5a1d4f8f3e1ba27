/**
 * Keyboard shortcuts (manifest `commands`, declared in wxt.config.ts): `_execute_action` (Alt+Shift+L)
 * opens the popup and Firefox's `_execute_sidebar_action` the library, both handled by the browser
 * itself; `analyze-page` (Alt+Shift+A) and, in Chrome, `open-library` (Alt+Shift+K) come here.
 */
import { browser } from "wxt/browser";

export const ANALYZE_PAGE_COMMAND = "analyze-page";
export const OPEN_LIBRARY_COMMAND = "open-library";

/** The part of the tab the shortcut was pressed in that matters here. */
export interface CommandTab {
  id?: number;
  url?: string;
  windowId?: number;
}

export interface KeyboardCommandDeps {
  /** Analyzes the page in `tab` (the tab the shortcut was pressed in, when the browser says) with the default preset. */
  analyzeActiveTab: (tab?: CommandTab) => Promise<unknown>;
  /** Opens the side panel in the shortcut's window; called synchronously, as the browser's user-gesture rule needs. */
  openLibrary: (windowId: number | undefined) => void;
}

/** What each shortcut that comes here does: adding one is adding an entry here and in wxt.config.ts. */
const SHORTCUTS: Record<string, (deps: KeyboardCommandDeps, tab?: CommandTab) => unknown> = {
  [ANALYZE_PAGE_COMMAND]: (deps, tab) => deps.analyzeActiveTab(tab),
  [OPEN_LIBRARY_COMMAND]: (deps, tab) => deps.openLibrary(tab?.windowId),
};

/** Call synchronously at the top of the worker's main: a shortcut wakes the worker, which must be listening. */
export function setupKeyboardCommands(deps: KeyboardCommandDeps) {
  async function handleCommand(command: string, tab?: CommandTab): Promise<unknown> {
    return Object.hasOwn(SHORTCUTS, command) ? SHORTCUTS[command]?.(deps, tab) : undefined;
  }
  browser.commands.onCommand.addListener((command, tab) => {
    void handleCommand(command, tab);
  });
  return { handleCommand };
}
