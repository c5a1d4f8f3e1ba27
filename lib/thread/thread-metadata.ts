/**
 * How a follow-up carries its thread in the metadata the seed defines, so a thread survives an export,
 * an import and a new device, and any /v1 service keeps it (docs/api.md, "Threads"):
 *
 * - `linklens.thread`: the thread, named by the analysisId of its first turn (which carries no key: it
 *   was an ordinary analysis until someone asked a follow-up). The related list is filtered by it.
 * - `linklens.question`: the question this turn answers, since a record keeps no prompt.
 *
 * Both are the extension's, not the user's: the metadata editor shows them apart, never as rows.
 */
import type { Metadata } from "../api/contract";
import { LIMITS } from "../api/limits";

export const THREAD_KEY = "linklens.thread";
export const QUESTION_KEY = "linklens.question";
const THREAD_KEYS: ReadonlySet<string> = new Set([THREAD_KEY, QUESTION_KEY]);

type MetadataValues = Record<string, string | number | boolean | null>;

/** Whether a metadata key is one the extension writes for threads. */
export function isThreadKey(key: string): boolean {
  return THREAD_KEYS.has(key);
}

/** The thread an analysis belongs to: the key's value, else the analysis itself (a first turn). */
export function threadIdOf(record: { analysisId: string; metadata?: MetadataValues }): string {
  const value = record.metadata?.[THREAD_KEY];
  return typeof value === "string" && value !== "" ? value : record.analysisId;
}

/** Whether the analysis is a follow-up (turn 2 or later) of a thread. */
export function isFollowUp(record: { analysisId: string; metadata?: MetadataValues }): boolean {
  return threadIdOf(record) !== record.analysisId;
}

/** The question a follow-up's metadata carries, if any. */
export function questionInMetadata(metadata: MetadataValues | undefined): string | undefined {
  const value = metadata?.[QUESTION_KEY];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * What an analysis was asked: a follow-up's question, else the prompt a job of this browser sent;
 * `undefined` when this browser never knew it.
 */
export function promptOf(record: {
  metadata?: MetadataValues;
  origin?: { prompt: string };
}): string | undefined {
  return questionInMetadata(record.metadata) ?? (record.origin?.prompt || undefined);
}

/** The user's own keys: the metadata without the thread's. */
export function userMetadata<T extends MetadataValues>(metadata: T | undefined): T {
  const kept: MetadataValues = {};
  for (const [key, value] of Object.entries(metadata ?? {})) if (!isThreadKey(key)) kept[key] = value;
  return kept as T;
}

/** A follow-up's metadata: the user's keys of the turn asked from, and the thread's. */
export function followUpMetadata(
  userKeys: Metadata | undefined,
  threadId: string,
  question: string,
): Metadata {
  return {
    ...userMetadata(userKeys),
    [THREAD_KEY]: threadId,
    [QUESTION_KEY]: question.slice(0, LIMITS.maxMetadataStringLength),
  };
}

/** Only the thread's keys of `metadata` (an edit of the user's keys keeps them as they are). */
export function threadKeysOf(metadata: MetadataValues | undefined): Metadata {
  const kept: Metadata = {};
  for (const [key, value] of Object.entries(metadata ?? {})) if (isThreadKey(key)) kept[key] = value;
  return kept;
}
