/**
 * The one check for every address the pages render as a link or an image (Markdown links, a record's URL,
 * favicon, images): only absolute http(s) and mailto addresses, never `javascript:`, `data:` or relative ones.
 */

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The address to link to, in its canonical form, or `null` when it is not an absolute http(s) or mailto URL. */
export function safeHref(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  try {
    const url = new URL(trimmed);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
