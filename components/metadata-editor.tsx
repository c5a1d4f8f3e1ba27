import { useMemo } from "react";
import { i18n } from "#i18n";
import { LIMITS } from "../lib/api/limits";
import { checkMetadataRows, type MetadataRow } from "../lib/editing/metadata-rows";
import { type RowLabels, RowsEditor } from "./rows-editor";

export interface MetadataEditorProps {
  /** Prefix of the controls' ids (unique in the page). */
  id: string;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
}

function metadataLabels(): RowLabels {
  return {
    legend: i18n.t("metadataEditor.legend"),
    hint: i18n.t("metadataEditor.hint", { max: LIMITS.maxMetadataKeys }),
    add: i18n.t("metadataEditor.add"),
    tooMany: i18n.t("metadataEditor.tooMany", { max: LIMITS.maxMetadataKeys }),
    key: (n) => i18n.t("metadataEditor.key", { n }),
    type: (n) => i18n.t("metadataEditor.type", { n }),
    value: (n) => i18n.t("metadataEditor.value", { n }),
    remove: (n) => i18n.t("metadataEditor.removeLabel", { n }),
  };
}

/** Metadata rows, checked by the contract's rules as they are typed (the popup, the side panel's edit). */
export function MetadataEditor({ id, rows, onChange }: MetadataEditorProps) {
  const check = useMemo(() => checkMetadataRows(rows), [rows]);
  return <RowsEditor id={id} labels={metadataLabels()} rows={rows} onChange={onChange} check={check} />;
}
