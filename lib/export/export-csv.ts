/**
 * The CSV export (RFC 4180: comma-separated, CRLF line ends, fields with quotes doubled): one row per
 * analysis, fixed columns first, then one `metadata.<key>` column per metadata key seen across the rows,
 * sorted.
 *
 * Types stay readable: a string is always quoted (`"true"`, `""`), a number or boolean never is (`12.5`,
 * `true`), `null` is the bare word `null`, and a value the analysis does not have is an empty, unquoted
 * field. So a reader that honours quoting can tell null from "" from missing.
 */
import type { CachedAnalysis } from "../db/schema";
import { relevancePercent } from "../format/relevance";

type Cell = string | number | boolean | null | undefined;

const FIXED_COLUMNS: [string, (row: CachedAnalysis) => Cell][] = [
  ["analysisId", (row) => row.analysisId],
  ["createdAt", (row) => row.createdAt],
  ["updatedAt", (row) => row.updatedAt],
  ["title", (row) => row.analysis?.title],
  ["url", (row) => row.analysis?.url],
  ["site", (row) => row.host || undefined],
  ["pageId", (row) => row.analysis?.id],
  ["author", (row) => row.analysis?.author],
  ["publishedDate", (row) => row.analysis?.publishedDate],
  ["score", (row) => row.analysis?.score],
  // The score on one scale, as the popup and the side panel show it ("Relevance 62%"): 62 for 0.62 and 62.
  ["relevancePercent", (row) => relevanceCell(row.analysis?.score)],
  ["textContent", (row) => row.textContent],
  ["jsonContent", (row) => (row.jsonContent === undefined ? undefined : JSON.stringify(row.jsonContent))],
  ["partial", (row) => row.partial === true],
];

function relevanceCell(score: number | undefined): number | undefined {
  const percent = score === undefined ? undefined : relevancePercent(score);
  return percent === undefined ? undefined : Math.round(percent * 100) / 100;
}

const METADATA_COLUMN_PREFIX = "metadata.";

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some strip
 * first) as a formula: such a string gets a leading apostrophe, which spreadsheets show as text
 * (CSV formula injection). Numbers are written as plain numerals, which no spreadsheet runs.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function exportCsv(rows: readonly CachedAnalysis[]): string {
  const metadataKeys = [...new Set(rows.flatMap((row) => Object.keys(row.metadata ?? {})))].sort();
  const header = [
    ...FIXED_COLUMNS.map(([name]) => name),
    ...metadataKeys.map((key) => METADATA_COLUMN_PREFIX + key),
  ];
  const lines = [header.map((name) => quoted(name)).join(",")];
  for (const row of rows) {
    const cells = [
      ...FIXED_COLUMNS.map(([, read]) => read(row)),
      ...metadataKeys.map((key) =>
        row.metadata && Object.hasOwn(row.metadata, key) ? row.metadata[key] : undefined,
      ),
    ];
    lines.push(cells.map(formatCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

export function formatCell(value: Cell): string {
  if (value === undefined) return "";
  if (value === null) return "null";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}
