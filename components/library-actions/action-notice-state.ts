import type { ErrorDetail } from "../../lib/api/contract";
import type { ImportSummary } from "../../lib/export/import-json";

/** What the last library action did, as the status region shows it. */
export type ActionNotice =
  | { kind: "busy"; text: string }
  | { kind: "exported"; count: number; filename: string }
  | { kind: "imported"; filename: string; summary: ImportSummary }
  | {
      kind: "deleted";
      deleted: number;
      keptPending: number;
      undoToken: string | null;
      /** Epoch ms after which undo is no longer offered. */
      undoUntil: number;
    }
  | { kind: "restored"; restored: number; skipped: number }
  | { kind: "error"; code: string; message: string; details: ErrorDetail[] };
