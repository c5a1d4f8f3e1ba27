import { describe, expect, it } from "vitest";
import { exportCsv, formatCell } from "../../lib/export/export-csv";
import { exportFile } from "../../lib/export/export-file";
import { readCsv } from "../helpers/read-csv";
import { cachedRow, partialRow } from "./helpers/cached-rows";

const FIXED =
  '"analysisId","createdAt","updatedAt","title","url","site","pageId","author","publishedDate","score","relevancePercent","textContent","jsonContent","partial"';

describe("CSV export", () => {
  it("has the fixed columns, then one sorted column per metadata key seen in any row", () => {
    const csv = exportCsv([
      cachedRow({ analysisId: "a", metadata: { zeta: 1, alpha: "x" } }),
      cachedRow({ analysisId: "b", metadata: { beta: true } }),
      cachedRow({ analysisId: "c", metadata: undefined }),
    ]);
    const [header, ...rows] = readCsv(csv);
    expect(header?.map((cell) => cell.value)).toEqual([
      ...FIXED.split(",").map((name) => JSON.parse(name)),
      "metadata.alpha",
      "metadata.beta",
      "metadata.zeta",
    ]);
    expect(csv.startsWith(`${FIXED},"metadata.alpha","metadata.beta","metadata.zeta"\r\n`)).toBe(true);
    expect(rows.map((row) => row.slice(-3).map((cell) => cell.value))).toEqual([
      ["x", "", "1"],
      ["", "true", ""],
      ["", "", ""],
    ]);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("writes one row per analysis with its fields", () => {
    const csv = exportCsv([cachedRow()]);
    expect(csv.split("\r\n")[1]).toBe(
      '"ana_1","2026-11-22T09:30:00.000Z","2026-11-22T10:00:00.000Z","A story","https://news.example.com/story","example.com","page-1","Ada","2026-11-20T08:00:00.000Z",0.75,75,"The story in short.","{""summary"":""short""}",false,"alpha"',
    );
  });

  it("quotes every string, doubles quotes, and keeps commas and newlines inside the field", () => {
    const text = 'He said "yes", then\r\nleft.\nThe end';
    const csv = exportCsv([cachedRow({ textContent: text, metadata: { note: "a,b" } })]);
    const rows = readCsv(csv);
    expect(rows).toHaveLength(2);
    const header = rows[0]?.map((cell) => cell.value) ?? [];
    const cells = rows[1] ?? [];
    expect(cells[header.indexOf("textContent")]).toEqual({ value: text, quoted: true });
    expect(cells[header.indexOf("metadata.note")]).toEqual({ value: "a,b", quoted: true });
    expect(csv).toContain('"He said ""yes"", then\r\nleft.\nThe end"');
  });

  it("keeps types apart: null, empty string, missing, booleans, numbers", () => {
    const csv = exportCsv([
      cachedRow({ metadata: { none: null, empty: "", yes: true, no: false, count: 0, text: "true" } }),
      cachedRow({ analysisId: "ana_2", metadata: {} }),
    ]);
    const [header, first, second] = readCsv(csv);
    const names = header?.map((cell) => cell.value) ?? [];
    const cellOf = (row: typeof first, key: string) => row?.[names.indexOf(`metadata.${key}`)];
    expect(cellOf(first, "none")).toEqual({ value: "null", quoted: false });
    expect(cellOf(first, "empty")).toEqual({ value: "", quoted: true });
    expect(cellOf(second, "empty")).toEqual({ value: "", quoted: false });
    expect(cellOf(first, "yes")).toEqual({ value: "true", quoted: false });
    expect(cellOf(first, "no")).toEqual({ value: "false", quoted: false });
    expect(cellOf(first, "count")).toEqual({ value: "0", quoted: false });
    expect(cellOf(first, "text")).toEqual({ value: "true", quoted: true });
  });

  it("guards against formula injection: strings starting with = + - @ (or tab, CR) get a leading quote", () => {
    for (const value of ['=HYPERLINK("https://evil")', "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(formatCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
    }
    expect(formatCell("a=b")).toBe('"a=b"');
    expect(formatCell(-5)).toBe("-5");
    const csv = exportCsv([cachedRow({ analysis: { title: "=cmd|' /C calc'!A0" }, metadata: { m: "@x" } })]);
    const [header, row] = readCsv(csv);
    const names = header?.map((cell) => cell.value) ?? [];
    expect(row?.[names.indexOf("title")]?.value).toBe("'=cmd|' /C calc'!A0");
    expect(row?.[names.indexOf("metadata.m")]?.value).toBe("'@x");
  });

  it("leaves fields a partial row does not have empty", () => {
    const csv = exportCsv([partialRow("p")]);
    expect(csv.split("\r\n")[1]).toBe('"p",,"2026-11-22T10:00:00.000Z",,,,,,,,,,,true');
  });

  it("as a file: a UTF-8 byte order mark for spreadsheets, text/csv, a dated name", () => {
    const file = exportFile("csv", [cachedRow()], { now: new Date(2026, 10, 23, 12).getTime() });
    expect(file).toMatchObject({ filename: "linklens-2026-11-23.csv", mimeType: "text/csv;charset=utf-8" });
    expect(file.text.startsWith(`\uFEFF${FIXED}`)).toBe(true);
  });
});
