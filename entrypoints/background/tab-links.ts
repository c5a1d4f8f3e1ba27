/**
 * Many tabs in one job: the addresses of the tabs a command names (every tab of a window, or its
 * highlighted ones), shared by the popup's `tabs.analyze` command and Firefox's tab-strip menu item.
 * Every address goes to the job as found: the runner keeps the distinct https ones and records the
 * others (chrome://, about:, http:, duplicates) as skipped, so nothing is dropped silently; a tab whose
 * address the browser does not tell is counted as skipped here.
 */
import { browser } from "wxt/browser";
import { sortLinks } from "../../lib/links/link-check";

export type TabScope = "window" | "highlighted";

export interface TabLike {
  id?: number;
  url?: string;
  highlighted?: boolean;
  windowId?: number;
}

export type QueryTabs = (query: { windowId: number; highlighted?: boolean }) => Promise<TabLike[]>;

export const queryBrowserTabs: QueryTabs = (query) => browser.tabs.query(query) as Promise<TabLike[]>;

/** What the tabs give a job: every address found, and how many tabs there were and are left out. */
export interface TabLinks {
  /** As found, in tab order (the runner sorts them). */
  links: string[];
  /** Tabs looked at. */
  tabs: number;
  /** Distinct https pages among them: what the job analyzes. */
  accepted: number;
  /** Tabs left out: no readable address, not https (chrome://, about:, …), or a duplicate. */
  skipped: number;
}

export function linksOfTabs(tabs: readonly TabLike[]): TabLinks {
  const links = tabs.flatMap((tab) => (tab.url ? [tab.url] : []));
  const sorted = sortLinks(links);
  const accepted = sorted.accepted.length;
  return { links, tabs: tabs.length, accepted, skipped: tabs.length - accepted };
}

/** The tabs of `windowId` the scope names, in tab order. */
export function tabsInScope(queryTabs: QueryTabs, windowId: number, scope: TabScope): Promise<TabLike[]> {
  return queryTabs(scope === "highlighted" ? { windowId, highlighted: true } : { windowId });
}

/**
 * The tabs a tab-strip menu click means: the highlighted tabs of its window when the clicked tab is one
 * of them (a multi-selection), else the clicked tab alone (as the browser's own tab menu does).
 */
export async function tabsOfMenuClick(queryTabs: QueryTabs, tab: TabLike | undefined): Promise<TabLike[]> {
  if (!tab) return [];
  if (tab.windowId === undefined || tab.highlighted === false) return [tab];
  const highlighted = await queryTabs({ windowId: tab.windowId, highlighted: true });
  return highlighted.some((other) => other.id === tab.id) ? highlighted : [tab];
}
