/** Plain text of a DOM subtree: whitespace collapsed, one paragraph per block, blank lines between. */
import { siteOf } from "../../lib/links/link-check";
import { countVisible } from "./visible-chars";

export const MAX_TEXT_LENGTH = 100_000;

const BLOCK_ELEMENTS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "caption",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Elements whose content is never readable text. */
const SKIPPED_ELEMENTS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "object",
  "canvas",
  "select",
  "textarea",
  "button",
  "head",
]);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const LINE_BREAK = "\n";

/** A paragraph, and how much of it (letters, digits, marks) is the text of links. */
export interface TextBlock {
  text: string;
  linkChars: number;
  /** Of those, the text of links to the page's own site (when the page's address was given). */
  siteLinkChars: number;
  /** A heading (`h1`–`h6`) opened the block. */
  heading: boolean;
}

/** A mutable collector: `current` is the paragraph being filled, `done` the finished ones. */
interface Paragraphs {
  done: TextBlock[];
  current: string[];
  currentLinkChars: number;
  currentSiteLinkChars: number;
  currentHeading: boolean;
}

function flush(paragraphs: Paragraphs): void {
  if (paragraphs.current.length === 0) return;
  const text = paragraphs.current
    .join("")
    .split(LINE_BREAK)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "")
    .join(LINE_BREAK);
  const {
    currentLinkChars: linkChars,
    currentSiteLinkChars: siteLinkChars,
    currentHeading: heading,
  } = paragraphs;
  paragraphs.current = [];
  paragraphs.currentLinkChars = 0;
  paragraphs.currentSiteLinkChars = 0;
  paragraphs.currentHeading = false;
  if (text) paragraphs.done.push({ text, linkChars, siteLinkChars, heading });
}

interface WalkState {
  preDepth: number;
  linkDepth: number;
  /** Links entered that lead to the page's own site. */
  siteLinkDepth: number;
  /** The page's address and site, when known. */
  page?: { url: string; site: string };
}

/** Whether a link leads to the page's own site (its host, "www." aside). */
function isSiteLink(link: Element, page: WalkState["page"]): boolean {
  const href = link.getAttribute("href");
  if (!page || !href) return false;
  try {
    return siteOf(new URL(href, page.url).href) === page.site;
  } catch {
    return false;
  }
}

/** What leaving an element means for the text: the end of a block, of a `<pre>` or of a link. */
function leave(element: Element, paragraphs: Paragraphs, state: WalkState): void {
  if (element.localName === "pre") state.preDepth--;
  if (element.localName === "a") {
    state.linkDepth--;
    if (isSiteLink(element, state.page)) state.siteLinkDepth--;
  }
  if (BLOCK_ELEMENTS.has(element.localName)) flush(paragraphs);
}

/** Walks the subtree without recursion, so a deeply nested page cannot overflow the stack. */
function collect(root: Node, paragraphs: Paragraphs, pageUrl: string | undefined): void {
  const state: WalkState = {
    preDepth: 0,
    linkDepth: 0,
    siteLinkDepth: 0,
    ...(pageUrl && { page: { url: pageUrl, site: siteOf(pageUrl) } }),
  };
  let node: Node | null = root.firstChild;
  while (node) {
    let enter = false;
    if (node.nodeType === TEXT_NODE) {
      const value = node.nodeValue ?? "";
      paragraphs.current.push(state.preDepth > 0 ? value : value.replace(/\n/g, " "));
      if (state.linkDepth > 0) paragraphs.currentLinkChars += countVisible(value);
      if (state.siteLinkDepth > 0) paragraphs.currentSiteLinkChars += countVisible(value);
    } else if (node.nodeType === ELEMENT_NODE) {
      const element = node as Element;
      const name = element.localName;
      if (name === "br") paragraphs.current.push(LINE_BREAK);
      else if (!SKIPPED_ELEMENTS.has(name)) {
        if (name === "td" || name === "th") paragraphs.current.push(" ");
        if (BLOCK_ELEMENTS.has(name)) flush(paragraphs);
        if (HEADINGS.has(name)) paragraphs.currentHeading = true;
        if (name === "pre") state.preDepth++;
        if (name === "a") {
          state.linkDepth++;
          if (isSiteLink(element, state.page)) state.siteLinkDepth++;
        }
        enter = element.firstChild !== null;
        if (!enter) leave(element, paragraphs, state);
      }
    }
    if (enter) {
      node = node.firstChild;
      continue;
    }
    while (node && node !== root && !node.nextSibling) {
      node = node.parentNode;
      if (node && node !== root) leave(node as Element, paragraphs, state);
    }
    node = node && node !== root ? node.nextSibling : null;
  }
}

/** The paragraphs of a subtree, each whitespace-normalised (line breaks from `<br>` and `<pre>` kept). */
export function paragraphsOf(root: Node): string[] {
  return textBlocksOf(root).map((block) => block.text);
}

/** As `paragraphsOf`, with each paragraph's share of link text; `pageUrl` tells links to its own site. */
export function textBlocksOf(root: Node, pageUrl?: string): TextBlock[] {
  const paragraphs: Paragraphs = {
    done: [],
    current: [],
    currentLinkChars: 0,
    currentSiteLinkChars: 0,
    currentHeading: false,
  };
  collect(root, paragraphs, pageUrl);
  flush(paragraphs);
  return paragraphs.done;
}

/** Joins paragraphs with blank lines and cuts the result to `MAX_TEXT_LENGTH`, at a word boundary. */
export function joinParagraphs(paragraphs: string[]): string {
  return truncateText(paragraphs.join("\n\n"));
}

export function truncateText(text: string, maxLength = MAX_TEXT_LENGTH): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.search(/\s\S*$/);
  return (lastSpace > maxLength * 0.9 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

/** Plain text as a page serves it: line endings unified, trailing spaces and extra blank lines dropped. */
export function normalizePlainText(body: string): string {
  const text = body
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return truncateText(text);
}
