import { useId, useState } from "react";
import { i18n } from "#i18n";
import { EXPORT_FORMATS, type ExportFormat } from "../../lib/export/export-file";
import { Button } from "../ui/button";

export interface ExportControlProps {
  /** The button's text, which says what is exported ("Export 3 selected", "Export all"). */
  label: string;
  disabled?: boolean;
  onExport: (format: ExportFormat) => void;
}

const FORMAT_NAMES: Record<ExportFormat, () => string> = {
  json: () => i18n.t("libraryActions.format.json"),
  markdown: () => i18n.t("libraryActions.format.markdown"),
  csv: () => i18n.t("libraryActions.format.csv"),
};

/** A format picker and the button that exports in it. */
export function ExportControl({ label, disabled, onExport }: ExportControlProps) {
  const [format, setFormat] = useState<ExportFormat>("json");
  const selectId = useId();
  return (
    <span className="export-control">
      <label htmlFor={selectId} className="ll-visually-hidden">
        {i18n.t("libraryActions.format.label")}
      </label>
      <select
        id={selectId}
        className="ll-input export-control__format"
        value={format}
        onChange={(event) => setFormat(event.currentTarget.value as ExportFormat)}
      >
        {EXPORT_FORMATS.map((name) => (
          <option key={name} value={name}>
            {FORMAT_NAMES[name]()}
          </option>
        ))}
      </select>
      <Button size="small" disabled={disabled} onClick={() => onExport(format)}>
        {label}
      </Button>
    </span>
  );
}
