/**
 * What library search looks in, and how a query is read. A query's terms are its runs of non-space
 * characters, lower-cased; an analysis matches when each term occurs somewhere in its title, URL, page
 * text, result (textContent and the values inside jsonContent) or metadata values, each read whole.
 *
 * A term holds no whitespace, so it occurs in a text exactly when it occurs inside one of the text's
 * whitespace-separated words: the index keeps each analysis's distinct words, and a search looks for its
 * terms inside the (far fewer) distinct words of the whole library rather than inside every text.
 */
import type { CachedAnalysis } from "../db/schema";

const WHITESPACE = /\s+/;

export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(WHITESPACE).filter(Boolean);
}

/** Every string, number and boolean inside a JSON value. */
function jsonLeaves(value: unknown, into: string[]): void {
  if (value === null || value === undefined) return;
  if (typeof value === "object") {
    for (const item of Object.values(value)) jsonLeaves(item, into);
    return;
  }
  into.push(String(value));
}

/** The texts of a cached analysis that search looks in. */
export function searchableTexts(row: CachedAnalysis): string[] {
  const analysis = row.analysis ?? {};
  const texts = [analysis.title ?? "", analysis.url ?? "", analysis.text ?? "", row.textContent ?? ""];
  jsonLeaves(row.jsonContent, texts);
  for (const value of Object.values(row.metadata ?? {})) texts.push(String(value));
  return texts;
}

/** The distinct lower-cased words (runs of non-space characters) of the analysis's searchable texts. */
export function searchWords(row: CachedAnalysis): Set<string> {
  const words = new Set<string>();
  for (const text of searchableTexts(row)) {
    for (const word of text.toLowerCase().split(WHITESPACE)) if (word) words.add(word);
  }
  return words;
}
