/**
 * An analysis being edited in the side panel, as typed (nothing lost while JSON is half written), kept
 * in `storage.local` under `editDraft:<analysisId>` so it survives the panel closing and the browser
 * crashing, until it is saved or cancelled (lib/editing/draft-saver.ts).
 */
import type { AnalysisPatch } from "../db/schema";
import { userMetadata } from "../thread/thread-metadata";
import { type DraftStore, draftStore } from "./draft-saver";
import { isMetadataRow, type MetadataRow, rowsFromMetadata } from "./metadata-rows";

export const EDIT_DRAFT_PREFIX = "editDraft:";
export const EDIT_DRAFT_SAVE_DELAY_MS = 250;

export interface EditDraft {
  analysisId: string;
  /** The record's `updatedAt` the edit was started on (sent as `If-Match`). */
  baseUpdatedAt: string;
  /** The edit started while an earlier edit still waited in the outbox (its base moves as they land). */
  startedOnPending: boolean;
  textContent: string;
  /** The JSON as typed; "" for none. */
  jsonText: string;
  metadataRows: MetadataRow[];
  /** A merge by hand of the conflict of outbox entry `seq` (saving settles it). */
  mergeSeq?: number;
}

/** The editable values of a record or cached row. */
export type EditableValues = Pick<AnalysisPatch, "textContent" | "jsonContent" | "metadata">;

/** A draft showing the current values of a record (or the cached row, with its waiting edits). */
export function draftFromValues(
  analysisId: string,
  values: EditableValues,
  base: { updatedAt: string; pending?: boolean },
  newId?: () => string,
): EditDraft {
  return {
    analysisId,
    baseUpdatedAt: base.updatedAt,
    startedOnPending: base.pending === true,
    textContent: values.textContent ?? "",
    jsonText: values.jsonContent === undefined ? "" : JSON.stringify(values.jsonContent, null, 2),
    // The thread's keys are the extension's, not rows the user edits (checkDraft keeps them).
    metadataRows: rowsFromMetadata(userMetadata(values.metadata), newId),
  };
}

/** A stored value as a draft of `analysisId`, or `undefined` when it is not a usable one. */
export function coerceEditDraft(raw: unknown, analysisId: string): EditDraft | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const stored = raw as Record<string, unknown>;
  if (stored.analysisId !== analysisId) return undefined;
  if (typeof stored.baseUpdatedAt !== "string" || typeof stored.textContent !== "string") return undefined;
  if (typeof stored.jsonText !== "string" || !Array.isArray(stored.metadataRows)) return undefined;
  const draft: EditDraft = {
    analysisId,
    baseUpdatedAt: stored.baseUpdatedAt,
    startedOnPending: stored.startedOnPending === true,
    textContent: stored.textContent,
    jsonText: stored.jsonText,
    metadataRows: stored.metadataRows.filter(isMetadataRow),
  };
  if (Number.isInteger(stored.mergeSeq) && (stored.mergeSeq as number) > 0)
    draft.mergeSeq = stored.mergeSeq as number;
  return draft;
}

/** Where the edit of `analysisId` is kept. */
export function editDraftStore(analysisId: string): DraftStore<EditDraft> {
  return draftStore({
    key: `${EDIT_DRAFT_PREFIX}${analysisId}`,
    delayMs: EDIT_DRAFT_SAVE_DELAY_MS,
    name: "the edit draft",
    coerce: (raw) => coerceEditDraft(raw, analysisId),
  });
}

/**
 * The `If-Match` to send. An edit started on a row with edits still waiting follows that chain (the
 * outbox moves its base as they land), so it goes on the row's current version; otherwise the version
 * the user saw when they started, so a change made elsewhere meanwhile comes back as a conflict.
 */
export function baseForSave(
  draft: Pick<EditDraft, "baseUpdatedAt" | "startedOnPending">,
  rowUpdatedAt: string,
) {
  return draft.startedOnPending ? rowUpdatedAt : draft.baseUpdatedAt;
}
