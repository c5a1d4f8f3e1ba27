/**
 * A watched comparison's changed cells (issue 46): which columns of which pages its runs changed, and what
 * each cell held before. By default the last run's changes; with "changed since", every run's since then
 * (a cell changed twice shows the value it had at that time).
 */
import type { WatchRunRow } from "../db/schema";
import { splitPointer } from "../schema/json-pointer";

/** Link → column → the value before. */
export type ChangedCells = ReadonlyMap<string, ReadonlyMap<string, unknown>>;

/** The runs that changed something, newest first, as the "changed since" choices. */
export function changeTimes(runs: readonly WatchRunRow[]): number[] {
  return runs
    .filter((run) => run.changed > 0)
    .map((run) => run.startedAt)
    .sort((a, b) => b - a);
}

/**
 * The cells changed by the runs that started at `since` or later (without `since`: by the newest run that
 * finished). A field deep in a column's value marks the whole column's cell.
 */
export function changedCells(runs: readonly WatchRunRow[], since?: number): ChangedCells {
  const finished = runs.filter((run) => run.status === "done").sort((a, b) => a.startedAt - b.startedAt);
  const newest = finished[finished.length - 1];
  const chosen =
    since === undefined ? (newest ? [newest] : []) : finished.filter((run) => run.startedAt >= since);
  const cells = new Map<string, Map<string, unknown>>();
  for (const run of chosen) {
    for (const page of run.pages) {
      for (const field of page.fields) {
        const column = splitPointer(field.path)?.[0];
        if (column === undefined) continue;
        const columns = cells.get(page.link) ?? new Map<string, unknown>();
        // The oldest run's value is the one the cell had at `since`.
        if (!columns.has(column)) columns.set(column, beforeOfColumn(field.path, field.before));
        cells.set(page.link, columns);
      }
    }
  }
  return cells;
}

/** The column's value before, when the change is the whole column; a deeper change shows no old value. */
function beforeOfColumn(path: string, before: unknown): unknown {
  return splitPointer(path)?.length === 1 ? before : undefined;
}
