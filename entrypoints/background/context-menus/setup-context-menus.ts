/**
 * The context menus "Analyze this page", "Analyze this link", "Analyze links in selection" and (where the
 * browser has a tab-strip menu: Firefox) "Analyze selected tabs": their ids (menu-ids.ts), items
 * (menu-building.ts) and jobs (menu-jobs.ts), wired to the browser here.
 */
import { browser } from "wxt/browser";
import { compareSelection } from "./compare-selection";
import { COMPARE_SELECTION_MENU_ID } from "./menu-building";
import { type ContextMenuDeps, createMenuActions } from "./menu-jobs";

/**
 * Call synchronously at the top of the worker's main: registers the click listener (a click wakes the
 * worker, and the listener must be there when it does) and creates the menus on install and on browser
 * startup, never on every wake; `watchPresets` rebuilds them when the settings change. Menus built on
 * install or startup wait for `languageShown`: built before the chosen language is loaded, they would stay
 * in the browser's language.
 */
export function setupContextMenus(
  deps: ContextMenuDeps,
  languageShown: Promise<unknown> = Promise.resolve(),
) {
  const actions = createMenuActions(deps);
  const buildWhenLanguageShown = () => {
    const build = () => void actions.refreshMenus();
    languageShown.then(build, build);
  };
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === COMPARE_SELECTION_MENU_ID) void compareSelection(info, tab, deps);
    else void actions.handleMenuClick(info, tab);
  });
  browser.runtime.onInstalled.addListener(buildWhenLanguageShown);
  browser.runtime.onStartup.addListener(buildWhenLanguageShown);
  deps.watchPresets?.(() => {
    void actions.refreshMenus();
  });
  return actions;
}
