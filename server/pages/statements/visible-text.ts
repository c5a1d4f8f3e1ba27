import { decodeHTML } from "entities";

const HIDDEN = /<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;

/**
 * A page's text with a space where each tag stood, so that a table's "ASIN" and "B07FW264WL" stay apart:
 * read from the markup in one pass (a walk of a large shop page's DOM costs ten times more).
 */
export function visibleText(html: string): string {
  return decodeHTML(html.replace(HIDDEN, " ").replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ");
}
