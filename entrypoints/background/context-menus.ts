/**
 * The context menus "Analyze this page", "Analyze this link" and "Analyze links in selection", each with
 * one item per preset (the default first), and the analysis they start, which the keyboard shortcut shares.
 * Every job goes through the job gate (job-gate.ts): one of more links than a request holds waits for
 * the user's yes.
 */

import { type Browser, browser } from "wxt/browser";
import { i18n } from "#i18n";
import type { ResponseFormat } from "../../lib/api/contract";
import { resolveTargetTab } from "../../lib/browser/active-tab";
import type { AnalyzeJobRequest, JobSource } from "../../lib/db/schema";
import { LINK_PROBLEM_MESSAGES, linkProblem, sortLinks } from "../../lib/links/link-check";
import { defaultPreset, type Preset, presetsDefaultFirst, type Settings } from "../../lib/settings/settings";
import type { JobToQueue, QueueOutcome } from "./job-gate";
import { urlsInText } from "./selection-links";

export const MENU_ID_PREFIX = "linklens";
export const MENU_KINDS = ["page", "link", "selection"] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

const JOB_SOURCE: Record<MenuKind, JobSource> = {
  page: "context-page",
  link: "context-link",
  selection: "context-selection",
};

const MENU_TITLE_KEY = {
  page: "contextMenus.analyzePage",
  link: "contextMenus.analyzeLink",
  selection: "contextMenus.analyzeSelection",
} as const;

/** The id of the stand-in preset made from the default prompt when the user keeps no presets. */
export const DEFAULTS_PRESET_ID = "defaults";

export interface MenuPresets {
  presets: Preset[];
  defaultPresetId?: string;
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
}

export function menuItemId(kind: MenuKind, presetId?: string): string {
  return presetId === undefined ? `${MENU_ID_PREFIX}:${kind}` : `${MENU_ID_PREFIX}:${kind}:${presetId}`;
}

export function parseMenuItemId(id: string | number): { kind: MenuKind; presetId: string } | undefined {
  const [prefix, kind, ...rest] = String(id).split(":");
  const presetId = rest.join(":");
  if (prefix !== MENU_ID_PREFIX || !MENU_KINDS.includes(kind as MenuKind) || !presetId) return undefined;
  return { kind: kind as MenuKind, presetId };
}

/** The presets the menus offer: the user's, or one made from the default prompt when there are none. */
export function menuPresetsFromSettings(
  settings: Pick<Settings, "presets" | "defaultPresetId" | "defaultPrompt" | "defaultTemperature">,
): MenuPresets {
  if (settings.presets.length > 0) {
    return { presets: settings.presets, defaultPresetId: settings.defaultPresetId };
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
  return MENU_KINDS.flatMap((kind): MenuItem[] => {
    const contexts: MenuItem["contexts"] = [kind];
    // Only web links: "Analyze this link" on a mailto: link could do nothing useful.
    const targets = kind === "link" ? { targetUrlPatterns: ["https://*/*", "http://*/*"] } : {};
    const parent: MenuItem = {
      id: menuItemId(kind),
      title: i18n.t(MENU_TITLE_KEY[kind]),
      contexts,
      ...targets,
    };
    const children = presets.map(
      (preset, index): MenuItem => ({
        id: menuItemId(kind, preset.id),
        parentId: parent.id,
        title: index === 0 ? i18n.t("contextMenus.defaultPreset", { name: preset.name }) : preset.name,
        contexts,
        ...targets,
      }),
    );
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

/** The analyses the menus and the shortcut start, with the checks that come before a job. */
export function createMenuActions(deps: ContextMenuDeps) {
  async function refuse(message: string): Promise<MenuClickOutcome> {
    await deps.notify(message);
    return { refused: message };
  }

  function start(links: string[], preset: Preset, source: JobSource, tabUrl?: string): Promise<QueueOutcome> {
    const request = { links, ...presetRequestFields(preset) };
    return deps.queue({ request, source, presetName: preset.name, ...(tabUrl && { tabUrl }) });
  }

  /** The preset `presetId`, or the default one when `presetId` is absent. */
  async function findPreset(presetId: string | undefined): Promise<Preset | undefined> {
    const menuPresets = await deps.readPresets();
    if (presetId === undefined) return defaultPreset(menuPresets);
    return menuPresets.presets.find((preset) => preset.id === presetId);
  }

  function analyzePage(url: string | undefined, preset: Preset, source: JobSource) {
    if (!url) return refuse(i18n.t("contextMenus.onlyHttpsPage"));
    const problem = linkProblem(url);
    if (problem === "not_https" || problem === "invalid_url") {
      return refuse(`${i18n.t("contextMenus.onlyHttpsPage")} ${i18n.t("contextMenus.thisPageIs", { url })}`);
    }
    if (problem) return refuse(i18n.t("contextMenus.badPage", { problem: LINK_PROBLEM_MESSAGES[problem] }));
    // The tab's URL lets the popup find this job again when it opens on the same page.
    return start([url], preset, source, url);
  }

  function analyzeLink(url: string | undefined, preset: Preset) {
    if (!url) return refuse(i18n.t("contextMenus.noLink"));
    const problem = linkProblem(url);
    if (problem === "not_https" || problem === "invalid_url") {
      return refuse(i18n.t("contextMenus.onlyHttpsLink", { url }));
    }
    if (problem) return refuse(i18n.t("contextMenus.badLink", { problem: LINK_PROBLEM_MESSAGES[problem] }));
    return start([url], preset, "context-link");
  }

  async function analyzeSelection(info: MenuClickInfo, tab: MenuTab | undefined, preset: Preset) {
    let links: string[] = [];
    if (tab?.id !== undefined) {
      try {
        links = await deps.readSelectionLinks(tab.id, info.frameId);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return refuse(i18n.t("contextMenus.selectionUnreadable", { message }));
      }
    }
    // A selection inside a text field is not a document selection; the menu's own copy of the text is.
    if (links.length === 0 && info.selectionText) links = urlsInText(info.selectionText);
    if (links.length === 0) return refuse(i18n.t("contextMenus.noSelectionLinks"));
    const sorted = sortLinks(links);
    if (sorted.accepted.length === 0) {
      return refuse(i18n.t("contextMenus.selectionNotHttps", sorted.rejected.length));
    }
    // All the links go to the runner, which keeps the distinct https ones and records the others as skipped;
    // more than one request's worth wait for the user's yes.
    return start(links, preset, "context-selection");
  }

  /** What a click on one of the menu items does; the `contextMenus.onClicked` listener calls exactly this. */
  async function handleMenuClick(info: MenuClickInfo, tab?: MenuTab): Promise<MenuClickOutcome> {
    const item = parseMenuItemId(info.menuItemId);
    if (!item) return { ignored: true };
    try {
      const preset = await findPreset(item.presetId);
      if (!preset) {
        await refreshMenus();
        return refuse(i18n.t("contextMenus.presetGone"));
      }
      if (item.kind === "page") return await analyzePage(info.pageUrl ?? tab?.url, preset, JOB_SOURCE.page);
      if (item.kind === "link") return await analyzeLink(info.linkUrl, preset);
      return await analyzeSelection(info, tab, preset);
    } catch (error) {
      console.error("linklens: a context menu action failed", error);
      const message = error instanceof Error ? error.message : String(error);
      return refuse(i18n.t("contextMenus.failed", { message }));
    }
  }

  /** The shortcut: the page in `tab` (the command's tab) or else the current tab, with the default preset. */
  async function analyzeActiveTab(tab?: MenuTab): Promise<MenuClickOutcome> {
    try {
      const target = tab ?? (await resolveTargetTab());
      if (!target) return await refuse(i18n.t("contextMenus.noTab"));
      const preset = await findPreset(undefined);
      if (!preset) return await refuse(i18n.t("contextMenus.presetGone"));
      return await analyzePage(target.url, preset, "shortcut");
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
