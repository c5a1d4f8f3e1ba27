/**
 * The element half of the boilerplate pass, run before Readability: a small element whose class or id
 * names a kind of page furniture (a newsletter box, a share bar, related links, tags, a photo credit, a
 * cookie notice) goes. Readability drops such elements only where no word like "article" or "content" is
 * in the same class ("article-related" stays), and never the kinds it has no word for. Size is the guard:
 * a hinted element with more text than a box of furniture holds is kept, so a hint on an article's own
 * container never costs its text.
 */
import { countVisible } from "./visible-chars";

/** Class and id fragments of page furniture, in the spelling of the CMSes and the languages we see. */
const FURNITURE_HINT =
  /newsletter|sign-?up|subscri|abonn|suscri|promo($|[\s_-])|(^|[\s_-])share|sharing|sharedaddy|social|partage|teilen|compartir|related|recommend|more-?stories|most-?(popular|read)|read-?more|lire-aussi|sur-le-meme-sujet|mehr-zum-thema|te-puede-interesar|(^|[\s_-])tags?($|[\s_-])|tag-?list|tags-links|etiquetas|schlagw|mots-cles|(photo|image|caption)-?credit|credits?($|[\s_-])|cookie|consent|gdpr|comments?-?(note|notice|moderation|hinweis)|kommentar-hinweis|moderation|follow|kicker|eyebrow|dachzeile|rubrique|section-?label|ad-?(slot|label|container)|(^|[\s_-])(werbung|anzeige|publicite)($|[\s_-])/i;

/**
 * A picture's caption ("media-caption", "newsCaption", "wp-caption-text"; not a "no_caption" or
 * "has-caption" box). It is marked, not removed, before Readability, and goes from its article: a caption
 * counts in Readability's weighing of the block around it, which could go without it.
 */
const CAPTION_HINT = /(?<!(no|has|with|without)[-_]?)caption/i;
const CAPTION_MARK = "data-linklens-caption";

/** Readability reads the byline from such an element (and takes it out itself): it stays for Readability. */
const BYLINE_HINT = /byline|author|dateline|writtenby/i;

/** At most this many characters (spaces aside) of text: a box of furniture, not a section of the article. */
const FURNITURE_TEXT = 320;
/** A larger hinted element still goes when this share of its text is links (a list of related stories). */
const FURNITURE_LINK_SHARE = 0.6;
const FURNITURE_LINKED_TEXT = 1200;

const hintOf = (element: Element) =>
  `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`.trim();

/** The text of an element's links, spaces aside. */
function linkCharsOf(element: Element): number {
  let linkChars = 0;
  for (const link of element.querySelectorAll("a")) linkChars += countVisible(link.textContent);
  return linkChars;
}

/**
 * A card that pops up over a name in the story (a picture, then links to the person's other stories),
 * written inline into the sentence: a `span` whose first element, wrappers aside, is a picture and whose
 * text is mostly links, two or more.
 */
function isHoverCard(element: Element): boolean {
  if (element.localName !== "span") return false;
  let first = element.firstElementChild;
  while (first?.localName === "span") first = first.firstElementChild;
  if (first?.localName !== "img" && first?.localName !== "picture") return false;
  const chars = countVisible(element.textContent);
  return element.querySelectorAll("a").length >= 2 && linkCharsOf(element) >= FURNITURE_LINK_SHARE * chars;
}

function isFurniture(element: Element, withBylines: boolean): boolean {
  if (isHoverCard(element)) return true;
  const hint = hintOf(element);
  if (!hint) return false;
  if (BYLINE_HINT.test(hint)) return withBylines && countVisible(element.textContent) <= FURNITURE_TEXT;
  if (!FURNITURE_HINT.test(hint)) return false;
  const chars = countVisible(element.textContent);
  if (chars <= FURNITURE_TEXT) return true;
  if (chars > FURNITURE_LINKED_TEXT) return false;
  return linkCharsOf(element) / chars >= FURNITURE_LINK_SHARE;
}

const isCaption = (element: Element) =>
  CAPTION_HINT.test(hintOf(element)) && countVisible(element.textContent) <= FURNITURE_TEXT;

const TEXT_NODE = 3;

/**
 * Marks a caption's text, each run in a marked `<span>`: Readability moves a box's inline text into a new
 * paragraph and puts that paragraph in the box's place, so a mark on the box alone would be lost.
 */
function markCaption(caption: Element): void {
  const texts: Node[] = [];
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === TEXT_NODE) texts.push(child);
      else walk(child);
    }
  };
  walk(caption);
  for (const text of texts) {
    const span = caption.ownerDocument.createElement("span");
    span.setAttribute(CAPTION_MARK, "");
    text.parentNode?.replaceChild(span, text);
    span.append(text);
  }
}

/**
 * Removes the furniture elements under `root` (not `root` itself) and returns how many went; none when
 * they would take most of its text, as then the hints are the page's own markup, not furniture.
 * `withBylines`: the bylines go too. Only for a page that declares its author: Readability then reads no
 * byline from the page and leaves them all in the article (a reader has read the name above the story).
 */
export function removeFurniture(root: Element, withBylines = false): number {
  const found: Element[] = [];
  let element: Element | null = root.firstElementChild;
  while (element) {
    if (isFurniture(element, withBylines)) {
      found.push(element);
    } else if (isCaption(element)) {
      markCaption(element);
    } else if (element.firstElementChild) {
      element = element.firstElementChild;
      continue;
    }
    while (element && element !== root && !element.nextElementSibling) element = element.parentElement;
    element = element && element !== root ? element.nextElementSibling : null;
  }
  const furnitureChars = found.reduce((sum, furniture) => sum + countVisible(furniture.textContent), 0);
  if (furnitureChars * 2 > countVisible(root.textContent)) return 0;
  for (const furniture of found) furniture.remove();
  return found.length;
}

/**
 * Elements of an article that never hold its prose: a picture's caption or credit, the site's navigation,
 * and the header above the story (its title, byline, date and standfirst, which the reader has read).
 */
const ARTICLE_FURNITURE_SELECTOR = `figcaption, [${CAPTION_MARK}], nav, header`;

/** A figure's own text (its caption aside) of at most this many characters is a credit or a label. */
const FIGURE_LABEL_TEXT = 100;

/** Takes an element's text out of the article; its images stay, as the article's pictures. */
const replaceByImages = (element: Element) => element.replaceWith(...element.querySelectorAll("img"));

/**
 * The element half of the pass, run on Readability's article: captions and credits of pictures go, and so
 * do navigation and headers. A figure with little text of its own besides its caption (an image, a video,
 * "Image copyright …") goes whole; one that holds a quotation, code or a table keeps them.
 */
export function removeArticleFurniture(content: Element): void {
  const total = countVisible(content.textContent);
  for (const element of content.querySelectorAll(ARTICLE_FURNITURE_SELECTOR)) {
    // A page whose story is all inside a header (or a nav) has it there: it stays.
    if (countVisible(element.textContent) * 2 <= total) replaceByImages(element);
  }
  for (const figure of content.querySelectorAll("figure")) {
    if (figure.querySelector("blockquote, pre, table, p")) continue;
    if (countVisible(figure.textContent) <= FIGURE_LABEL_TEXT) replaceByImages(figure);
  }
}
