import { type Dispatch, type SetStateAction, useMemo, useState } from "react";
import { i18n } from "#i18n";
import type { ExportFormat } from "../../lib/export/export-file";
import { parseImportText } from "../../lib/export/import-json";
import { CommandError, type DeleteResult, sendCommand } from "../../lib/messaging";
import type { ActionNotice } from "./action-notice-state";
import { exportAnalyses } from "./export-analyses";

/** How long Undo is offered after a delete: the worker keeps the deleted rows this long (UNDO_TTL_MS). */
export const UNDO_WINDOW_MS = 10 * 60_000;

export interface LibraryActionRunners {
  /** Exports the given analyses, or all of them (with usage) without ids. */
  exportAnalyses: (format: ExportFormat, analysisIds?: readonly string[]) => Promise<void>;
  /** Reads a JSON export in the page, checks it, and merges it into the cache through the worker. */
  importFile: (file: File) => Promise<void>;
  /** Deletes from the local cache; answers what the worker did, or null when it failed or did not run. */
  deleteAnalyses: (analysisIds: readonly string[]) => Promise<DeleteResult | null>;
  undoDelete: (undoToken: string) => Promise<void>;
  dismiss: () => void;
}

export interface LibraryActions extends LibraryActionRunners {
  notice: ActionNotice | null;
}

/** The side panel's export, import, delete and undo, and the one notice saying how the last one went. */
export function useLibraryActions(): LibraryActions {
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const runners = useMemo(() => createRunners(setNotice), []);
  return useMemo(() => ({ ...runners, notice }), [runners, notice]);
}

function createRunners(setNotice: Dispatch<SetStateAction<ActionNotice | null>>): LibraryActionRunners {
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

    deleteAnalyses: (analysisIds) =>
      exclusive(async () => {
        try {
          const result = await sendCommand("analyses.delete", { analysisIds: [...analysisIds] });
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

function errorNotice(error: unknown, fallbackCode: string): ActionNotice {
  if (error instanceof CommandError) {
    const { code, message, details } = error.init;
    return { kind: "error", code, message, details: details ?? [] };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "error", code: fallbackCode, message, details: [] };
}
