import { i18n } from "#i18n";
import { MAX_IMPORT_FILE_BYTES } from "../../lib/export/import-json";

/** The headline of a failed library action, by its error code; the details are listed under it. */
export function actionErrorHeadline(code: string): string {
  switch (code) {
    case "not_json":
      return i18n.t("libraryActions.errors.notJson");
    case "invalid_import":
      return i18n.t("libraryActions.errors.invalidImport");
    case "file_too_large":
      return i18n.t("libraryActions.errors.fileTooLarge", {
        max: `${MAX_IMPORT_FILE_BYTES / (1024 * 1024)} MiB`,
      });
    case "read_failed":
      return i18n.t("libraryActions.errors.readFailed");
    case "export_failed":
      return i18n.t("libraryActions.errors.exportFailed");
    case "undo_expired":
      return i18n.t("libraryActions.errors.undoExpired");
    case "undo_unavailable":
      return i18n.t("libraryActions.errors.undoUnavailable");
    default:
      return i18n.t("libraryActions.errors.other");
  }
}
