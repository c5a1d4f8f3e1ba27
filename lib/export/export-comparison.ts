/**
 * A comparison's table as a file: CSV (RFC 4180 by export-csv.ts's cells, formulas made inert, an optional
 * byte order mark for Excel), a Markdown table, or JSON (the rows with their analysis ids). The columns are
 * the ones the table shows, in its order, with its rows in its order.
 */
import type { ComparisonRow } from "../compare/comparison-rows";
import { cellText } from "../compare/table-cells";
import { formatCell } from "./export-csv";
import { escapeInline } from "./export-markdown";

export interface ComparisonTable {
  /** The schema's columns shown, in order. */
  columns: readonly string[];
  rows: readonly ComparisonRow[];
}

const LEADING = ["title", "host"] as const;
const TRAILING = ["credits", "status"] as const;

function header(table: ComparisonTable): string[] {
  return [...LEADING, ...table.columns, ...TRAILING];
}

function rowCells(row: ComparisonRow, columns: readonly string[]): (string | number | undefined)[] {
  return [
    row.title,
    row.host,
    ...columns.map((column) => {
      const value = row.values[column];
      return typeof value === "number" ? value : value === undefined ? undefined : cellText(value);
    }),
    row.credits,
    row.status === "failed" && row.reason ? `failed: ${row.reason}` : row.status,
  ];
}

export function comparisonCsv(table: ComparisonTable, options: { bom?: boolean } = {}): string {
  const lines = [header(table), ...table.rows.map((row) => rowCells(row, table.columns))].map((cells) =>
    cells.map(formatCell).join(","),
  );
  // A byte order mark: Excel reads the file as UTF-8 only with it.
  return `${options.bom ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
}

export function comparisonMarkdown(table: ComparisonTable): string {
  const names = header(table);
  const line = (cells: readonly (string | number | undefined)[]) =>
    `| ${cells.map((cell) => escapeInline(cell === undefined ? "" : String(cell))).join(" | ")} |`;
  return [
    line(names),
    `|${names.map(() => " --- |").join("")}`,
    ...table.rows.map((row) => line(rowCells(row, table.columns))),
  ]
    .join("\n")
    .concat("\n");
}

export function comparisonJson(table: ComparisonTable): string {
  const rows = table.rows.map((row) => ({
    link: row.link,
    analysisId: row.analysisId ?? null,
    title: row.title,
    host: row.host,
    status: row.status,
    ...(row.reason !== undefined && { reason: row.reason }),
    ...(row.credits !== undefined && { credits: row.credits }),
    values: Object.fromEntries(table.columns.map((column) => [column, row.values[column] ?? null])),
  }));
  return `${JSON.stringify({ columns: table.columns, rows }, null, 2)}\n`;
}
