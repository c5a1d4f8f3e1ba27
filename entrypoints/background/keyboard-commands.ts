/**
 * Keyboard shortcuts (manifest `commands`, declared in wxt.config.ts): `_execute_action` (Alt+Shift+L)
 * opens the popup and Firefox's `_execute_sidebar_action` the library, both handled by the browser
 * itself; `analyze-page` (Alt+Shift+A) and, in Chrome, `open-library` (Alt+Shift+K) come here.
 */
import { browser } from "wxt/browser";
import { i18n } from "#i18n";
import { resolveTargetTab } from "../../lib/browser/active-tab";
import { createMenuJobs, type MenuClickOutcome, type MenuJobDeps, planPage } from "./context-menus/menu-jobs";

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

/**
 * The analyze-page shortcut: the page in `tab` (the command's tab) or else the current tab, with the
 * preset of the first site rule matching it, else the default preset, as the page menu's site-rule item.
 */
export function createActiveTabAnalysis(deps: MenuJobDeps) {
  const jobs = createMenuJobs(deps);
  return async function analyzeActiveTab(tab?: CommandTab): Promise<MenuClickOutcome> {
    try {
      const target = tab ?? (await resolveTargetTab());
      if (!target) return await jobs.refuse(i18n.t("contextMenus.noTab"));
      const preset = await jobs.findPreset(undefined, target.url);
      if (!preset) return await jobs.refuse(i18n.t("contextMenus.presetGone"));
      return await jobs.start(planPage(target.url, "shortcut"), preset, target);
    } catch (error) {
      console.error("linklens: the analyze shortcut failed", error);
      return jobs.failed(error);
    }
  };
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
