/**
 * The popup's draft: what the user typed (prompt, temperature, schema, metadata, preset), the prompts
 * used last and the job started last. A popup closes as soon as it loses focus, so the draft is saved to
 * `storage.local` (key `popupDraft`) shortly after every change and restored when the popup opens
 * (lib/editing/draft-saver.ts).
 */
import { type DraftStore, draftStore } from "../editing/draft-saver";
import { isMetadataRow, type MetadataRow } from "../editing/metadata-rows";

export const POPUP_DRAFT_KEY = "popupDraft";
export const MAX_RECENT_PROMPTS = 5;
export const DRAFT_SAVE_DELAY_MS = 200;

export interface PopupDraft {
  prompt: string;
  /** As typed (checked when analyzing). */
  temperature: string;
  structured: boolean;
  schemaText: string;
  metadataRows: MetadataRow[];
  /** The preset last applied, while the prompt still comes from it. */
  presetId?: string;
  /** Newest first, distinct, at most `MAX_RECENT_PROMPTS`. */
  recentPrompts: string[];
  /** The job started last, and the (normalized) page it was started on. */
  job?: { id: string; tabUrl: string };
}

/** A new draft from the settings' defaults. */
export function initialDraft(defaults: { defaultPrompt: string; defaultTemperature: number }): PopupDraft {
  return {
    prompt: defaults.defaultPrompt,
    temperature: String(defaults.defaultTemperature),
    structured: false,
    schemaText: "",
    metadataRows: [],
    recentPrompts: [],
  };
}

/** A stored value made usable: each field that is valid is kept, the others come from `fallback`. */
export function coerceDraft(raw: unknown, fallback: PopupDraft): PopupDraft {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fallback;
  const stored = raw as Record<string, unknown>;
  const text = (value: unknown, otherwise: string) => (typeof value === "string" ? value : otherwise);
  const draft: PopupDraft = {
    prompt: text(stored.prompt, fallback.prompt),
    temperature: text(stored.temperature, fallback.temperature),
    structured: typeof stored.structured === "boolean" ? stored.structured : fallback.structured,
    schemaText: text(stored.schemaText, fallback.schemaText),
    metadataRows: Array.isArray(stored.metadataRows)
      ? stored.metadataRows.filter(isMetadataRow)
      : fallback.metadataRows,
    recentPrompts: Array.isArray(stored.recentPrompts)
      ? stored.recentPrompts
          .filter((prompt): prompt is string => typeof prompt === "string" && prompt.trim() !== "")
          .slice(0, MAX_RECENT_PROMPTS)
      : fallback.recentPrompts,
  };
  if (typeof stored.presetId === "string") draft.presetId = stored.presetId;
  const job = stored.job as Record<string, unknown> | undefined;
  if (job && typeof job.id === "string" && typeof job.tabUrl === "string") {
    draft.job = { id: job.id, tabUrl: job.tabUrl };
  }
  return draft;
}

/** `prompt` first, then the others without it, at most `MAX_RECENT_PROMPTS`. */
export function withRecentPrompt(recent: readonly string[], prompt: string): string[] {
  const trimmed = prompt.trim();
  if (trimmed === "") return [...recent];
  return [trimmed, ...recent.filter((other) => other.trim() !== trimmed)].slice(0, MAX_RECENT_PROMPTS);
}

/** Where the popup's draft is kept; `fallback` stands in for a missing draft and for each unusable field. */
export function popupDraftStore(fallback: PopupDraft): DraftStore<PopupDraft> {
  return draftStore({
    key: POPUP_DRAFT_KEY,
    delayMs: DRAFT_SAVE_DELAY_MS,
    name: "the popup draft",
    initial: fallback,
    coerce: (raw) => coerceDraft(raw, fallback),
  });
}
