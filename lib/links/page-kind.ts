/**
 * Addresses that are not web pages, by kind: the popup names the kind when it explains why a tab can't be
 * analyzed (an empty tab, a data: URL, a browser or extension page, a local file, a page's source).
 */
export type NonWebPageKind = "about" | "data" | "browser" | "extension" | "file" | "view_source";

const KIND_BY_SCHEME: Record<string, NonWebPageKind> = {
  "about:": "about",
  "data:": "data",
  "blob:": "data",
  "chrome:": "browser",
  "edge:": "browser",
  "brave:": "browser",
  "opera:": "browser",
  "vivaldi:": "browser",
  "chrome-extension:": "extension",
  "moz-extension:": "extension",
  "extension:": "extension",
  "file:": "file",
  "view-source:": "view_source",
};

/** The kind of non-web page `url` is, or `null` for anything else (https, http, not a URL). */
export function nonWebPageKind(url: string): NonWebPageKind | null {
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url.trim())?.[0].toLowerCase();
  return (scheme && KIND_BY_SCHEME[scheme]) || null;
}
