/**
 * Sources on the page, on the user's click only: `scripting.executeScript` runs once in the tab that shows
 * the page (the popup's click grants `activeTab`), so no content script is left behind.
 * - `sources.highlight` highlights a passage with the CSS Custom Highlight API and scrolls to it, and says
 *   when the passage is not in the page the tab shows, or the tab shows another page (or cannot be
 *   scripted); for a passage of the page's own text the page clicked in then opens the page at the passage's
 *   text fragment, with the click's user activation (not a tab made here);
 * - `sources.openAndLook` opens the page in a new tab for a passage not known to be on it (a service's text
 *   that is not the page's) and looks for it there, live, once the page has loaded;
 * - `page.readText` reads the tab's text, for a service that returned none (`analysis.text`).
 */
import { type Browser, browser } from "wxt/browser";
import { resolveTargetTab } from "../../lib/browser/active-tab";
import type { CommandHandlers, SourceHighlightRequest } from "../../lib/messaging/protocol";
import { CommandError } from "../../lib/messaging/protocol";
import type { OpenedLookup, TabLookup } from "../../lib/sources/source-steps";
import { lookInOpenedTab, type TabsForLoading } from "./tab-loaded";

/** The name the highlight is registered under in the page (`CSS.highlights.get(SOURCE_HIGHLIGHT)`). */
export const SOURCE_HIGHLIGHT = "linklens-source";

/** How long a page opened for a passage may take to load before it is looked in as it is. */
const OPENED_PAGE_LOAD_MS = 20_000;

/**
 * Runs in the page, serialized by `executeScript`: nothing outside its body. Finds `passage` in the page's
 * text, white space ignored and case folded (the page's markup and the service's extraction space text
 * differently), highlights it under `name` and scrolls it to the middle of the view. `elsewhere` when the
 * tab shows another page than `pageUrl` (null: a tab opened for the page, wherever it ended, once past the
 * blank page it starts on), `absent` when the passage is not in it.
 */
export function highlightPassageInPage(passage: string, pageUrl: string | null, name: string): TabLookup {
  const withoutHash = (href: string) => href.split("#")[0];
  const shown =
    pageUrl === null
      ? !location.href.startsWith("about:")
      : withoutHash(location.href) === withoutHash(pageUrl);
  if (!shown) return "elsewhere";
  const chars: string[] = [];
  const nodes: Text[] = [];
  const offsets: number[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest("script, style, noscript, template")
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const data = node.data;
    for (let offset = 0; offset < data.length; offset++) {
      const char = data[offset] as string;
      if (/\s/.test(char)) continue;
      chars.push(char.toLowerCase());
      nodes.push(node);
      offsets.push(offset);
    }
  }
  const target = passage.replace(/\s+/g, "").toLowerCase();
  const at = target ? chars.join("").indexOf(target) : -1;
  if (at === -1) return "absent";
  const last = at + target.length - 1;
  const range = document.createRange();
  range.setStart(nodes[at] as Text, offsets[at] as number);
  range.setEnd(nodes[last] as Text, (offsets[last] as number) + 1);
  if ("highlights" in CSS) {
    CSS.highlights.set(name, new Highlight(range));
    if (!document.getElementById(name)) {
      const style = document.createElement("style");
      style.id = name;
      style.textContent = `::highlight(${name}) { background-color: #ffe066; color: #000; }`;
      document.head.append(style);
    }
  } else {
    // Without the API (older browsers), the passage is selected instead.
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
  }
  range.startContainer.parentElement?.scrollIntoView({ block: "center" });
  return "highlighted";
}

/** Runs in the page: its rendered text, or null when the tab shows another page than `pageUrl`. */
export function readPageTextInPage(pageUrl: string): string | null {
  const withoutHash = (href: string) => href.split("#")[0];
  if (withoutHash(location.href) !== withoutHash(pageUrl)) return null;
  // The rendered text on purpose: blocks end in line breaks (sentences end there) and hidden text is left out.
  // biome-ignore lint/performance/useDomNodeTextContent: see above
  return document.body.innerText;
}

export interface PageSourcesDeps {
  scripting: Pick<typeof browser.scripting, "executeScript">;
  resolveTab: (tabId?: number) => Promise<Browser.tabs.Tab | undefined>;
  tabs: TabsForLoading;
}

export function createPageSources({ scripting, resolveTab, tabs }: PageSourcesDeps) {
  /** The first frame's answer of `func` in the tab, or undefined when the tab cannot be scripted. */
  async function runInTab<Args extends unknown[], Result>(
    tabId: number | undefined,
    func: (...args: Args) => Result,
    args: Args,
  ): Promise<Result | undefined> {
    if (tabId === undefined) return undefined;
    try {
      const [result] = await scripting.executeScript({ target: { tabId }, func, args });
      return result?.result as Result | undefined;
    } catch {
      // A page the extension may not script (another tab than the one clicked, a browser page).
      return undefined;
    }
  }

  return {
    async highlight({ tabId, url, passage }: SourceHighlightRequest): Promise<{ lookup: TabLookup }> {
      const tab = await resolveTab(tabId);
      const lookup = await runInTab(tab?.id, highlightPassageInPage, [passage, url, SOURCE_HIGHLIGHT]);
      return { lookup: lookup ?? "elsewhere" };
    },
    async openAndLook({ url, passage }: { url: string; passage: string }): Promise<{ lookup: OpenedLookup }> {
      const lookup = await lookInOpenedTab(tabs, url, OPENED_PAGE_LOAD_MS, async (tabId) => {
        const found = await runInTab(tabId, highlightPassageInPage, [passage, null, SOURCE_HIGHLIGHT]);
        // `elsewhere`: still the blank page a new tab starts on; undefined: a page it may not script.
        return found === "elsewhere" ? undefined : (found ?? "unreadable");
      });
      return { lookup: lookup ?? "unreadable" };
    },
    async readText({ tabId, url }: { tabId?: number; url: string }) {
      const text = await runInTab((await resolveTab(tabId))?.id, readPageTextInPage, [url]);
      if (typeof text !== "string") {
        throw new CommandError({
          status: 0,
          code: "page_not_open",
          message: "the page is not open in this tab",
        });
      }
      return { text };
    },
  };
}

export function pageSourcesCommandHandlers(
  pageSources: ReturnType<typeof createPageSources>,
): Pick<CommandHandlers, "sources.highlight" | "sources.openAndLook" | "page.readText"> {
  return {
    "sources.highlight": (request) => pageSources.highlight(request),
    "sources.openAndLook": (request) => pageSources.openAndLook(request),
    "page.readText": (request) => pageSources.readText(request),
  };
}

/** The worker's instance: the browser's scripting, the popup's idea of "this tab". */
export function browserPageSources() {
  return createPageSources({
    scripting: browser.scripting,
    tabs: browser.tabs,
    resolveTab: (tabId) => resolveTargetTab(tabId === undefined ? {} : { tabId }),
  });
}
