/**
 * The bench page (bundled by bench/compare-table.ts): the side panel's ComparisonTable with 500 rows, and a
 * plain HTML table of the same cells built with the DOM; each is rendered, then sorted by its number
 * column, and every step is timed to the layout that follows it.
 */
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { ComparisonTable } from "../../components/compare/comparison-table";
import type { ComparisonRow } from "../../lib/compare/comparison-rows";
import { cellText } from "../../lib/compare/table-cells";
import { orderRows, type TableSort } from "../../lib/compare/table-order";

const COLUMNS = ["price", "plan", "seats", "renewal", "features", "limits"];

function rowsOf(count: number): ComparisonRow[] {
  return Array.from({ length: count }, (_, i) => ({
    link: `https://vendor-${i}.example/pricing`,
    status: i % 50 === 7 ? "failed" : "done",
    analysisId: `ana_${i}`,
    title: `Vendor ${i}: pricing and plans for teams`,
    host: `vendor-${i}.example`,
    credits: 2,
    ...(i % 50 === 7 && { reason: "the page is empty" }),
    values:
      i % 50 === 7
        ? {}
        : {
            price: ((i * 7919) % 1000) / 10,
            plan: ["Basic", "Pro", "Team", "Enterprise"][i % 4],
            seats: (i * 31) % 200,
            renewal: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
            features: ["sso", "audit log", "api", "exports"].slice(0, (i % 4) + 1),
            limits: { requests: i * 10, storage: `${i % 9} GB` },
          },
  }));
}

function layout(): number {
  return document.body.offsetHeight;
}

function timed(step: () => void): number {
  const start = performance.now();
  step();
  layout();
  return performance.now() - start;
}

/** ComparisonTable rendered, then sorted by price (as a header click does: the rows ordered, rendered again). */
function reactRun(rows: ComparisonRow[], host: HTMLElement) {
  const root = createRoot(host);
  const render = (sort?: TableSort) =>
    flushSync(() =>
      root.render(
        <ComparisonTable
          columns={COLUMNS}
          rows={orderRows(rows, COLUMNS, "", sort)}
          sort={sort}
          onSort={() => undefined}
          onOpen={() => undefined}
          onRetry={() => undefined}
        />,
      ),
    );
  const renderMs = timed(() => render());
  const sortMs = timed(() => render({ column: "price", descending: false }));
  root.unmount();
  return { renderMs, sortMs };
}

/** The same cells as a plain table: built with the DOM, sorted by moving its rows (the least a table can do). */
function plainRun(rows: ComparisonRow[], host: HTMLElement) {
  let body: HTMLTableSectionElement | undefined;
  const renderMs = timed(() => {
    const table = document.createElement("table");
    const head = table.createTHead().insertRow();
    for (const name of ["title", "host", ...COLUMNS, "credits", "status"])
      head.insertCell().textContent = name;
    body = table.createTBody();
    for (const row of rows) {
      const line = body.insertRow();
      line.insertCell().textContent = row.title;
      line.insertCell().textContent = row.host;
      for (const column of COLUMNS) line.insertCell().textContent = cellText(row.values[column]);
      line.insertCell().textContent = String(row.credits ?? "");
      line.insertCell().textContent = row.status;
    }
    host.append(table);
  });
  const sortMs = timed(() => {
    const lines = [...(body as HTMLTableSectionElement).rows];
    const price = (line: HTMLTableRowElement) => Number.parseFloat(line.cells[2]?.textContent || "Infinity");
    lines.sort((a, b) => price(a) - price(b));
    (body as HTMLTableSectionElement).append(...lines);
  });
  host.replaceChildren();
  return { renderMs, sortMs };
}

declare global {
  interface Window {
    runBench: (count: number) => { react: ReturnType<typeof reactRun>; plain: ReturnType<typeof plainRun> };
  }
}

window.runBench = (count) => {
  const rows = rowsOf(count);
  const host = document.getElementById("host") as HTMLElement;
  const plain = plainRun(rows, host);
  const react = reactRun(rows, host);
  return { react, plain };
};
