import { describe, expect, it } from "vitest";
import { LIMITS } from "../../lib/api/contract";
import {
  canAddRow,
  checkMetadataRows,
  editRows,
  isMetadataRow,
  type MetadataRow,
  metadataFromRows,
  newMetadataRow,
  rowsFromMetadata,
  withValueType,
} from "../../lib/editing/metadata-rows";

let counter = 0;
function row(key: string, type: MetadataRow["type"], value: string): MetadataRow {
  return { id: `r${++counter}`, key, type, value };
}

describe("metadataFromRows", () => {
  it("turns typed rows into metadata", () => {
    const rows = [
      row("project", "string", "alpha"),
      row("priority", "number", " 2.5 "),
      row("reviewed", "boolean", "true"),
      row("owner", "null", ""),
      row(" spaced ", "string", ""),
    ];
    expect(metadataFromRows(rows)).toEqual({
      ok: true,
      metadata: { project: "alpha", priority: 2.5, reviewed: true, owner: null, spaced: "" },
    });
  });

  it("ignores blank rows, and gives no metadata when every row is blank", () => {
    expect(metadataFromRows([newMetadataRow("a"), newMetadataRow("b")])).toEqual({
      ok: true,
      metadata: undefined,
    });
    expect(metadataFromRows([newMetadataRow("a"), row("k", "string", "v")])).toEqual({
      ok: true,
      metadata: { k: "v" },
    });
  });

  it("keeps a string that looks like a number as a string", () => {
    expect(metadataFromRows([row("zip", "string", "01234")])).toEqual({
      ok: true,
      metadata: { zip: "01234" },
    });
  });
});

describe("checkMetadataRows", () => {
  it("ties each key problem to its row", () => {
    const empty = row("", "string", "value");
    const long = row("k".repeat(LIMITS.maxMetadataKeyLength + 1), "string", "v");
    const first = row("dup", "string", "1");
    const second = row(" dup", "number", "2");
    const okLongest = row("k".repeat(LIMITS.maxMetadataKeyLength), "boolean", "false");
    const check = checkMetadataRows([empty, long, first, second, okLongest]);
    expect(check.rows).toEqual({
      [empty.id]: { key: "key_empty" },
      [long.id]: { key: "key_too_long" },
      [second.id]: { key: "key_duplicate" },
    });
    expect(check.tooMany).toBe(false);
  });

  it("checks values by their type", () => {
    const longString = row("a", "string", "x".repeat(LIMITS.maxMetadataStringLength + 1));
    const maxString = row("b", "string", "x".repeat(LIMITS.maxMetadataStringLength));
    const notNumber = row("c", "number", "12abc");
    const emptyNumber = row("d", "number", "");
    const infinite = row("e", "number", "1e400");
    const negative = row("f", "number", "-0.5");
    const check = checkMetadataRows([longString, maxString, notNumber, emptyNumber, infinite, negative]);
    expect(check.rows).toEqual({
      [longString.id]: { value: "string_too_long" },
      [notNumber.id]: { value: "number_invalid" },
      [emptyNumber.id]: { value: "number_invalid" },
      [infinite.id]: { value: "number_invalid" },
    });
  });

  it("allows at most the contract's number of keys, not counting blank rows", () => {
    const rows = Array.from({ length: LIMITS.maxMetadataKeys }, (_, i) => row(`k${i}`, "null", ""));
    expect(checkMetadataRows([...rows, newMetadataRow()]).tooMany).toBe(false);
    const result = metadataFromRows([...rows, row("one-more", "string", "x")]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.check.tooMany).toBe(true);
  });
});

describe("row helpers", () => {
  it("changes a value's type keeping what still makes sense", () => {
    expect(withValueType(row("k", "string", "42"), "number").value).toBe("42");
    expect(withValueType(row("k", "string", "forty"), "number").value).toBe("");
    expect(withValueType(row("k", "string", "TRUE"), "boolean").value).toBe("true");
    expect(withValueType(row("k", "number", "3"), "boolean").value).toBe("false");
    expect(withValueType(row("k", "number", "3"), "string").value).toBe("3");
    expect(withValueType(row("k", "string", "x"), "null").value).toBe("");
  });

  it("round-trips metadata through rows", () => {
    const metadata = { a: "x", b: 1, c: false, d: null };
    let id = 0;
    const rows = rowsFromMetadata(metadata, () => `id${++id}`);
    expect(rows.map((r) => r.id)).toEqual(["id1", "id2", "id3", "id4"]);
    expect(metadataFromRows(rows)).toEqual({ ok: true, metadata });
  });

  it("recognizes stored rows", () => {
    expect(isMetadataRow({ id: "1", key: "k", type: "number", value: "1" })).toBe(true);
    expect(isMetadataRow({ id: "1", key: "k", type: "date", value: "1" })).toBe(false);
    expect(isMetadataRow({ id: 1, key: "k", type: "string", value: "" })).toBe(false);
    expect(isMetadataRow(null)).toBe(false);
  });
});

describe("editRows", () => {
  it("adds a blank text row with the given id, up to the contract's number of keys", () => {
    const one = editRows([], { kind: "add", id: "a" });
    expect(one).toEqual([{ id: "a", key: "", type: "string", value: "" }]);
    const full = Array.from({ length: LIMITS.maxMetadataKeys }, (_, i) => newMetadataRow(`r${i}`));
    expect(canAddRow(full.slice(1))).toBe(true);
    expect(canAddRow(full)).toBe(false);
    expect(editRows(full, { kind: "add", id: "one-more" })).toBe(full);
  });

  it("changes the key, the value and the type of one row, and removes one", () => {
    let rows = [row("a", "string", "1"), row("b", "string", "2")];
    const [first, second] = rows.map((r) => r.id) as [string, string];
    rows = editRows(rows, { kind: "key", id: first, key: "alpha" });
    rows = editRows(rows, { kind: "value", id: second, value: "42" });
    rows = editRows(rows, { kind: "type", id: second, type: "number" });
    expect(rows.map(({ key, type, value }) => ({ key, type, value }))).toEqual([
      { key: "alpha", type: "string", value: "1" },
      { key: "b", type: "number", value: "42" },
    ]);
    rows = editRows(rows, { kind: "type", id: first, type: "boolean" });
    expect(rows[0]).toMatchObject({ type: "boolean", value: "false" });
    expect(editRows(rows, { kind: "remove", id: first }).map((r) => r.id)).toEqual([second]);
    expect(editRows(rows, { kind: "value", id: "nobody", value: "x" })).toEqual(rows);
  });
});
