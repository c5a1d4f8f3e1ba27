import type { SyntheticEvent } from "react";

/** A page's image (favicon, lead image, gallery) that fails to load is left out rather than shown broken. */
export function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.hidden = true;
}
