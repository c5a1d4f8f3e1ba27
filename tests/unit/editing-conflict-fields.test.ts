import { describe, expect, it } from "vitest";
import { differingFields, fieldText } from "../../lib/editing/conflict-fields";

describe("differingFields", () => {
  it("lists only the fields that differ, text then JSON then metadata", () => {
    const mine = { textContent: "Mine", jsonContent: { a: 1, b: [1, 2] }, metadata: { k: "v" } };
    const theirs = { textContent: "Theirs", jsonContent: { b: [1, 2], a: 1 }, metadata: { k: "w", n: 2 } };
    expect(differingFields(mine, theirs)).toEqual([
      { field: "textContent", mine: "Mine", theirs: "Theirs" },
      { field: "metadata", mine: 'k: "v"', theirs: 'k: "w"\nn: 2' },
    ]);
  });

  it("shows JSON pretty-printed with its keys in a stable order on both sides", () => {
    const [difference] = differingFields(
      { jsonContent: { z: 1, a: { y: true, b: null } } },
      { jsonContent: { a: 1 } },
    );
    expect(difference).toEqual({
      field: "jsonContent",
      mine: '{\n  "a": {\n    "b": null,\n    "y": true\n  },\n  "z": 1\n}',
      theirs: '{\n  "a": 1\n}',
    });
  });

  it("a field present on one side only shows as absent on the other", () => {
    expect(differingFields({ textContent: "Added" }, {})).toEqual([
      { field: "textContent", mine: "Added", theirs: undefined },
    ]);
  });

  it("equal versions have no differences", () => {
    const values = { textContent: "Same", jsonContent: { a: [1] }, metadata: { k: null } };
    expect(differingFields(values, structuredClone(values))).toEqual([]);
  });
});

describe("fieldText", () => {
  it("keeps text as it is and quotes metadata strings so types stay visible", () => {
    expect(fieldText("textContent", "  # Title\n")).toBe("  # Title\n");
    expect(fieldText("metadata", { b: "1", a: 1, c: false })).toBe('a: 1\nb: "1"\nc: false');
    expect(fieldText("metadata", undefined)).toBeUndefined();
  });
});
