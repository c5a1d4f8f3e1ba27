/**
 * An analysis being edited in the side panel, as typed (nothing lost while JSON is half written), kept
 * in `storage.local` under `editDraft:<analysisId>` so it survives the panel closing and the browser
 * crashing, until it is saved or cancelled.
 */
import { storage } from "wxt/utils/storage";
import type { AnalysisPatch } from "../db/schema";
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
    metadataRows: rowsFromMetadata(values.metadata ?? {}, newId),
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

function draftKey(analysisId: string) {
  return `local:${EDIT_DRAFT_PREFIX}${analysisId}` as const;
}

export async function loadEditDraft(analysisId: string): Promise<EditDraft | undefined> {
  return coerceEditDraft(await storage.getItem<unknown>(draftKey(analysisId)), analysisId);
}

export function storeEditDraft(draft: EditDraft): Promise<void> {
  return storage.setItem(draftKey(draft.analysisId), draft);
}

export function clearEditDraft(analysisId: string): Promise<void> {
  return storage.removeItem(draftKey(analysisId));
}

export interface EditDraftSaver {
  /** Saves `draft` after a pause in typing. */
  save(draft: EditDraft): void;
  /** Writes the waiting draft now (the panel is hiding or closing). */
  flush(): Promise<void>;
  /** Forgets the waiting draft (it was saved to the outbox or cancelled). */
  cancel(): void;
}

/** Debounced: typing writes once per pause, not once per key. A failed write is logged, never thrown. */
export function createEditDraftSaver(
  write: (draft: EditDraft) => Promise<void> = storeEditDraft,
  delayMs: number = EDIT_DRAFT_SAVE_DELAY_MS,
): EditDraftSaver {
  let waiting: EditDraft | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const flush = async () => {
    stopTimer();
    const draft = waiting;
    waiting = undefined;
    if (!draft) return;
    try {
      await write(draft);
    } catch (error) {
      console.error("[linklens] could not keep the edit draft", error);
    }
  };
  return {
    save(draft) {
      waiting = draft;
      stopTimer();
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
    cancel() {
      stopTimer();
      waiting = undefined;
    },
  };
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
