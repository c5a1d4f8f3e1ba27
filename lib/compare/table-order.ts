/** The rows a comparison's table shows: filtered by text over every shown cell, then sorted by one column. */
import type { ComparisonRow } from "./comparison-rows";
import { cellText, compareCells, isEmptyCell } from "./table-cells";

/** `title`, `host`, `credits`, `status`, or one of the schema's columns. */
export type SortColumn = string;
export interface TableSort {
  column: SortColumn;
  descending: boolean;
}

/** The value of a row in a column: the fixed ones first, else the schema's property. */
export function rowValue(row: ComparisonRow, column: SortColumn): unknown {
  if (column === "title") return row.title;
  if (column === "host") return row.host;
  if (column === "credits") return row.credits;
  if (column === "status") return row.reason ? `${row.status}: ${row.reason}` : row.status;
  return row.values[column];
}

export function orderRows(
  rows: readonly ComparisonRow[],
  columns: readonly string[],
  filter: string,
  sort?: TableSort,
): ComparisonRow[] {
  const needle = filter.trim().toLocaleLowerCase();
  const shown = ["title", "host", ...columns, "status"];
  const kept = needle
    ? rows.filter((row) =>
        shown.some((column) => cellText(rowValue(row, column)).toLocaleLowerCase().includes(needle)),
      )
    : [...rows];
  if (!sort) return kept;
  const sign = sort.descending ? -1 : 1;
  // Stable: rows that compare equal keep the comparison's link order. Empty cells stay last either way.
  return kept.sort((a, b) => {
    const left = rowValue(a, sort.column);
    const right = rowValue(b, sort.column);
    const emptyLeft = isEmptyCell(left);
    const emptyRight = isEmptyCell(right);
    if (emptyLeft || emptyRight) return Number(emptyLeft) - Number(emptyRight);
    return sign * compareCells(left, right);
  });
}
