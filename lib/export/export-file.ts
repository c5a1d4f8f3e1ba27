/** One export as a file: its name, type and text, for any of the three formats. */
import type { CachedAnalysis, UsageRow, WatchRow } from "../db/schema";
import { exportCsv } from "./export-csv";
import { exportJson } from "./export-json";
import { exportMarkdown } from "./export-markdown";

export const EXPORT_FORMATS = ["json", "markdown", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFile {
  filename: string;
  mimeType: string;
  text: string;
}

const FILE_TYPES: Record<ExportFormat, { extension: string; mimeType: string }> = {
  json: { extension: "json", mimeType: "application/json" },
  markdown: { extension: "md", mimeType: "text/markdown" },
  csv: { extension: "csv", mimeType: "text/csv" },
};

export interface ExportFileOptions {
  /** Usage rows and watches to include (JSON only). */
  usage?: readonly UsageRow[];
  watches?: readonly WatchRow[];
  /** Epoch ms of the export; default now. */
  now?: number;
}

export function exportFile(
  format: ExportFormat,
  rows: readonly CachedAnalysis[],
  options: ExportFileOptions = {},
): ExportFile {
  const now = options.now ?? Date.now();
  const { extension, mimeType } = FILE_TYPES[format];
  const text =
    format === "json"
      ? exportJson(rows, { usage: options.usage, watches: options.watches, now })
      : format === "markdown"
        ? exportMarkdown(rows, { now })
        : // A byte order mark: spreadsheet programs read the file as UTF-8 only with it.
          `\uFEFF${exportCsv(rows)}`;
  return { filename: exportFilename(extension, now), mimeType: `${mimeType};charset=utf-8`, text };
}

/** `linklens-2026-11-23.json`, dated in the user's time zone. */
export function exportFilename(extension: string, now: number = Date.now()): string {
  const date = new Date(now);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `linklens-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.${extension}`;
}
