import { describe, expect, it } from "vitest";
import { lineAndColumn, parseJsonText } from "../../lib/json/json-text";

describe("parseJsonText", () => {
  it("parses valid JSON", () => {
    expect(parseJsonText('{"a": [1, true, null, "x"]}')).toEqual({
      ok: true,
      value: { a: [1, true, null, "x"] },
    });
  });

  it.each([
    ['{\n  "a": 1\n  "b": 2\n}', "expected_comma_or_brace", 3, 3],
    ['{\n  "a" 1\n}', "expected_colon", 2, 7],
    ["{\n  a: 1\n}", "expected_property_name", 2, 3],
    ['{"a": [1, 2}', "expected_comma_or_bracket", 1, 12],
    ['{"a": }', "expected_value", 1, 7],
    ['{"a": 1', "unexpected_end", 1, 8],
    ["", "unexpected_end", 1, 1],
    ['{"a": 1} x', "expected_end", 1, 10],
    ['{"a": "b\\q"}', "bad_string", 1, 10],
    ['{"a": -}', "bad_number", 1, 7],
    ['{"a": tru}', "expected_value", 1, 7],
    ["{'a': 1}", "expected_property_name", 1, 2],
  ] as const)("locates the error in %j", (text, reason, line, column) => {
    const result = parseJsonText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ reason, line, column });
  });

  it("counts lines and columns from 1", () => {
    expect(lineAndColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab", 0)).toEqual({ line: 1, column: 1 });
  });
});
