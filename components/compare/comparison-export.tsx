import { useState } from "react";
import { i18n } from "#i18n";
import type { ComparisonRow } from "../../lib/compare/comparison-rows";
import { downloadFile } from "../../lib/export/download";
import { comparisonCsv, comparisonJson, comparisonMarkdown } from "../../lib/export/export-comparison";
import { exportFilename } from "../../lib/export/export-file";
import { Button } from "../ui/button";

export interface ComparisonExportProps {
  columns: readonly string[];
  rows: readonly ComparisonRow[];
}

/** Saves the table as shown (its columns, filter and order) as CSV, Markdown or JSON. */
export function ComparisonExport({ columns, rows }: ComparisonExportProps) {
  const [bom, setBom] = useState(false);
  const table = { columns, rows };
  const save = (extension: string, mimeType: string, text: string) =>
    downloadFile({ filename: exportFilename(extension), mimeType: `${mimeType};charset=utf-8`, text });
  return (
    <details className="comparison__export">
      <summary>{i18n.t("compare.export")}</summary>
      <div className="comparison__export-panel">
        <Button size="small" onClick={() => save("csv", "text/csv", comparisonCsv(table, { bom }))}>
          {i18n.t("compare.exportCsv")}
        </Button>
        <label>
          <input type="checkbox" checked={bom} onChange={(event) => setBom(event.currentTarget.checked)} />{" "}
          {i18n.t("compare.excelBom")}
        </label>
        <Button size="small" onClick={() => save("md", "text/markdown", comparisonMarkdown(table))}>
          {i18n.t("compare.exportMarkdown")}
        </Button>
        <Button size="small" onClick={() => save("json", "application/json", comparisonJson(table))}>
          {i18n.t("compare.exportJson")}
        </Button>
      </div>
    </details>
  );
}
