/**
 * The one check of a typed response schema (the popup and the options page): what it says, and that it
 * agrees with the service, which compiles the same schema with ajv after checking the contract's bounds.
 */
import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_BYTES } from "../../lib/schema/schema-bounds";
import { checkSchemaText, schemaIssues } from "../../lib/schema/schema-check";
import { compileResponseSchema, InvalidSchemaError } from "../../server/schema/json-schema";

/** A schema nested exactly `levels` deep (the schema itself is level 1). */
function nestedSchema(levels: number): Record<string, unknown> {
  let inner: Record<string, unknown> = {};
  for (let level = 3; level < levels; level++) inner = { not: inner };
  return { type: "object", properties: { a: inner } };
}

/** A schema whose JSON takes exactly `bytes` bytes. */
function schemaOfSize(bytes: number): Record<string, unknown> {
  const base = JSON.stringify({ type: "object", description: "" }).length;
  return { type: "object", description: "x".repeat(bytes - base) };
}

describe("checkSchemaText", () => {
  it("accepts an empty text (no schema) and a valid object schema", () => {
    expect(checkSchemaText("  ")).toEqual({ state: "empty" });
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
        code: { type: "string", pattern: "^[A-Z]{3}(-\\d+)?$" },
      },
      required: ["title"],
      additionalProperties: false,
      $defs: { thing: { type: "object", patternProperties: { "^x-": { type: "string" } } } },
    };
    expect(checkSchemaText(JSON.stringify(schema))).toEqual({ state: "ok", schema });
  });

  it("reports a syntax error with its line and column", () => {
    const result = checkSchemaText('{\n  "type": "object",\n  "properties": {,}\n}');
    expect(result.state).toBe("syntax");
    expect(result.state === "syntax" && result.error).toMatchObject({ line: 3, column: 18 });
  });

  it("refuses a top level that is not an object schema", () => {
    expect(checkSchemaText("[1]")).toEqual({ state: "problem", problem: "not_object" });
    expect(checkSchemaText('{"type":"string"}')).toEqual({ state: "problem", problem: "not_object_schema" });
  });

  it("refuses a schema over 64 KiB as sent (compact JSON), whatever its spacing as typed", () => {
    expect(checkSchemaText(JSON.stringify(schemaOfSize(MAX_SCHEMA_BYTES), null, 8)).state).toBe("ok");
    expect(checkSchemaText(JSON.stringify(schemaOfSize(MAX_SCHEMA_BYTES + 1)))).toEqual({
      state: "too_large",
      bytes: MAX_SCHEMA_BYTES + 1,
    });
    // Bytes, not characters: "é" takes two.
    const accented = { type: "object", description: "é".repeat(MAX_SCHEMA_BYTES / 2) };
    expect(checkSchemaText(JSON.stringify(accented)).state).toBe("too_large");
  });

  it("refuses a schema nested deeper than 32 levels, naming where", () => {
    expect(checkSchemaText(JSON.stringify(nestedSchema(32))).state).toBe("ok");
    const result = checkSchemaText(JSON.stringify(nestedSchema(33)));
    expect(result).toEqual({ state: "too_deep", path: `properties.a${".not".repeat(30)}` });
    expect(checkSchemaText("[".repeat(100_000))).toEqual({ state: "too_deep", path: "" });
  });

  it("finds malformed keywords with their paths", () => {
    const result = checkSchemaText(
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
          h: { type: "array", items: [{ type: "string" }] },
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
      { path: "properties.h.items", kind: "items_list" },
    ]);
  });

  it("refuses patterns the service's linear-time engine cannot run", () => {
    const result = checkSchemaText(
      JSON.stringify({
        type: "object",
        properties: { a: { type: "string", pattern: "^(?!admin)\\w+$" }, b: { pattern: "(a)\\1" } },
        patternProperties: { "(?<=x)y": {} },
      }),
    );
    expect(result.state === "invalid" && result.issues).toEqual([
      { path: "properties.a.pattern", kind: "pattern_lookaround", detail: "^(?!admin)\\w+$" },
      { path: "properties.b.pattern", kind: "pattern_backreference", detail: "(a)\\1" },
      { path: "patternProperties.(?<=x)y", kind: "pattern_lookaround", detail: "(?<=x)y" },
    ]);
  });

  it("refuses an unsupported $schema and a properties value that is not an object", () => {
    expect(schemaIssues({ $schema: "http://json-schema.org/draft-04/schema#", properties: [] })).toEqual([
      { path: "$schema", kind: "unsupported_draft", detail: "http://json-schema.org/draft-04/schema#" },
      { path: "properties", kind: "map_not_object" },
    ]);
    expect(schemaIssues({ $schema: "http://json-schema.org/draft-07/schema#", type: "object" })).toEqual([]);
    expect(
      schemaIssues({ $schema: "http://json-schema.org/draft-07/schema#", type: "object", items: [{}] }),
    ).toEqual([]);
  });

  it("survives malformed pointers", () => {
    expect(schemaIssues({ type: "object", properties: { a: { $ref: "#/%E0%A4%A" } } })).toEqual([
      { path: "properties.a.$ref", kind: "ref_unresolved", detail: "#/%E0%A4%A" },
    ]);
  });
});

/**
 * For every schema here the page's check and the service must agree: a schema the options page saves or
 * the popup sends is one the service takes. (A schema whose smallest valid value cannot fit 256 KiB is
 * refused by the service only: the page does not measure that.)
 */
const agreement: [string, unknown][] = [
  ["an object schema", { type: "object", properties: { a: { type: "string" } }, required: ["a"] }],
  [
    "a draft-07 schema with tuple items",
    { $schema: "http://json-schema.org/draft-07/schema#", type: "object", items: [{ type: "string" }] },
  ],
  ["tuple items in 2020-12", { type: "object", properties: { a: { items: [{ type: "string" }] } } }],
  ["an unknown type", { type: "object", properties: { a: { type: "text" } } }],
  ["required as a string", { type: "object", required: "a" }],
  ["a required name twice", { type: "object", required: ["a", "a"] }],
  ["a negative minLength", { type: "object", properties: { a: { minLength: -1 } } }],
  ["multipleOf 0", { type: "object", properties: { a: { multipleOf: 0 } } }],
  ["an empty anyOf", { type: "object", anyOf: [] }],
  ["a pattern that is not a regular expression", { type: "object", properties: { a: { pattern: "([" } } }],
  ["a lookahead", { type: "object", properties: { a: { pattern: "^(?=.*\\d)\\w+$" } } }],
  ["a backreference", { type: "object", properties: { a: { pattern: "^(\\w)\\1$" } } }],
  ["a lookbehind key", { type: "object", patternProperties: { "(?<!x)y": { type: "string" } } }],
  ["a linear pattern", { type: "object", properties: { a: { pattern: "^[a-z]+(-[a-z]+)*$" } } }],
  ["a local $ref that points nowhere", { type: "object", properties: { a: { $ref: "#/$defs/b" } } }],
  ["a draft-04 schema", { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }],
  ["draft-07 over https", { $schema: "https://json-schema.org/draft-07/schema", type: "object" }],
  ["2020-12 over http", { $schema: "http://json-schema.org/draft/2020-12/schema#", type: "object" }],
  ["draft-07 without a closing #", { $schema: "http://json-schema.org/draft-07/schema", type: "object" }],
  ["a 2019-09 schema", { $schema: "https://json-schema.org/draft/2019-09/schema", type: "object" }],
  ["a $schema that is not a string", { $schema: 7, type: "object" }],
  ["a malformed contentSchema", { type: "object", contentSchema: { type: "text" } }],
  [
    "a malformed contentSchema in draft-07, which has no such keyword",
    { $schema: "http://json-schema.org/draft-07/schema#", type: "object", contentSchema: { type: "text" } },
  ],
  ["dependencies on names", { type: "object", dependencies: { a: ["b"], c: { required: ["d"] } } }],
  ["a malformed dependency schema", { type: "object", dependencies: { a: { type: "text" } } }],
  ["a dependency on a name twice", { type: "object", dependencies: { a: ["b", "b"] } }],
  ["a dependency on a number", { type: "object", dependencies: { a: [1] } }],
  ["32 levels", nestedSchema(32)],
  ["33 levels", nestedSchema(33)],
  ["64 KiB", schemaOfSize(MAX_SCHEMA_BYTES)],
  ["64 KiB and a byte", schemaOfSize(MAX_SCHEMA_BYTES + 1)],
];

describe("the page's check agrees with the service", () => {
  it.each(agreement)("%s", (_, schema) => {
    let serviceAccepts = true;
    try {
      compileResponseSchema(schema as Record<string, unknown>);
    } catch (error) {
      if (!(error instanceof InvalidSchemaError)) throw error;
      serviceAccepts = false;
    }
    expect(checkSchemaText(JSON.stringify(schema, null, 2)).state === "ok").toBe(serviceAccepts);
  });

  it("covers schemas on both sides of the line", () => {
    const verdicts = agreement.map(([, schema]) => checkSchemaText(JSON.stringify(schema)).state === "ok");
    expect(new Set(verdicts)).toEqual(new Set([true, false]));
  });
});
