/**
 * The jobs the "Analyze …" menus start (the tables `MENU_PLANS` and `SITE_URLS`), with the checks that
 * come before a job; the page's plan and the preset choice serve the shortcut too (keyboard-commands.ts).
 * With site rules (lib/settings/site-rules.ts), the site-rule item takes the preset of the first rule
 * matching the target, else the default preset. Every job goes through the job gate (job-gate.ts): one of
 * more links than a request holds waits for the user's yes.
 */
import { i18n } from "#i18n";
import type { JobSource } from "../../../lib/db/schema";
import { LINK_PROBLEM_MESSAGES, linkProblem, sortLinks } from "../../../lib/links/link-check";
import { urlsInText } from "../../../lib/links/urls-in-text";
import { defaultPreset, type Preset } from "../../../lib/settings/settings";
import { siteRuleFor } from "../../../lib/settings/site-rules";
import type { JobToQueue, QueueOutcome } from "../job-gate";
import { linksOfTabs, type QueryTabs, queryBrowserTabs, tabsOfMenuClick } from "../tab-links";
import { createMenuRefresher } from "./menu-building";
import { hasSiteRuleItem, type MenuKind, parseMenuItemId, type SiteRuleKind } from "./menu-ids";
import { type MenuPresets, presetRequestFields } from "./menu-presets";

/** The part of `contextMenus.OnClickData` the handler reads (tests pass just these). */
export interface MenuClickInfo {
  menuItemId: string | number;
  pageUrl?: string;
  linkUrl?: string;
  frameId?: number;
  selectionText?: string;
}

export interface MenuTab {
  id?: number;
  url?: string;
  windowId?: number;
  /** Whether the tab is one of its window's selected tabs (a tab-strip click tells). */
  highlighted?: boolean;
}

/**
 * What a click did: started a job, asked the user to confirm a big one (`confirmationId`), explained (in
 * a notification) why it started none, or was not ours.
 */
export type MenuClickOutcome = QueueOutcome | { refused: string } | { ignored: true };

/** What starting a job from a menu or the shortcut needs. */
export interface MenuJobDeps {
  /** The job gate's `queue`: queues the job, or asks first when it holds more links than one request. */
  queue: (job: JobToQueue) => Promise<QueueOutcome>;
  readPresets: () => Promise<MenuPresets>;
  /** Tells the user why nothing was started. */
  notify: (message: string) => unknown;
  /** The preset with its prompt template filled from the tab (template-prompt.ts); throws when it can't be. */
  fillPrompt?: (preset: Preset, tab: MenuTab | undefined, selectionText?: string) => Promise<Preset>;
}

export interface ContextMenuDeps extends MenuJobDeps {
  readSelectionLinks: (tabId: number, frameId?: number) => Promise<string[]>;
  /** Calls `listener` when the settings change, so the menus follow the presets. */
  watchPresets?: (listener: () => void) => unknown;
  /** `browser.tabs.query` (the tab-strip item reads the window's selected tabs). */
  queryTabs?: QueryTabs;
  /**
   * Asks for the optional `tabs` permission (the tab-strip item reads other tabs' addresses); called
   * synchronously in the click, where the browser may prompt. Absent: held.
   */
  askTabsPermission?: () => Promise<boolean>;
}

/** The links a click asks to analyze (the preset comes from the item), or why it starts nothing. */
export type PlannedJob = { links: string[]; source: JobSource; tabUrl?: string } | { refused: string };

type Plan = (click: MenuClickInfo, tab: MenuTab | undefined, deps: ContextMenuDeps) => Promise<PlannedJob>;

/** The job each menu plans (its items are in menu-building.ts). */
const MENU_PLANS: Record<MenuKind, Plan> = {
  page: async (click, tab) => planPage(click.pageUrl ?? tab?.url, "context-page"),
  link: async (click) => planLink(click.linkUrl),
  selection: (click, tab, deps) => planSelection(click, tab, deps.readSelectionLinks),
  tabs: (_click, tab, deps) => planTabs(tab, deps.queryTabs ?? queryBrowserTabs),
};

/** The address whose site rule chooses the preset of a menu's site-rule item. */
const SITE_URLS: Record<
  SiteRuleKind,
  (click: MenuClickInfo, tab: MenuTab | undefined) => string | undefined
> = {
  page: (click, tab) => click.pageUrl ?? tab?.url,
  link: (click) => click.linkUrl,
  selection: (click, tab) => click.pageUrl ?? tab?.url,
};

/** The page at `url` (a menu's, or the shortcut's tab), remembered as the job's tab. */
export function planPage(url: string | undefined, source: JobSource): PlannedJob {
  if (!url) return { refused: i18n.t("contextMenus.onlyHttpsPage") };
  const problem = linkProblem(url);
  if (problem === "not_https" || problem === "invalid_url") {
    return {
      refused: `${i18n.t("contextMenus.onlyHttpsPage")} ${i18n.t("contextMenus.thisPageIs", { url })}`,
    };
  }
  if (problem)
    return { refused: i18n.t("contextMenus.badPage", { problem: LINK_PROBLEM_MESSAGES[problem] }) };
  // The tab's URL lets the popup find this job again when it opens on the same page.
  return { links: [url], source, tabUrl: url };
}

function planLink(url: string | undefined): PlannedJob {
  if (!url) return { refused: i18n.t("contextMenus.noLink") };
  const problem = linkProblem(url);
  if (problem === "not_https" || problem === "invalid_url") {
    return { refused: i18n.t("contextMenus.onlyHttpsLink", { url }) };
  }
  if (problem)
    return { refused: i18n.t("contextMenus.badLink", { problem: LINK_PROBLEM_MESSAGES[problem] }) };
  return { links: [url], source: "context-link" };
}

export async function planSelection(
  click: MenuClickInfo,
  tab: MenuTab | undefined,
  readSelectionLinks: ContextMenuDeps["readSelectionLinks"],
): Promise<PlannedJob> {
  let links: string[] = [];
  if (tab?.id !== undefined) {
    try {
      links = await readSelectionLinks(tab.id, click.frameId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { refused: i18n.t("contextMenus.selectionUnreadable", { message }) };
    }
  }
  // A selection inside a text field is not a document selection; the menu's own copy of the text is.
  if (links.length === 0 && click.selectionText) links = urlsInText(click.selectionText);
  if (links.length === 0) return { refused: i18n.t("contextMenus.noSelectionLinks") };
  const sorted = sortLinks(links);
  if (sorted.accepted.length === 0) {
    return { refused: i18n.t("contextMenus.selectionNotHttps", sorted.rejected.length) };
  }
  // All the links go to the runner, which keeps the distinct https ones and records the others as skipped;
  // more than one request's worth wait for the user's yes.
  return { links, source: "context-selection" };
}

/** The tab-strip item: the selected tabs of the clicked tab's window (or the clicked tab alone). */
async function planTabs(tab: MenuTab | undefined, queryTabs: QueryTabs): Promise<PlannedJob> {
  const tabs = await tabsOfMenuClick(queryTabs, tab);
  const found = linksOfTabs(tabs);
  if (found.accepted === 0) return { refused: i18n.t("tabs.noneAnalyzable", found.tabs) };
  return { links: found.links, source: "tabs" };
}

/** Starting a planned job with a preset, as the menus and the shortcut do. */
export function createMenuJobs(deps: MenuJobDeps) {
  async function refuse(message: string): Promise<MenuClickOutcome> {
    await deps.notify(message);
    return { refused: message };
  }

  /** Queues the planned job with `preset` (its template filled from `tab`), or tells the user why there is none. */
  async function start(
    planned: PlannedJob,
    preset: Preset,
    ...page: [tab: MenuTab | undefined, selectionText?: string]
  ): Promise<MenuClickOutcome> {
    const filled = (await deps.fillPrompt?.(preset, ...page)) ?? preset;
    if ("refused" in planned) return refuse(planned.refused);
    const { links, source, tabUrl } = planned;
    const request = { links, ...presetRequestFields(filled) };
    return deps.queue({ request, source, presetName: filled.name, ...(tabUrl && { tabUrl }) });
  }

  /**
   * The preset `presetId`; when it is absent, the preset of the first site rule matching `siteUrl`, else
   * the default one.
   */
  async function findPreset(presetId: string | undefined, siteUrl?: string): Promise<Preset | undefined> {
    const menuPresets = await deps.readPresets();
    if (presetId === undefined) {
      return siteRuleFor(menuPresets, siteUrl)?.preset ?? defaultPreset(menuPresets);
    }
    return menuPresets.presets.find((preset) => preset.id === presetId);
  }

  /** Tells the user that a job could not start because of `error`. */
  function failed(error: unknown): Promise<MenuClickOutcome> {
    const message = error instanceof Error ? error.message : String(error);
    return refuse(i18n.t("contextMenus.failed", { message }));
  }

  return { refuse, start, findPreset, failed };
}

/** What a click on a menu item does, and the menus' rebuild. */
export function createMenuActions(deps: ContextMenuDeps) {
  const jobs = createMenuJobs(deps);
  const refreshMenus = createMenuRefresher(deps.readPresets);

  /** What a click on one of the menu items does; the `contextMenus.onClicked` listener calls exactly this. */
  async function handleMenuClick(info: MenuClickInfo, tab?: MenuTab): Promise<MenuClickOutcome> {
    const item = parseMenuItemId(info.menuItemId);
    if (!item) return { ignored: true };
    // Before any await: the browser prompts only while the click is being handled.
    const tabsAllowed = item.kind === "tabs" ? deps.askTabsPermission?.() : undefined;
    try {
      if (tabsAllowed && !(await tabsAllowed)) return await jobs.refuse(i18n.t("tabs.permissionNeeded"));
      const siteUrl = hasSiteRuleItem(item.kind) ? SITE_URLS[item.kind](info, tab) : undefined;
      const preset = await jobs.findPreset(item.presetId, siteUrl);
      if (!preset) {
        await refreshMenus();
        return await jobs.refuse(i18n.t("contextMenus.presetGone"));
      }
      const planned = await MENU_PLANS[item.kind](info, tab, deps);
      return await jobs.start(planned, preset, tab, info.selectionText);
    } catch (error) {
      console.error("linklens: a context menu action failed", error);
      return jobs.failed(error);
    }
  }

  return { handleMenuClick, refreshMenus };
}
