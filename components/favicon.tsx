import { safeHref } from "../lib/links/safe-link";
import { hideBrokenImage } from "./hide-broken-image";

export interface FaviconProps {
  /** The page's icon address as the page gave it; nothing is shown unless it is a safe one. */
  url: string | undefined;
  className: string;
  /** Width and height, in CSS pixels. */
  size: number;
}

/** A page's icon, decorative (the page's title is beside it); left out when absent or broken. */
export function Favicon({ url, className, size }: FaviconProps) {
  const src = url ? safeHref(url) : null;
  if (!src) return null;
  return <img className={className} src={src} alt="" width={size} height={size} onError={hideBrokenImage} />;
}
