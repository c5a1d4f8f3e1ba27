import { describe, expect, it } from "vitest";
import { checkResponseSchemaText, schemaIssues } from "../../lib/schema-check";

describe("checkResponseSchemaText", () => {
  it("accepts an empty text (no schema) and a valid object schema", () => {
    expect(checkResponseSchemaText("  ")).toEqual({ state: "empty" });
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        title: { type: "string", minLength: 1 },
        tags: { type: "array", items: { type: "string" } },
        score: { type: ["number", "null"], minimum: 0 },
        kind: { enum: ["a", "b"] },
        extra: true,
        ref: { $ref: "#/$defs/thing" },
      },
      required: ["title"],
      additionalProperties: false,
      $defs: { thing: { type: "object", patternProperties: { "^x-": { type: "string" } } } },
    };
    expect(checkResponseSchemaText(JSON.stringify(schema))).toEqual({ state: "ok", schema });
  });

  it("reports a syntax error with its line and column", () => {
    const result = checkResponseSchemaText('{\n  "type": "object",\n  "properties": {,}\n}');
    expect(result.state).toBe("syntax");
    expect(result.state === "syntax" && result.error).toMatchObject({ line: 3, column: 18 });
  });

  it("refuses a top level that is not an object schema", () => {
    expect(checkResponseSchemaText("[1]")).toEqual({ state: "problem", problem: "not_object" });
    expect(checkResponseSchemaText('{"type":"string"}')).toEqual({
      state: "problem",
      problem: "not_object_schema",
    });
  });

  it("finds malformed keywords with their paths", () => {
    const result = checkResponseSchemaText(
      JSON.stringify({
        type: "object",
        properties: {
          a: { type: "text" },
          b: "string",
          c: { type: "array", items: { type: "object", required: "x" } },
          d: { type: "string", pattern: "([" },
          e: { anyOf: [] },
          f: { $ref: "#/$defs/missing" },
          g: { type: "string", minLength: -1 },
        },
        required: ["a", "a"],
      }),
    );
    expect(result.state).toBe("invalid");
    expect(result.state === "invalid" && result.issues).toEqual([
      { path: "required", kind: "required_duplicate", detail: "a" },
      { path: "properties.a.type", kind: "type_unknown", detail: "text" },
      { path: "properties.b", kind: "schema_not_object" },
      { path: "properties.c.items.required", kind: "required_invalid" },
      { path: "properties.d.pattern", kind: "pattern_invalid", detail: "([" },
      { path: "properties.e.anyOf", kind: "schema_list_invalid" },
      { path: "properties.f.$ref", kind: "ref_unresolved", detail: "#/$defs/missing" },
      { path: "properties.g.minLength", kind: "not_non_negative_integer" },
    ]);
  });

  it("refuses an unsupported $schema and a properties value that is not an object", () => {
    expect(schemaIssues({ $schema: "http://json-schema.org/draft-04/schema#", properties: [] })).toEqual([
      { path: "$schema", kind: "unsupported_draft", detail: "http://json-schema.org/draft-04/schema#" },
      { path: "properties", kind: "map_not_object" },
    ]);
    expect(schemaIssues({ $schema: "http://json-schema.org/draft-07/schema#", type: "object" })).toEqual([]);
  });

  it("survives absurd nesting and malformed pointers", () => {
    expect(checkResponseSchemaText("[".repeat(100_000))).toEqual({ state: "too_deep" });
    expect(schemaIssues({ type: "object", properties: { a: { $ref: "#/%E0%A4%A" } } })).toEqual([
      { path: "properties.a.$ref", kind: "ref_unresolved", detail: "#/%E0%A4%A" },
    ]);
  });
});
