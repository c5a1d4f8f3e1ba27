/**
 * The links of a comparison, from any pasted text: one URL a line, or prose with links in it. Kept to the
 * distinct https ones (sortLinks), at most `MAX_COMPARE_LINKS`; a line that names no https link is given
 * back whole, so the user sees what was left out and why.
 */
import { sortLinks } from "../links/link-check";
import { urlsInText } from "../links/urls-in-text";

export const MAX_COMPARE_LINKS = 500;

export interface LinkList {
  /** Distinct https links, normalized, in first-seen order (at most `MAX_COMPARE_LINKS`). */
  links: string[];
  /** Lines (trimmed) that hold no usable https link: left out. */
  leftOut: string[];
  /** Links dropped as duplicates of an earlier one. */
  duplicates: number;
  /** Links past `MAX_COMPARE_LINKS`, left out. */
  overLimit: number;
}

export function parseLinkList(text: string): LinkList {
  const candidates: string[] = [];
  const leftOut: string[] = [];
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const found = urlsInText(line);
    const sorted = sortLinks(found.length > 0 ? found : [line]);
    if (sorted.accepted.length === 0 && sorted.duplicates === 0) leftOut.push(line);
    candidates.push(...found.filter((link) => sortLinks([link]).accepted.length > 0));
  }
  const sorted = sortLinks(candidates);
  return {
    links: sorted.accepted.slice(0, MAX_COMPARE_LINKS),
    leftOut,
    duplicates: sorted.duplicates,
    overLimit: Math.max(0, sorted.accepted.length - MAX_COMPARE_LINKS),
  };
}
