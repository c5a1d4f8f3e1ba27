/**
 * One verdict (issue 19): the extension's checks of a response schema and of a value against it agree with the
 * service's own (server/schema/json-schema.ts), on a table of schemas and values chosen where JavaScript's
 * RegExp and RE2 differ (`\s`, `.`, `\b` with non-ASCII letters) and where a schema describes an object in
 * more ways than `"type": "object"`.
 */
import { describe, expect, it } from "vitest";
import { validateAgainstSchema } from "../../lib/schema/json-schema-validate";
import { checkSchemaText } from "../../lib/schema/schema-check";
import { compileResponseSchema, InvalidSchemaError } from "../../server/schema/json-schema";

const withPattern = (pattern: string) => ({
  type: "object",
  properties: { field: { type: "string", pattern } },
});

const withPatternProperty = (pattern: string) => ({
  type: "object",
  patternProperties: { [pattern]: { type: "number" } },
  additionalProperties: false,
});

/** [pattern, value of `field`], chosen where the two engines could disagree. */
const PATTERN_CASES: [string, string][] = [
  ["^\\s$", "\u00a0"],
  ["^\\s$", "\ufeff"],
  ["^\\s$", "\u000b"],
  ["^\\s$", " "],
  ["^\\S$", "\u2003"],
  ["^.$", "\u2028"],
  ["^.$", "\r"],
  ["^.$", "\n"],
  ["^.$", "😀"],
  ["^\\w+$", "é"],
  ["\\bcafé\\b", "un café noir"],
  ["^\\d{3}$", "١٢٣"],
  ["^[a-z]+$", "abc"],
  ["^[^a]$", "😀"],
  ["x*", ""],
];

/** Schemas and whether the service takes them as describing an object at the top level. */
const TOP_LEVEL_CASES: unknown[] = [
  { type: "object" },
  { type: ["object", "null"] },
  { type: ["null", "object"], properties: { a: { type: "string" } } },
  { type: ["object", "string"] },
  { type: "array" },
  { type: "null" },
  { properties: { a: { type: "string" } } },
  { required: ["a"] },
  { additionalProperties: false },
  { patternProperties: { "^a": {} } },
  { $ref: "#/$defs/thing", $defs: { thing: { type: "object" } } },
  { $ref: "#/$defs/thing", $defs: { thing: { type: "string" } } },
  { allOf: [{ type: "object" }, { minProperties: 1 }] },
  { anyOf: [{ type: "object" }, { type: ["object", "null"] }] },
  { anyOf: [{ type: "object" }, { type: "string" }] },
  { oneOf: [{ properties: {} }] },
  { description: "no type at all" },
  {},
];

function serviceAccepts(schema: unknown): boolean {
  try {
    compileResponseSchema(schema as Record<string, unknown>);
    return true;
  } catch (error) {
    if (error instanceof InvalidSchemaError) return false;
    throw error;
  }
}

const serviceValid = (schema: object, value: unknown) =>
  compileResponseSchema(schema as Record<string, unknown>)(value).valid;

const extensionValid = (schema: object, value: unknown) => validateAgainstSchema(schema, value).length === 0;

describe("the extension's verdict is the service's", () => {
  it.each(PATTERN_CASES)("pattern %j on %j", (pattern, text) => {
    const schema = withPattern(pattern);
    expect(serviceAccepts(schema)).toBe(true);
    expect(extensionValid(schema, { field: text })).toBe(serviceValid(schema, { field: text }));
    const keyed = withPatternProperty(pattern);
    expect(extensionValid(keyed, { [text]: 1 })).toBe(serviceValid(keyed, { [text]: 1 }));
  });

  it("differs from JavaScript's RegExp where RE2 does, so the table tests something", () => {
    const schema = withPattern("^\\s$");
    expect(/^\s$/u.test("\u00a0")).toBe(true);
    expect(serviceValid(schema, { field: "\u00a0" })).toBe(false);
    expect(extensionValid(schema, { field: "\u00a0" })).toBe(false);
    expect(extensionValid(schema, { field: " " })).toBe(true);
  });

  it.each(TOP_LEVEL_CASES.map((schema) => [JSON.stringify(schema), schema]))(
    "top level of %s",
    (_text, schema) => {
      const accepted = checkSchemaText(JSON.stringify(schema)).state === "ok";
      expect(accepted).toBe(serviceAccepts(schema));
    },
  );

  it("accepts a top-level type of object or null, as the service does", () => {
    expect(checkSchemaText('{"type":["object","null"]}').state).toBe("ok");
    expect(serviceAccepts({ type: ["object", "null"] })).toBe(true);
  });
});
