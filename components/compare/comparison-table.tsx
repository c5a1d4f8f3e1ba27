import { type KeyboardEvent, useRef, useState } from "react";
import { i18n } from "#i18n";
import type { ComparisonRow } from "../../lib/compare/comparison-rows";
import { cellText } from "../../lib/compare/table-cells";
import type { TableSort } from "../../lib/compare/table-order";
import type { ChangedCells } from "../../lib/watch/changed-cells";
import { Button } from "../ui/button";

export interface ComparisonTableProps {
  columns: readonly string[];
  rows: readonly ComparisonRow[];
  sort?: TableSort;
  onSort: (column: string) => void;
  onOpen: (analysisId: string) => void;
  onRetry: (link: string) => void;
  /** A watch's changed cells (link → column → the value before), marked. */
  changed?: ChangedCells;
}

/** Arrow keys move the one focusable cell (a roving tab stop); the table is one stop in the tab order. */
const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The comparison as a table: title and host first (sticky when it scrolls sideways), one column per
 * schema property, then credits and status. Headers sort; arrow keys move between cells, Enter opens the
 * row's analysis; a failed row says why and offers Retry this page.
 */
export function ComparisonTable({
  columns,
  rows,
  sort,
  onSort,
  onOpen,
  onRetry,
  changed,
}: ComparisonTableProps) {
  const [active, setActive] = useState<[number, number]>([0, 0]);
  const tableRef = useRef<HTMLTableElement>(null);
  const names = ["title", "host", ...columns, "credits", "status"];
  const [activeRow, activeColumn] = [Math.min(active[0], rows.length), Math.min(active[1], names.length - 1)];

  const focusCell = (row: number, column: number) => {
    const next: [number, number] = [
      Math.max(0, Math.min(rows.length, row)),
      Math.max(0, Math.min(names.length - 1, column)),
    ];
    setActive(next);
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${next[0]}:${next[1]}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      focusCell(activeRow + move[0], activeColumn + move[1]);
      return;
    }
    if (event.key === "Enter" && event.target instanceof HTMLTableCellElement) {
      const row = activeRow > 0 ? rows[activeRow - 1] : undefined;
      if (row?.analysisId) {
        event.preventDefault();
        onOpen(row.analysisId);
      } else if (row?.status === "failed") {
        // A failed row has no analysis to open: Enter asks for the page again, as its button does.
        event.preventDefault();
        onRetry(row.link);
      }
    }
  };

  const cellProps = (row: number, column: number) => ({
    "data-cell": `${row}:${column}`,
    tabIndex: row === activeRow && column === activeColumn ? 0 : -1,
    onFocus: () => setActive([row, column]),
  });

  const headerLabel = (name: string, index: number) =>
    index < 2 || index >= names.length - 2 ? i18n.t(`compare.column.${name as "title"}`) : name;

  return (
    <div className="comparison-table__scroller">
      <table ref={tableRef} className="comparison-table" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {names.map((name, index) => {
              const sorted = sort?.column === name;
              return (
                <th
                  key={name}
                  scope="col"
                  className={
                    index < 2 ? `comparison-table__sticky comparison-table__sticky--${index}` : undefined
                  }
                  aria-sort={sorted ? (sort.descending ? "descending" : "ascending") : undefined}
                  {...cellProps(0, index)}
                >
                  <button
                    type="button"
                    tabIndex={-1}
                    className="comparison-table__sort"
                    onClick={() => onSort(name)}
                  >
                    {headerLabel(name, index)}
                    {sorted ? <span aria-hidden="true">{sort.descending ? " ▼" : " ▲"}</span> : null}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => {
            const at = rowIndex + 1;
            return (
              <tr key={row.link} data-status={row.status} data-link={row.link}>
                <th
                  scope="row"
                  className="comparison-table__sticky comparison-table__sticky--0"
                  {...cellProps(at, 0)}
                >
                  {row.analysisId ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      className="comparison-table__title"
                      onClick={() => onOpen(row.analysisId as string)}
                    >
                      {row.title}
                    </button>
                  ) : (
                    row.title
                  )}
                </th>
                <td className="comparison-table__sticky comparison-table__sticky--1" {...cellProps(at, 1)}>
                  {row.host}
                </td>
                {columns.map((column, index) => {
                  const text = cellText(row.values[column]);
                  const before = changed?.get(row.link);
                  const wasChanged = before?.has(column) ?? false;
                  const was = wasChanged ? cellText(before?.get(column)) : "";
                  return (
                    <td
                      key={column}
                      className={wasChanged ? "comparison-table__cell--changed" : undefined}
                      {...cellProps(at, index + 2)}
                    >
                      {/* A long value is cut to three lines; the whole text is its tooltip and its row's analysis. */}
                      <span
                        className="comparison-table__clamp"
                        title={was ? i18n.t("compare.was", { was }) : text}
                      >
                        {text}
                      </span>
                      {wasChanged ? (
                        <span className="comparison-table__was">
                          {was ? i18n.t("compare.was", { was }) : i18n.t("compare.changed")}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
                <td {...cellProps(at, names.length - 2)}>{row.credits ?? ""}</td>
                <td {...cellProps(at, names.length - 1)}>
                  {i18n.t(`compare.status.${row.status}`)}
                  {row.status === "failed" ? (
                    <>
                      {row.reason ? <span className="comparison-table__reason">: {row.reason}</span> : null}{" "}
                      <Button size="small" tabIndex={-1} onClick={() => onRetry(row.link)}>
                        {i18n.t("compare.retry")}
                      </Button>
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
