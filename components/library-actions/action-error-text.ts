import { i18n } from "#i18n";

/** The headline of a failed library action, by its error code; the details are listed under it. */
export function actionErrorHeadline(code: string): string {
  switch (code) {
    case "not_json":
      return i18n.t("libraryActions.errors.notJson");
    case "invalid_import":
      return i18n.t("libraryActions.errors.invalidImport");
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
