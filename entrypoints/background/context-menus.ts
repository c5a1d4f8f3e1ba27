/**
 * The context menus "Analyze this page", "Analyze this link", "Analyze links in selection" and (where the
 * browser has a tab-strip menu: Firefox) "Analyze selected tabs" (the table `MENU_ACTIONS`), each with one
 * item per preset (the default first), and the analysis they start, which the keyboard shortcut shares.
 * With site rules (lib/settings/site-rules.ts), the page, link and selection menus start with an item
 * that takes the preset of the first rule matching the target (else the default preset), as the shortcut
 * does. Every job goes through the job gate (job-gate.ts): one of more links than a request holds waits
 * for the user's yes.
 */

import { type Browser, browser } from "wxt/browser";
import { i18n } from "#i18n";
import type { ResponseFormat } from "../../lib/api/contract";
import { resolveTargetTab } from "../../lib/browser/active-tab";
import type { AnalyzeJobRequest, JobSource } from "../../lib/db/schema";
import { LINK_PROBLEM_MESSAGES, linkProblem, sortLinks } from "../../lib/links/link-check";
import { defaultPreset, type Preset, presetsDefaultFirst, type Settings } from "../../lib/settings/settings";
import { type SiteRule, siteRuleFor } from "../../lib/settings/site-rules";
import type { JobToQueue, QueueOutcome } from "./job-gate";
import { urlsInText } from "./selection-links";
import { linksOfTabs, type QueryTabs, queryBrowserTabs, tabsOfMenuClick } from "./tab-links";

export const MENU_ID_PREFIX = "linklens";

/** The id of the stand-in preset made from the default prompt when the user keeps no presets. */
export const DEFAULTS_PRESET_ID = "defaults";

/**
 * The suffix of the item that takes the target's site rule (else the default preset): `linklens:page:@site`.
 * Generated preset ids never hold "@". The un-suffixed id (`linklens:page`) means the same.
 */
export const SITE_RULE_ITEM = "@site";

export interface MenuPresets {
  presets: Preset[];
  defaultPresetId?: string;
  /** The user's site rules, in order; their presets are among `presets`. */
  siteRules?: SiteRule[];
}

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

export interface ContextMenuDeps {
  /** The job gate's `queue`: queues the job, or asks first when it holds more links than one request. */
  queue: (job: JobToQueue) => Promise<QueueOutcome>;
  readPresets: () => Promise<MenuPresets>;
  readSelectionLinks: (tabId: number, frameId?: number) => Promise<string[]>;
  /** Tells the user why nothing was started. */
  notify: (message: string) => unknown;
  /** Calls `listener` when the settings change, so the menus follow the presets. */
  watchPresets?: (listener: () => void) => unknown;
  /** `browser.tabs.query` (the tab-strip item reads the window's selected tabs). */
  queryTabs?: QueryTabs;
  /**
   * Asks for the optional `tabs` permission (the tab-strip item reads other tabs' addresses); called
   * synchronously in the click, where the browser may prompt. Absent: held.
   */
  askTabsPermission?: () => Promise<boolean>;
  /** The preset with its prompt template filled from the tab (template-prompt.ts); throws when it can't be. */
  fillPrompt?: (preset: Preset, tab: MenuTab | undefined, selectionText?: string) => Promise<Preset>;
}

/** The links a click asks to analyze (the preset comes from the item), or why it starts nothing. */
type PlannedJob = { links: string[]; source: JobSource; tabUrl?: string } | { refused: string };

interface MenuAction {
  title: () => string;
  contexts: Browser.contextMenus.CreateProperties["contexts"];
  targetUrlPatterns?: string[];
  plan: (click: MenuClickInfo, tab: MenuTab | undefined, deps: ContextMenuDeps) => Promise<PlannedJob>;
  /** The address whose site rule chooses the preset of the action's default item; absent: no such item. */
  siteUrl?: (click: MenuClickInfo, tab: MenuTab | undefined) => string | undefined;
  /** Whether this browser has the action's menu context (absent: every browser does). */
  supported?: () => boolean;
}

/**
 * Every "Analyze …" menu, in the order they are shown: adding one is adding an entry here (and its
 * title in locales/en.yml). The item ids are `linklens:<key>` and `linklens:<key>:<presetId>`.
 */
const MENU_ACTIONS = {
  page: {
    title: () => i18n.t("contextMenus.analyzePage"),
    contexts: ["page"],
    plan: async (click, tab) => planPage(click.pageUrl ?? tab?.url, "context-page"),
    siteUrl: (click, tab) => click.pageUrl ?? tab?.url,
  },
  link: {
    title: () => i18n.t("contextMenus.analyzeLink"),
    contexts: ["link"],
    // Only web links: "Analyze this link" on a mailto: link could do nothing useful.
    targetUrlPatterns: ["https://*/*", "http://*/*"],
    plan: async (click) => planLink(click.linkUrl),
    siteUrl: (click) => click.linkUrl,
  },
  selection: {
    title: () => i18n.t("contextMenus.analyzeSelection"),
    contexts: ["selection"],
    plan: (click, tab, deps) => planSelection(click, tab, deps.readSelectionLinks),
    siteUrl: (click, tab) => click.pageUrl ?? tab?.url,
  },
  // The tab strip's menu: Firefox only (Chrome has no "tab" context). The tabs may be of many sites, so
  // the preset is the item's, never a site rule's.
  tabs: {
    title: () => i18n.t("contextMenus.analyzeTabs"),
    contexts: ["tab" as Browser.contextMenus.ContextType],
    plan: (_click, tab, deps) => planTabs(tab, deps.queryTabs ?? queryBrowserTabs),
    supported: hasTabContext,
  },
} satisfies Record<string, MenuAction>;

/** Whether menus may be shown on the tab strip: Firefox's `menus` has the "tab" context, Chrome's has not. */
export function hasTabContext(): boolean {
  if (import.meta.env.FIREFOX) return true;
  const types = (browser.contextMenus as { ContextType?: Record<string, string> } | undefined)?.ContextType;
  return types !== undefined && Object.values(types).includes("tab");
}

export type MenuKind = keyof typeof MENU_ACTIONS;
export const MENU_KINDS = Object.keys(MENU_ACTIONS) as MenuKind[];

export function menuItemId(kind: MenuKind, presetId?: string): string {
  return presetId === undefined ? `${MENU_ID_PREFIX}:${kind}` : `${MENU_ID_PREFIX}:${kind}:${presetId}`;
}

/**
 * The action and preset of an item id; `presetId` is `undefined` for the site-rule item (and the
 * un-suffixed id): the target's site rule chooses, else the default preset.
 */
export function parseMenuItemId(
  id: string | number,
): { kind: MenuKind; presetId: string | undefined } | undefined {
  const [prefix, kind, ...rest] = String(id).split(":");
  const presetId = rest.join(":");
  if (prefix !== MENU_ID_PREFIX || !MENU_KINDS.includes(kind as MenuKind)) return undefined;
  if (rest.length > 0 && !presetId) return undefined;
  return {
    kind: kind as MenuKind,
    presetId: presetId === "" || presetId === SITE_RULE_ITEM ? undefined : presetId,
  };
}

/** The presets the menus offer: the user's, or one made from the default prompt when there are none. */
export function menuPresetsFromSettings(
  settings: Pick<Settings, "presets" | "defaultPresetId" | "defaultPrompt" | "defaultTemperature"> &
    Partial<Pick<Settings, "siteRules">>,
): MenuPresets {
  const siteRules = settings.siteRules ?? [];
  if (settings.presets.length > 0) {
    return { presets: settings.presets, defaultPresetId: settings.defaultPresetId, siteRules };
  }
  const fromDefaults: Preset = {
    id: DEFAULTS_PRESET_ID,
    name: i18n.t("contextMenus.defaultPrompt"),
    prompt: settings.defaultPrompt,
    temperature: settings.defaultTemperature,
  };
  return { presets: [fromDefaults], defaultPresetId: DEFAULTS_PRESET_ID };
}

type MenuItem = Browser.contextMenus.CreateProperties & { id: string; title: string };

/** Every menu item, in creation order: each parent, then its presets with the default one first. */
export function menuItems(menuPresets: MenuPresets): MenuItem[] {
  const presets = presetsDefaultFirst({
    presets: menuPresets.presets,
    defaultPresetId: menuPresets.defaultPresetId,
  });
  const first = presets[0];
  const siteItem = (menuPresets.siteRules?.length ?? 0) > 0 && first !== undefined;
  return MENU_KINDS.flatMap((kind): MenuItem[] => {
    const action: MenuAction = MENU_ACTIONS[kind];
    if (action.supported && !action.supported()) return [];
    const shared = {
      contexts: action.contexts,
      ...(action.targetUrlPatterns && { targetUrlPatterns: action.targetUrlPatterns }),
    };
    const parent: MenuItem = { id: menuItemId(kind), title: action.title(), ...shared };
    const children = presets.map(
      (preset, index): MenuItem => ({
        id: menuItemId(kind, preset.id),
        parentId: parent.id,
        title: index === 0 ? i18n.t("contextMenus.defaultPreset", { name: preset.name }) : preset.name,
        ...shared,
      }),
    );
    if (siteItem && action.siteUrl) {
      children.unshift({
        id: `${menuItemId(kind)}:${SITE_RULE_ITEM}`,
        parentId: parent.id,
        title: i18n.t("contextMenus.siteRulePreset", { name: first.name }),
        ...shared,
      });
    }
    return [parent, ...children].map((item) => ({ ...item, title: menuTitle(item.title) }));
  });
}

/**
 * Both browsers read "&" in a menu title as an access-key marker ("&&" shows one "&"), and replace "%s"
 * with the selected text, with no escape for it: a zero-width space keeps a preset's "%s" as typed.
 */
function menuTitle(title: string): string {
  return title.replaceAll("&", "&&").replaceAll("%s", "%\u200Bs");
}

/** Replaces the extension's menus with the ones for `presets`. */
export async function createMenus(presets: MenuPresets): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const item of menuItems(presets)) {
    browser.contextMenus.create(item, () => {
      const error = browser.runtime.lastError;
      if (error) console.error(`linklens: could not create the menu item ${item.id}`, error.message);
    });
  }
}

/** The request fields a preset gives: its prompt, temperature and, when it has one, its schema. */
export function presetRequestFields(preset: Preset): Omit<AnalyzeJobRequest, "links"> {
  const responseFormat: ResponseFormat | undefined = preset.schema && {
    type: "json_schema",
    json_schema: { schema: preset.schema },
  };
  return {
    prompt: preset.prompt,
    temperature: preset.temperature,
    ...(responseFormat && { responseFormat }),
  };
}

/** The page at `url` (a menu's, or the shortcut's tab), remembered as the job's tab. */
function planPage(url: string | undefined, source: JobSource): PlannedJob {
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

async function planSelection(
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

/** The analyses the menus and the shortcut start, with the checks that come before a job. */
export function createMenuActions(deps: ContextMenuDeps) {
  async function refuse(message: string): Promise<MenuClickOutcome> {
    await deps.notify(message);
    return { refused: message };
  }

  /** Queues the planned job with `preset`, or tells the user why there is none. */
  function start(planned: PlannedJob, preset: Preset): Promise<MenuClickOutcome> {
    if ("refused" in planned) return refuse(planned.refused);
    const { links, source, tabUrl } = planned;
    const request = { links, ...presetRequestFields(preset) };
    return deps.queue({ request, source, presetName: preset.name, ...(tabUrl && { tabUrl }) });
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

  /** What a click on one of the menu items does; the `contextMenus.onClicked` listener calls exactly this. */
  async function handleMenuClick(info: MenuClickInfo, tab?: MenuTab): Promise<MenuClickOutcome> {
    const item = parseMenuItemId(info.menuItemId);
    if (!item) return { ignored: true };
    // Before any await: the browser prompts only while the click is being handled.
    const tabsAllowed = item.kind === "tabs" ? deps.askTabsPermission?.() : undefined;
    try {
      if (tabsAllowed && !(await tabsAllowed)) return await refuse(i18n.t("tabs.permissionNeeded"));
      const action: MenuAction = MENU_ACTIONS[item.kind];
      const preset = await findPreset(item.presetId, action.siteUrl?.(info, tab));
      if (!preset) {
        await refreshMenus();
        return await refuse(i18n.t("contextMenus.presetGone"));
      }
      const planned = await action.plan(info, tab, deps);
      return await start(planned, (await deps.fillPrompt?.(preset, tab, info.selectionText)) ?? preset);
    } catch (error) {
      console.error("linklens: a context menu action failed", error);
      const message = error instanceof Error ? error.message : String(error);
      return refuse(i18n.t("contextMenus.failed", { message }));
    }
  }

  /**
   * The shortcut: the page in `tab` (the command's tab) or else the current tab, with the preset of the
   * first site rule matching it, else the default preset.
   */
  async function analyzeActiveTab(tab?: MenuTab): Promise<MenuClickOutcome> {
    try {
      const target = tab ?? (await resolveTargetTab());
      if (!target) return await refuse(i18n.t("contextMenus.noTab"));
      const preset = await findPreset(undefined, target.url);
      if (!preset) return await refuse(i18n.t("contextMenus.presetGone"));
      return await start(
        planPage(target.url, "shortcut"),
        (await deps.fillPrompt?.(preset, target)) ?? preset,
      );
    } catch (error) {
      console.error("linklens: the analyze shortcut failed", error);
      const message = error instanceof Error ? error.message : String(error);
      return refuse(i18n.t("contextMenus.failed", { message }));
    }
  }

  let lastBuilt: string | undefined;
  let building: Promise<void> = Promise.resolve();
  /** Rebuilds the menus from the current presets, one rebuild at a time, skipping one that changes nothing. */
  function refreshMenus(): Promise<void> {
    building = building
      .then(async () => {
        const presets = await deps.readPresets();
        const built = JSON.stringify(menuItems(presets));
        if (built === lastBuilt) return;
        await createMenus(presets);
        lastBuilt = built;
      })
      .catch((error: unknown) => console.error("linklens: could not create the context menus", error));
    return building;
  }

  return { handleMenuClick, analyzeActiveTab, refreshMenus };
}

/**
 * Call synchronously at the top of the worker's main: registers the click listener (a click wakes the
 * worker, and the listener must be there when it does) and creates the menus on install and on browser
 * startup, never on every wake; `watchPresets` rebuilds them when the settings change.
 */
export function setupContextMenus(deps: ContextMenuDeps) {
  const actions = createMenuActions(deps);
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void actions.handleMenuClick(info, tab);
  });
  browser.runtime.onInstalled.addListener(() => {
    void actions.refreshMenus();
  });
  browser.runtime.onStartup.addListener(() => {
    void actions.refreshMenus();
  });
  deps.watchPresets?.(() => {
    void actions.refreshMenus();
  });
  return actions;
}
