import "./favicon.css";
import { useState } from "react";
import { safeHref } from "../lib/links/safe-link";

export interface FaviconProps {
  /** The page's icon address as the page gave it; an unsafe one counts as none. */
  url: string | undefined;
  /** The page's site (host) or title, whose first letter stands in for a missing or broken icon. */
  site?: string;
  className: string;
  /** Width and height, in CSS pixels. */
  size: number;
}

/** The letter a site is known by: its host's first letter after `www.`, else the name's first letter. */
export function siteInitial(site: string): string {
  const name = site.trim().replace(/^www\./i, "");
  const letter = name.match(/[\p{L}\p{N}]/u)?.[0] ?? "";
  return letter.toLocaleUpperCase();
}

/**
 * A page's icon, decorative (the page's title is beside it). Absent or broken, the site's initial in a
 * circle takes its place (never an empty gap or a broken image); without a site, nothing.
 */
export function Favicon({ url, site, className, size }: FaviconProps) {
  const src = url ? safeHref(url) : null;
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img className={className} src={src} alt="" width={size} height={size} onError={() => setFailed(src)} />
    );
  }
  const initial = site ? siteInitial(site) : "";
  if (!initial) return null;
  return (
    <span
      className={`${className} favicon-letter`}
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.6) }}
    >
      {initial}
    </span>
  );
}
