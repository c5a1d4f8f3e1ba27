import { i18n } from "#i18n";
import { hideBrokenImage } from "../hide-broken-image";

/** The page's images as thumbnails, loaded only when scrolled into view; each opens in a new tab. */
export function ImageGallery({ links }: { links: string[] }) {
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
