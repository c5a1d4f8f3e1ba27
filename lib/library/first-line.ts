/**
 * The first line of an analysis's result as a library row shows it: the first line of its text that
 * says something, as plain text (lib/text/markdown-plain-text.ts: no Markdown marks, no list number),
 * cut to `max` characters. Without text, the JSON's first value.
 */
import { markdownLineToText } from "../text/markdown-plain-text";

const LIST_NUMBER = /^\s*(?:•\s*|\d+[.)]\s+)+/;

const FIRST_LINE_MAX = 140;

function cut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

/** Every string, number and boolean inside a JSON value, depth first (stops at the first found). */
function firstJsonLeaf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "object") return String(value);
  for (const item of Object.values(value)) {
    const leaf = firstJsonLeaf(item);
    if (leaf?.trim()) return leaf;
  }
  return undefined;
}

export function firstLineOf(textContent: string | undefined, jsonContent?: unknown, max = FIRST_LINE_MAX) {
  // Only the start of a long text is read: the first line that says something is near it.
  const head = (textContent ?? "").slice(0, 4 * max + 2_000);
  for (const line of head.split("\n")) {
    const text = markdownLineToText(line).replace(LIST_NUMBER, "");
    if (text.trim()) return cut(text, max);
  }
  const leaf = firstJsonLeaf(jsonContent);
  return leaf ? cut(leaf, max) : "";
}

/** A prompt as a row shows it: one line, cut to `max` characters. */
export function promptLine(prompt: string | undefined, max = FIRST_LINE_MAX): string {
  return prompt ? cut(prompt, max) : "";
}
