import { i18n } from "#i18n";
import type { PopupDraft } from "../../lib/analyze/popup-draft";

/** The folded options in one line: the temperature, and the JSON schema and metadata when set. */
export function advancedSummary(
  draft: Pick<PopupDraft, "temperature" | "structured" | "metadataRows">,
): string {
  const parts = [i18n.t("popup.options.temperature", { value: draft.temperature.trim() || "–" })];
  if (draft.structured) parts.push(i18n.t("popup.options.schema"));
  const rows = draft.metadataRows.length;
  if (rows === 1) parts.push(i18n.t("popup.options.metadataOne"));
  else if (rows > 1) parts.push(i18n.t("popup.options.metadataMany", { count: rows }));
  return parts.join(" · ");
}
