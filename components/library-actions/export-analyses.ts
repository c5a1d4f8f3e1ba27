import { db } from "../../lib/db/database";
import { downloadFile } from "../../lib/export/download";
import { type ExportFormat, exportFile } from "../../lib/export/export-file";
import { readExportData } from "../../lib/export/export-rows";

/** Reads the analyses (the given ones, or all with usage) from the cache and saves them as a file. */
export async function exportAnalyses(
  format: ExportFormat,
  analysisIds?: readonly string[],
): Promise<{ count: number; filename: string }> {
  const data = await readExportData(db, analysisIds);
  const file = exportFile(format, data.rows, { usage: data.usage, watches: data.watches });
  downloadFile(file);
  return { count: data.rows.length, filename: file.filename };
}
