/**
 * The ids of the "Analyze …" menu items: `linklens:<kind>` (the parent, and the site-rule item) and
 * `linklens:<kind>:<presetId>`.
 */

export const MENU_ID_PREFIX = "linklens";

/** Every "Analyze …" menu, in the order they are shown (menu-building.ts and menu-jobs.ts give each its item and job). */
export const MENU_KINDS = ["page", "link", "selection", "tabs"] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

/**
 * The menus that start with an item taking the target's site rule (else the default preset). The tab
 * strip's is not one: its tabs may be of many sites, so the preset is the item's.
 */
export const SITE_RULE_KINDS = ["page", "link", "selection"] as const satisfies readonly MenuKind[];
export type SiteRuleKind = (typeof SITE_RULE_KINDS)[number];

/**
 * The suffix of the item that takes the target's site rule (else the default preset): `linklens:page:@site`.
 * Generated preset ids never hold "@". The un-suffixed id (`linklens:page`) means the same.
 */
export const SITE_RULE_ITEM = "@site";

export function menuItemId(kind: MenuKind, presetId?: string): string {
  return presetId === undefined ? `${MENU_ID_PREFIX}:${kind}` : `${MENU_ID_PREFIX}:${kind}:${presetId}`;
}

export function hasSiteRuleItem(kind: MenuKind): kind is SiteRuleKind {
  return (SITE_RULE_KINDS as readonly MenuKind[]).includes(kind);
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
