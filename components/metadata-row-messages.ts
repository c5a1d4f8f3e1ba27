/** What the typed key = value rows say (the one row editor, for metadata and for the related list's filters). */
import { i18n } from "#i18n";
import { LIMITS } from "../lib/api/limits";
import type {
  MetadataKeyProblem,
  MetadataValueProblem,
  MetadataValueType,
} from "../lib/editing/metadata-rows";
import { formatNumber } from "../lib/format/format-number";

export function metadataTypeLabel(type: MetadataValueType): string {
  if (type === "string") return i18n.t("metadataEditor.typeString");
  if (type === "number") return i18n.t("metadataEditor.typeNumber");
  if (type === "boolean") return i18n.t("metadataEditor.typeBoolean");
  return i18n.t("metadataEditor.typeNull");
}

export function metadataKeyProblemText(problem: MetadataKeyProblem): string {
  if (problem === "key_empty") return i18n.t("metadataEditor.keyEmpty");
  if (problem === "key_too_long")
    return i18n.t("metadataEditor.keyTooLong", { max: LIMITS.maxMetadataKeyLength });
  return i18n.t("metadataEditor.keyDuplicate");
}

export function metadataValueProblemText(problem: MetadataValueProblem): string {
  return problem === "string_too_long"
    ? i18n.t("metadataEditor.stringTooLong", { max: formatNumber(LIMITS.maxMetadataStringLength) })
    : i18n.t("metadataEditor.numberInvalid");
}
