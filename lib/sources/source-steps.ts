/**
 * What following a source marker does, from what the worker found in the tab that shows the page
 * (`sources.highlight`) and whether the passage is known to be on the page (the service's page text, or
 * the open tab's): a passage that is not known to be there is claimed only once the live page holds it.
 */

/** The passage in the tab showing the page: highlighted, not in it, or the tab shows another page. */
export type TabLookup = "highlighted" | "absent" | "elsewhere";

/** The passage in the page opened for it: highlighted there, not in it, or the page may not be read. */
export type OpenedLookup = "highlighted" | "absent" | "unreadable";

/**
 * - `done`: highlighted in the open tab;
 * - `openFragment`: open the page at the passage's text fragment (a passage of the page's own text);
 * - `openAndLook`: open the page and look for the passage there (a passage not known to be on the page);
 * - `notOnPage`: the open tab shows the page and the passage is not in it: nothing is opened.
 */
export type SourceStep = "done" | "openFragment" | "openAndLook" | "notOnPage";

export function stepAfterTabLookup(lookup: TabLookup, knownOnPage: boolean): SourceStep {
  if (lookup === "highlighted") return "done";
  if (knownOnPage) return "openFragment";
  return lookup === "absent" ? "notOnPage" : "openAndLook";
}

/** The note (an i18n key under `sources.`) after the page was opened for a passage not known to be on it. */
export function noteAfterOpening(lookup: OpenedLookup): "opened" | "notOnPage" | "openedUnread" {
  switch (lookup) {
    case "highlighted":
      return "opened";
    case "absent":
      return "notOnPage";
    case "unreadable":
      return "openedUnread";
  }
}
