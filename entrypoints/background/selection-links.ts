/**
 * The links in the user's selection, read on demand with `scripting.executeScript` in the clicked tab
 * (the context-menu click grants `activeTab`), so no content script runs on every page.
 */
import { browser } from "wxt/browser";
import { urlsInText } from "../../lib/links/urls-in-text";

/** What the page reports about its selection. */
export interface SelectionContent {
  /** `href`s (absolute, as the page resolved them) of the links the selection touches, in document order. */
  hrefs: string[];
  /** The selected text, where URLs may be typed out. */
  text: string;
}

/**
 * The candidate links of a selection, raw (not yet checked, normalized or de-duplicated): the selected
 * links' `href`s, then the URLs typed in the text. `mailto:`, `javascript:` and other non-web links are
 * not pages and are left out; http links stay in, to be reported as skipped rather than silently dropped.
 */
export function linksInSelection({ hrefs, text }: SelectionContent): string[] {
  const webHrefs = hrefs.filter((href) => /^https?:/i.test(href.trim()));
  return [...webHrefs, ...urlsInText(text)];
}

/**
 * Runs in the page, serialized by `executeScript`: it must not refer to anything outside its own body.
 * A link counts when any part of it is selected (`intersectsNode`), as a reader would expect.
 */
export function collectSelectionInPage(): SelectionContent {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return { hrefs: [], text: "" };
  const ranges = Array.from({ length: selection.rangeCount }, (_, index) => selection.getRangeAt(index));
  const hrefs: string[] = [];
  for (const element of document.querySelectorAll("a[href], area[href]")) {
    const href = (element as HTMLAnchorElement | HTMLAreaElement).href;
    // SVG <a> elements have an SVGAnimatedString here, not a resolved URL.
    if (typeof href === "string" && ranges.some((range) => range.intersectsNode(element))) hrefs.push(href);
  }
  return { hrefs, text: selection.toString() };
}

/**
 * The candidate links in the selection of tab `tabId` (in frame `frameId` when the click was in a frame).
 * Rejects when the page cannot be scripted (browser pages, the web store, a frame of another origin).
 */
export async function readSelectionLinks(tabId: number, frameId?: number): Promise<string[]> {
  const target = frameId ? { tabId, frameIds: [frameId] } : { tabId };
  const results = await browser.scripting.executeScript({ target, func: collectSelectionInPage });
  return results.flatMap((result) => (result.result ? linksInSelection(result.result) : []));
}
