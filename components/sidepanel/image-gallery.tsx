import { useState } from "react";
import { i18n } from "#i18n";
import { safeHref } from "../../lib/links/safe-link";
import { imageLoaded } from "../hide-broken-image";

type ImageState = "loaded" | "failed";

/**
 * The page's images as thumbnails, each opening in a new tab. Only web addresses are shown (never a
 * `javascript:` or `data:` one), each once. An image shows once it has loaded: one that fails is left
 * out with its caption, the heading counts the images shown, and with none loaded the gallery is not
 * there at all. (Not lazy: an image in a gallery not shown yet must still load to be counted.)
 */
export function ImageGallery({ links: given }: { links: string[] }) {
  const links = [...new Set(given.map(safeHref).filter((link): link is string => link !== null))];
  const [states, setStates] = useState<ReadonlyMap<string, ImageState>>(() => new Map());
  if (links.length === 0) return null;
  const mark = (link: string, state: ImageState) =>
    setStates((current) => (current.get(link) === state ? current : new Map(current).set(link, state)));
  const shown = links.filter((link) => states.get(link) === "loaded");
  return (
    <section className="detail-section" aria-labelledby="detail-images" hidden={shown.length === 0}>
      <h3 id="detail-images">{i18n.t("sidepanel.detail.images", shown.length)}</h3>
      <ul className="image-gallery">
        {links.map((link) => {
          const state = states.get(link);
          const number = shown.indexOf(link) + 1;
          return (
            <li key={link} hidden={state !== "loaded"}>
              <a href={link} target="_blank" rel="noopener noreferrer" tabIndex={state === "loaded" ? 0 : -1}>
                <img
                  ref={(image) => {
                    if (image && state === undefined && imageLoaded(image)) mark(link, "loaded");
                  }}
                  src={link}
                  alt={number > 0 ? i18n.t("sidepanel.detail.imageAlt", { n: number }) : ""}
                  decoding="async"
                  onLoad={() => mark(link, "loaded")}
                  onError={() => mark(link, "failed")}
                />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
