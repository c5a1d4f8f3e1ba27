import { type Dispatch, type SetStateAction, useMemo, useState } from "react";
import { i18n } from "#i18n";
import type { ExportFormat } from "../../lib/export/export-file";
import { MAX_IMPORT_FILE_BYTES, parseImportText } from "../../lib/export/import-json";
import { formatNumber } from "../../lib/format/format-number";
import { UNDO_WINDOW_MS } from "../../lib/library/undo-window";
import { CommandError, type DeleteResult, sendCommand } from "../../lib/messaging/protocol";
import type { ActionNotice } from "./action-notice-state";
import { exportAnalyses } from "./export-analyses";

export interface LibraryActionRunners {
  /** Exports the given analyses, or all of them (with usage) without ids. */
  exportAnalyses: (format: ExportFormat, analysisIds?: readonly string[]) => Promise<void>;
  /** Reads a JSON export in the page, checks it, and merges it into the cache through the worker. */
  importFile: (file: File) => Promise<void>;
  /**
   * Deletes from the local cache (with comparisons `jobIds`, their tables too); answers what the worker
   * did, or null when it failed or did not run.
   */
  deleteAnalyses: (
    analysisIds: readonly string[],
    jobIds?: readonly string[],
  ) => Promise<DeleteResult | null>;
  undoDelete: (undoToken: string) => Promise<void>;
  dismiss: () => void;
}

export interface LibraryActions extends LibraryActionRunners {
  notice: ActionNotice | null;
}

/** The side panel's export, import, delete and undo, and the one notice saying how the last one went. */
export function useLibraryActions(): LibraryActions {
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const runners = useMemo(() => createLibraryActionRunners(setNotice), []);
  return useMemo(() => ({ ...runners, notice }), [runners, notice]);
}

/** The actions, reporting through `setNotice` (the hook's state; tests pass their own). */
export function createLibraryActionRunners(
  setNotice: Dispatch<SetStateAction<ActionNotice | null>>,
): LibraryActionRunners {
  const fail = (error: unknown, code: string) => setNotice(errorNotice(error, code));
  // One action at a time: a click while one runs is ignored (a second delete of the same rows would
  // replace the first one's Undo with "nothing deleted"). The controls stay enabled, so focus stays.
  let running = false;
  const exclusive = async <R>(action: () => Promise<R>): Promise<R | null> => {
    if (running) return null;
    running = true;
    try {
      return await action();
    } finally {
      running = false;
    }
  };

  return {
    dismiss: () => setNotice(null),

    exportAnalyses: async (format, analysisIds) => {
      await exclusive(async () => {
        setNotice({ kind: "busy", text: i18n.t("libraryActions.exporting") });
        try {
          setNotice({ kind: "exported", ...(await exportAnalyses(format, analysisIds)) });
        } catch (error) {
          fail(error, "export_failed");
        }
      });
    },

    importFile: async (file) => {
      await exclusive(async () => {
        if (file.size > MAX_IMPORT_FILE_BYTES) {
          setNotice({ kind: "error", code: "file_too_large", message: fileSizeText(file), details: [] });
          return;
        }
        setNotice({ kind: "busy", text: i18n.t("libraryActions.importing", { file: file.name }) });
        let text: string;
        try {
          text = await file.text();
        } catch (error) {
          fail(error, "read_failed");
          return;
        }
        const check = parseImportText(text);
        if (!check.ok) {
          const { problem } = check;
          setNotice({
            kind: "error",
            code: problem.kind === "not_json" ? "not_json" : "invalid_import",
            message: problem.message,
            details: problem.kind === "invalid" ? problem.issues : [],
          });
          return;
        }
        try {
          const summary = await sendCommand("analyses.import", { document: check.document });
          setNotice({ kind: "imported", filename: file.name, summary });
        } catch (error) {
          fail(error, "other");
        }
      });
    },

    deleteAnalyses: (analysisIds, jobIds) =>
      exclusive(async () => {
        try {
          const result = await sendCommand("analyses.delete", {
            analysisIds: [...analysisIds],
            ...(jobIds && jobIds.length > 0 && { jobIds: [...jobIds] }),
          });
          setNotice({
            kind: "deleted",
            deleted: result.deleted,
            keptPending: result.keptPending.length,
            undoToken: result.undoToken,
            undoUntil: Date.now() + UNDO_WINDOW_MS,
          });
          return result;
        } catch (error) {
          fail(error, "other");
          return null;
        }
      }),

    undoDelete: async (undoToken) => {
      await exclusive(async () => {
        try {
          setNotice({ kind: "restored", ...(await sendCommand("analyses.restore", { undoToken })) });
        } catch (error) {
          fail(error, "other");
        }
      });
    },
  };
}

/** "export.json is 63.2 MiB (66,270,822 bytes)." */
function fileSizeText(file: File): string {
  return i18n.t("libraryActions.fileSize", {
    file: file.name,
    size: mebibytes(file.size),
    bytes: formatNumber(file.size),
  });
}

/** Bytes as MiB with one decimal, e.g. "50.0 MiB". */
function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

function errorNotice(error: unknown, fallbackCode: string): ActionNotice {
  if (error instanceof CommandError) {
    const { code, message, details } = error.init;
    return { kind: "error", code, message, details: details ?? [] };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "error", code: fallbackCode, message, details: [] };
}
