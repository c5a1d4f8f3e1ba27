/**
 * The menu items: each "Analyze …" menu (the table `MENU_ENTRIES`) with one item per preset (the default
 * first) and, with site rules, first an item taking the target's site rule; and their (re)creation.
 */
import { type Browser, browser } from "wxt/browser";
import { i18n } from "#i18n";
import { presetsDefaultFirst } from "../../../lib/settings/settings";
import { hasSiteRuleItem, MENU_KINDS, type MenuKind, menuItemId, SITE_RULE_ITEM } from "./menu-ids";
import type { MenuPresets } from "./menu-presets";

interface MenuEntry {
  title: () => string;
  contexts: Browser.contextMenus.CreateProperties["contexts"];
  targetUrlPatterns?: string[];
  /** Whether this browser has the menu's context (absent: every browser does). */
  supported?: () => boolean;
}

/** How each menu shows: adding one is adding its kind (menu-ids.ts), an entry here and in menu-jobs.ts, and its title in locales/en.yml. */
const MENU_ENTRIES: Record<MenuKind, MenuEntry> = {
  page: { title: () => i18n.t("contextMenus.analyzePage"), contexts: ["page"] },
  link: {
    title: () => i18n.t("contextMenus.analyzeLink"),
    contexts: ["link"],
    // Only web links: "Analyze this link" on a mailto: link could do nothing useful.
    targetUrlPatterns: ["https://*/*", "http://*/*"],
  },
  selection: { title: () => i18n.t("contextMenus.analyzeSelection"), contexts: ["selection"] },
  // The tab strip's menu: Firefox only (Chrome has no "tab" context).
  tabs: {
    title: () => i18n.t("contextMenus.analyzeTabs"),
    contexts: ["tab" as Browser.contextMenus.ContextType],
    supported: hasTabContext,
  },
};

/** Whether menus may be shown on the tab strip: Firefox's `menus` has the "tab" context, Chrome's has not. */
export function hasTabContext(): boolean {
  if (import.meta.env.FIREFOX) return true;
  const types = (browser.contextMenus as { ContextType?: Record<string, string> } | undefined)?.ContextType;
  return types !== undefined && Object.values(types).includes("tab");
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
    const entry = MENU_ENTRIES[kind];
    if (entry.supported && !entry.supported()) return [];
    const shared = {
      contexts: entry.contexts,
      ...(entry.targetUrlPatterns && { targetUrlPatterns: entry.targetUrlPatterns }),
    };
    const parent: MenuItem = { id: menuItemId(kind), title: entry.title(), ...shared };
    const children = presets.map(
      (preset, index): MenuItem => ({
        id: menuItemId(kind, preset.id),
        parentId: parent.id,
        title: index === 0 ? i18n.t("contextMenus.defaultPreset", { name: preset.name }) : preset.name,
        ...shared,
      }),
    );
    if (siteItem && hasSiteRuleItem(kind)) {
      children.unshift({
        id: `${menuItemId(kind)}:${SITE_RULE_ITEM}`,
        parentId: parent.id,
        title: i18n.t("contextMenus.siteRulePreset", { name: first.name }),
        ...shared,
      });
    }
    return [parent, ...children].map((item) => ({ ...item, title: menuTitle(item.title) }));
  }).concat(compareItem());
}

/** "Compare links in selection…": opens Compare pages… with the links, no preset (the form chooses). */
export const COMPARE_SELECTION_MENU_ID = "linklens-compare:selection";

function compareItem(): MenuItem {
  return {
    id: COMPARE_SELECTION_MENU_ID,
    title: menuTitle(i18n.t("compare.selectionMenu")),
    contexts: ["selection"],
  };
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

/** Rebuilds the menus from the current presets, one rebuild at a time, skipping one that changes nothing. */
export function createMenuRefresher(readPresets: () => Promise<MenuPresets>): () => Promise<void> {
  let lastBuilt: string | undefined;
  let building: Promise<void> = Promise.resolve();
  return () => {
    building = building
      .then(async () => {
        const presets = await readPresets();
        const built = JSON.stringify(menuItems(presets));
        if (built === lastBuilt) return;
        await createMenus(presets);
        lastBuilt = built;
      })
      .catch((error: unknown) => console.error("linklens: could not create the context menus", error));
    return building;
  };
}
