import type { SyntheticEvent } from "react";

/**
 * A page's image (lead image, popup card) that fails to load is left out rather than shown broken:
 * `hidden`, and `display: none` inline, since a class giving it `display: block` would otherwise win.
 */
export function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  image.hidden = true;
  image.style.display = "none";
}

/** Whether an image already in the document has loaded (a cached one may be done before React listens). */
export function imageLoaded(image: HTMLImageElement): boolean {
  return image.complete && image.naturalWidth > 0;
}
