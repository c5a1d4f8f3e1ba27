/** A table on the console: rows of cells, each column as wide as its widest cell. */
export function printTable(rows: string[][]): void {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("   "));
}
