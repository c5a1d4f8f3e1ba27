/** A comparison's pieces that are plain logic: the pasted links, the cells, the order, the cost, the exports. */
import { describe, expect, it } from "vitest";
import type { ComparisonRow } from "../../lib/compare/comparison-rows";
import { comparisonRows } from "../../lib/compare/comparison-rows";
import { estimateCredits } from "../../lib/compare/cost-estimate";
import { MAX_COMPARE_LINKS, parseLinkList } from "../../lib/compare/link-list";
import { cellText, compareCells, schemaColumns } from "../../lib/compare/table-cells";
import { orderRows } from "../../lib/compare/table-order";
import { comparisonCsv, comparisonJson, comparisonMarkdown } from "../../lib/export/export-comparison";
import { readCsv } from "../helpers/read-csv";
import { cachedRow } from "./helpers/cached-rows";
import { jobRow } from "./helpers/job-rows";

describe("the pasted links", () => {
  it("takes one URL a line or links in prose, merges duplicates and names the lines left out", () => {
    const list = parseLinkList(
      [
        "https://a.example/pricing",
        "  https://A.example/pricing#plans  ",
        "See https://b.example/x, and (https://c.example/y).",
        "http://plain.example/",
        "ftp://files.example/z",
        "",
        "not a link",
      ].join("\n"),
    );
    expect(list.links).toEqual(["https://a.example/pricing", "https://b.example/x", "https://c.example/y"]);
    expect(list.duplicates).toBe(1);
    expect(list.leftOut).toEqual(["http://plain.example/", "ftp://files.example/z", "not a link"]);
    expect(list.overLimit).toBe(0);
  });

  it("keeps at most 500 pages and says how many more were left out", () => {
    const text = Array.from({ length: 503 }, (_, i) => `https://pages.example/${i}`).join("\n");
    const list = parseLinkList(text);
    expect(list.links).toHaveLength(MAX_COMPARE_LINKS);
    expect(list.overLimit).toBe(3);
  });
});

describe("cells", () => {
  it("has one column per top-level property, nested values as compact JSON, arrays joined", () => {
    expect(schemaColumns({ type: "object", properties: { price: {}, plan: {}, tags: {} } })).toEqual([
      "price",
      "plan",
      "tags",
    ]);
    expect(schemaColumns({ type: "object" })).toEqual([]);
    expect(cellText(["a", 2, { b: 1 }])).toEqual('a, 2, {"b":1}');
    expect(cellText({ nested: { x: [1, 2] } })).toBe('{"nested":{"x":[1,2]}}');
    expect(cellText(12.5)).toBe("12.5");
    expect(cellText(undefined)).toBe("");
  });

  it("sorts numbers as numbers and dates as dates, text after them", () => {
    expect([10, 9, 100].sort(compareCells)).toEqual([9, 10, 100]);
    expect(["2026-03-01", "2025-12-31", "2026-01-15T10:00:00Z"].sort(compareCells)).toEqual([
      "2025-12-31",
      "2026-01-15T10:00:00Z",
      "2026-03-01",
    ]);
    expect(["item 10", "item 9"].sort(compareCells)).toEqual(["item 9", "item 10"]);
  });
});

const row = (link: string, values: Record<string, unknown>, fields: Partial<ComparisonRow> = {}) =>
  ({ link, status: "done", title: link, host: "x.example", values, ...fields }) as ComparisonRow;

describe("the table's order", () => {
  const rows = [
    row("https://x.example/a", { price: 30, plan: "Pro" }),
    row("https://x.example/b", { price: 4, plan: "Basic" }),
    row("https://x.example/c", {}, { status: "failed", reason: "empty page" }),
    row("https://x.example/d", { price: 100, plan: "Team" }),
  ];

  it("sorts by a column either way with empty cells last, and filters by any shown cell", () => {
    const links = (list: ComparisonRow[]) => list.map((each) => each.link.slice(-1));
    expect(links(orderRows(rows, ["price"], "", { column: "price", descending: false }))).toEqual([
      "b",
      "a",
      "d",
      "c",
    ]);
    expect(links(orderRows(rows, ["price"], "", { column: "price", descending: true }))).toEqual([
      "d",
      "a",
      "b",
      "c",
    ]);
    expect(links(orderRows(rows, ["plan"], "basic"))).toEqual(["b"]);
    expect(links(orderRows(rows, ["plan"], "empty page"))).toEqual(["c"]);
    // A hidden column is not searched.
    expect(links(orderRows(rows, [], "basic"))).toEqual([]);
  });
});

describe("rows from the job", () => {
  it("matches each answered link to its analysis or failure, and a retry's answer replaces the row", () => {
    const links = [
      "https://x.example/1",
      "https://x.example/2",
      "https://x.example/3",
      "https://x.example/4",
    ];
    const job = jobRow("job_c", "running", {
      request: { links, prompt: "Compare" },
      comparison: {},
      chunks: [links.slice(0, 2), links.slice(2, 4)],
      chunksDone: 1,
      analysisIds: ["ana_2"],
      failures: [{ link: links[0] as string, code: "empty_page", message: "the page is empty" }],
    });
    const records = new Map([
      [
        "ana_2",
        cachedRow({
          analysisId: "ana_2",
          jsonContent: { price: 4 },
          analysis: { url: links[1], title: "Two" },
        }),
      ],
      [
        "ana_9",
        cachedRow({
          analysisId: "ana_9",
          jsonContent: { price: 7 },
          analysis: { url: links[0], title: "One" },
        }),
      ],
    ]);
    const before = comparisonRows(job, [], records);
    expect(before.map((each) => [each.status, each.analysisId, each.reason])).toEqual([
      ["failed", undefined, "the page is empty"],
      ["done", "ana_2", undefined],
      ["waiting", undefined, undefined],
      ["waiting", undefined, undefined],
    ]);
    expect(before[1]).toMatchObject({ title: "Two", values: { price: 4 } });

    const retry = jobRow("job_r", "done", {
      request: { links: [links[0] as string], prompt: "Compare" },
      retryOf: { jobId: "job_c", link: links[0] as string },
      chunks: [[links[0] as string]],
      chunksDone: 1,
      analysisIds: ["ana_9"],
    });
    const after = comparisonRows(job, [retry], records);
    expect(after[0]).toMatchObject({
      status: "done",
      analysisId: "ana_9",
      title: "One",
      values: { price: 7 },
    });
  });

  it("a job that failed as a whole fails its unanswered rows with its reason", () => {
    const job = jobRow("job_f", "failed", {
      comparison: {},
      error: { status: 0, code: "x", message: "no key" },
    });
    expect(comparisonRows(job, [], new Map())[0]).toMatchObject({ status: "failed", reason: "no key" });
  });
});

describe("the cost before sending", () => {
  it("is 1 a link, 2 with a schema, until the service's answers say otherwise", () => {
    expect(estimateCredits(30, [], false)).toBe(30);
    expect(estimateCredits(30, [], true)).toBe(60);
    const earlier = jobRow("job_e", "done", {
      request: {
        links: [],
        prompt: "p",
        responseFormat: { type: "json_schema", json_schema: { schema: {} } },
      },
      analysisIds: ["a", "b", "c", "d"],
      costCredits: 12,
    });
    expect(estimateCredits(30, [earlier], true)).toBe(90);
    expect(estimateCredits(30, [earlier], false)).toBe(30);
  });
});

describe("exports", () => {
  const table = {
    columns: ["price", "plan", "tags"],
    rows: [
      row(
        "https://x.example/a",
        { price: 30, plan: '=HYPERLINK("x")', tags: ["a", "b"] },
        { credits: 2, analysisId: "ana_a" },
      ),
      row(
        "https://x.example/b",
        { price: -4, plan: 'Basic, "cheap"\nline two' },
        { title: "@home", analysisId: "ana_b" },
      ),
      row("https://x.example/c", {}, { status: "failed", reason: "the page is empty" }),
    ],
  };

  it("CSV reads back into the same cells, formulas made inert, with a BOM only when asked", () => {
    const csv = comparisonCsv(table);
    expect(csv.startsWith("\uFEFF")).toBe(false);
    expect(comparisonCsv(table, { bom: true }).startsWith("\uFEFF")).toBe(true);
    const cells = readCsv(csv).map((line) => line.map((cell) => cell.value));
    expect(cells).toEqual([
      ["title", "host", "price", "plan", "tags", "credits", "status"],
      ["https://x.example/a", "x.example", "30", `'=HYPERLINK("x")`, "a, b", "2", "done"],
      ["'@home", "x.example", "-4", 'Basic, "cheap"\nline two', "", "", "done"],
      ["https://x.example/c", "x.example", "", "", "", "", "failed: the page is empty"],
    ]);
  });

  it("Markdown is one table with pipes escaped; JSON holds the rows with their analysis ids", () => {
    const markdown = comparisonMarkdown({
      columns: ["plan"],
      rows: [row("https://x.example/a", { plan: "a|b" })],
    });
    expect(markdown.split("\n").slice(0, 3)).toEqual([
      "| title | host | plan | credits | status |",
      "| --- | --- | --- | --- | --- |",
      "| https://x.example/a | x.example | a\\|b |  | done |",
    ]);
    const json = JSON.parse(comparisonJson(table));
    expect(json.columns).toEqual(["price", "plan", "tags"]);
    expect(json.rows.map((each: { analysisId: string | null }) => each.analysisId)).toEqual([
      "ana_a",
      "ana_b",
      null,
    ]);
    expect(json.rows[0].values).toEqual({ price: 30, plan: '=HYPERLINK("x")', tags: ["a", "b"] });
  });
});
