/**
 * What changed between two runs of a watched analysis (issue 46): the answer's sentences added and removed,
 * the schema's fields whose values changed (old → new), and, told apart, whether the page's own text
 * changed. A run is a change when what the user asked about differs: with a schema, its values (a reworded
 * text with the same values is not a change, since another service may word it anew each run); without
 * one, the answer's sentences.
 */

import { sameJson } from "../json/same-json";
import { escapeToken } from "../schema/json-pointer";
import { answerSentences } from "../sources/find-sources";

/** What a run gave: the seed's fields of an analysis a watch compares. */
export interface WatchedAnswer {
  textContent?: string | null;
  jsonContent?: Record<string, unknown> | null;
  /** The page's text as the service read it (`analysis.text`). */
  pageText?: string | null;
}

export interface FieldChange {
  /** A JSON pointer into `jsonContent` ("/price", "/offers/0/price"). */
  path: string;
  before: unknown;
  after: unknown;
}

export interface AnswerChanges {
  /** Whether what the user asked about changed: the schema's values, or else the answer's sentences. */
  changed: boolean;
  added: string[];
  removed: string[];
  fields: FieldChange[];
  /** The page's own text changed (its sentences), whatever the answer did. */
  pageChanged: boolean;
}

/** Sentences compared without case, spacing and the punctuation around them. */
function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, " ")
    .trim();
}

/** The sentences of `after` not in `before` and those of `before` not in `after`, in their order. */
export function sentenceChanges(before: string, after: string): { added: string[]; removed: string[] } {
  const beforeSentences = answerSentences(before);
  const afterSentences = answerSentences(after);
  const beforeKeys = new Set(beforeSentences.map(sentenceKey));
  const afterKeys = new Set(afterSentences.map(sentenceKey));
  return {
    added: afterSentences.filter((sentence) => !beforeKeys.has(sentenceKey(sentence))),
    removed: beforeSentences.filter((sentence) => !afterKeys.has(sentenceKey(sentence))),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The leaves whose values differ, by JSON pointer: objects are compared key by key, anything else (arrays,
 * numbers, strings) as a whole value, since a list's items have no identity of their own to follow.
 */
export function fieldChanges(before: unknown, after: unknown, path = ""): FieldChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => fieldChanges(before[key], after[key], `${path}/${escapeToken(key)}`));
  }
  if (sameJson(before, after)) return [];
  return [{ path: path || "/", before, after }];
}

export function answerChanges(before: WatchedAnswer, after: WatchedAnswer): AnswerChanges {
  const text = sentenceChanges(before.textContent ?? "", after.textContent ?? "");
  const withSchema = before.jsonContent != null || after.jsonContent != null;
  const fields = withSchema ? fieldChanges(before.jsonContent ?? {}, after.jsonContent ?? {}) : [];
  const page = sentenceChanges(before.pageText ?? "", after.pageText ?? "");
  return {
    changed: withSchema ? fields.length > 0 : text.added.length + text.removed.length > 0,
    ...text,
    fields,
    pageChanged: page.added.length + page.removed.length > 0,
  };
}
