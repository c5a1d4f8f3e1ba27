import { i18n } from "#i18n";
import { safeHref } from "../../lib/links/safe-link";
import { hideBrokenImage } from "../hide-broken-image";

/**
 * The page's images as thumbnails, loaded only when scrolled into view; each opens in a new tab. Only
 * web addresses are shown (never a `javascript:` or `data:` one), each once.
 */
export function ImageGallery({ links: given }: { links: string[] }) {
  const links = [...new Set(given.map(safeHref).filter((link): link is string => link !== null))];
  if (links.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="detail-images">
      <h3 id="detail-images">{i18n.t("sidepanel.detail.images", links.length)}</h3>
      <ul className="image-gallery">
        {links.map((link, index) => (
          <li key={link}>
            <a href={link} target="_blank" rel="noopener noreferrer">
              <img
                src={link}
                alt={i18n.t("sidepanel.detail.imageAlt", { n: index + 1 })}
                loading="lazy"
                decoding="async"
                onError={hideBrokenImage}
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
