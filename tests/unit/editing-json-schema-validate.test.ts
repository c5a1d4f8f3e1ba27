/**
 * The extension's schema validator (json-schema-library: no code generation, so it runs under the MV3 CSP)
 * against the service's own ajv validator: for every schema and value here, both must agree on valid or
 * not, so an edit the panel lets through is one the service accepts, and one it stops is one the service
 * refuses.
 */
import { describe, expect, it } from "vitest";
import { validateAgainstSchema } from "../../lib/schema/json-schema-validate";
import { compileResponseSchema } from "../../server/schema/json-schema";

const articleSchema = {
  type: "object",
  properties: {
    title: { type: "string", minLength: 3, maxLength: 20 },
    score: { type: "number", minimum: 0, maximum: 1 },
    rank: { type: "integer", exclusiveMinimum: 0, multipleOf: 5 },
    tags: {
      type: "array",
      items: { type: "string", pattern: "^[a-z]+$" },
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    },
    kind: { enum: ["news", "blog", null] },
    version: { const: 2 },
    author: {
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
      additionalProperties: false,
    },
  },
  required: ["title"],
  additionalProperties: false,
};

const refSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  $defs: { point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false } },
  properties: {
    where: { $ref: "#/$defs/point" },
    either: { anyOf: [{ type: "string" }, { type: "integer" }] },
    one: { oneOf: [{ type: "integer" }, { type: "number", minimum: 10 }] },
    notNull: { not: { type: "null" } },
    meta: {
      type: "object",
      patternProperties: { "^x-": { type: "boolean" } },
      additionalProperties: { type: "string" },
    },
    both: { allOf: [{ type: "string" }, { minLength: 2 }] },
    count: { type: "object", minProperties: 1, maxProperties: 2 },
  },
};

const draft07Schema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  definitions: { name: { type: "string", minLength: 1 } },
  properties: {
    pair: { type: "array", items: [{ type: "string" }, { type: "boolean" }], additionalItems: false },
    name: { $ref: "#/definitions/name" },
    emoji: { type: "string", maxLength: 2 },
  },
};

/** Keywords the hand-written interpreter this replaced let through. */
const fullSchema = {
  type: "object",
  $defs: { code: { $anchor: "code", type: "string", pattern: "^[A-Z]{3}$" } },
  properties: {
    kind: { enum: ["book", "film"] },
    code: { $ref: "#code" },
    list: { type: "array", contains: { type: "string" }, minContains: 2 },
    labels: { type: "object", propertyNames: { pattern: "^[a-z]+$" } },
    big: { type: "number", multipleOf: 1e-8 },
    day: { type: "string", format: "date" },
    email: { type: "string", format: "email" },
    strict: {
      type: "object",
      properties: { a: {} },
      allOf: [{ properties: { b: {} } }],
      unevaluatedProperties: false,
    },
  },
  if: { properties: { kind: { const: "book" } }, required: ["kind"] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, not a promise
  then: { required: ["isbn"] },
  dependentRequired: { start: ["end"] },
};

const cases: [string, Record<string, unknown>, unknown[]][] = [
  [
    "an article schema",
    articleSchema,
    [
      { title: "Trams" },
      { title: "Tr" },
      { title: "Trams in a city far away from here" },
      {},
      { title: "Trams", extra: true },
      { title: "Trams", score: 0.5 },
      { title: "Trams", score: 1.5 },
      { title: "Trams", score: -0.1 },
      { title: "Trams", score: "high" },
      { title: "Trams", rank: 10 },
      { title: "Trams", rank: 0 },
      { title: "Trams", rank: 7 },
      { title: "Trams", rank: 2.5 },
      { title: "Trams", tags: ["city", "rail"] },
      { title: "Trams", tags: [] },
      { title: "Trams", tags: ["a", "b", "c", "d"] },
      { title: "Trams", tags: ["city", "city"] },
      { title: "Trams", tags: ["City"] },
      { title: "Trams", kind: "news" },
      { title: "Trams", kind: null },
      { title: "Trams", kind: "rumour" },
      { title: "Trams", version: 2 },
      { title: "Trams", version: 3 },
      { title: "Trams", author: { name: "Ada" } },
      { title: "Trams", author: {} },
      { title: "Trams", author: { name: "Ada", age: 36 } },
      { title: 42 },
    ],
  ],
  [
    "a 2020-12 schema with $ref, prefixItems and combinators",
    refSchema,
    [
      {},
      { where: [1, 2] },
      { where: [1] },
      { where: [1, 2, 3] },
      { where: [1, "2"] },
      { either: "x" },
      { either: 3 },
      { either: 3.5 },
      { one: 3 },
      { one: 12 },
      { one: 12.5 },
      { one: 5.5 },
      { notNull: 0 },
      { notNull: null },
      { meta: { "x-on": true, label: "a" } },
      { meta: { "x-on": "yes" } },
      { meta: { label: 3 } },
      { both: "ab" },
      { both: "a" },
      { count: {} },
      { count: { a: 1 } },
      { count: { a: 1, b: 2, c: 3 } },
    ],
  ],
  [
    "a draft-07 schema with tuple items",
    draft07Schema,
    [
      { pair: ["a", true] },
      { pair: ["a", true, 1] },
      { pair: [true, "a"] },
      { name: "" },
      { name: "Ada" },
      { emoji: "👍👍" },
      { emoji: "👍👍👍" },
    ],
  ],
  [
    "a schema with if/then, $anchor, contains, propertyNames, formats and unevaluatedProperties",
    fullSchema,
    [
      { kind: "film" },
      { kind: "book" },
      { kind: "book", isbn: "978" },
      { code: "ABC" },
      { code: "abc" },
      { list: ["a", 1, "b"] },
      { list: ["a", 1] },
      { labels: { good: 1 } },
      { labels: { Bad: 1 } },
      { big: 0.12345678 },
      { big: 0.123456789 },
      { day: "2024-02-29" },
      { day: "2024-02-30" },
      { email: "ada@example.com" },
      { email: "ada" },
      { strict: { a: 1, b: 2 } },
      { strict: { a: 1, c: 3 } },
      { start: 1, end: 2 },
      { start: 1 },
    ],
  ],
];

describe("validateAgainstSchema agrees with the service's ajv", () => {
  for (const [name, schema, values] of cases) {
    const service = compileResponseSchema(schema);
    it.each(values.map((value) => [JSON.stringify(value), value]))(`${name}: %s`, (_, value) => {
      const serviceValid = service(value).valid;
      expect(validateAgainstSchema(schema, value).length === 0).toBe(serviceValid);
    });
  }

  it("covers values on both sides of the line (each schema has valid and invalid cases)", () => {
    for (const [, schema, values] of cases) {
      const service = compileResponseSchema(schema);
      const verdicts = new Set(values.map((value) => service(value).valid));
      expect(verdicts).toEqual(new Set([true, false]));
    }
  });
});

describe("validateAgainstSchema reports where and why", () => {
  it("names a missing property at the object that lacks it", () => {
    expect(validateAgainstSchema(articleSchema, { author: {} })).toEqual([
      { path: "", kind: "required", expected: "title" },
      { path: "/author", kind: "required", expected: "name" },
    ]);
  });

  it("points at the offending item with a JSON pointer", () => {
    expect(validateAgainstSchema(articleSchema, { title: "Trams", tags: ["ok", "Not OK"] })).toEqual([
      { path: "/tags/1", kind: "pattern", expected: "^[a-z]+$" },
    ]);
  });

  it("reports a type mismatch once, not every keyword of the wrong type", () => {
    expect(validateAgainstSchema(articleSchema, { title: 42 })).toEqual([
      { path: "/title", kind: "type", expected: "string" },
    ]);
  });

  it("escapes property names in paths", () => {
    const schema = { type: "object", properties: { "a/b": { type: "string" } } };
    expect(validateAgainstSchema(schema, { "a/b": 1 })[0]?.path).toBe("/a~1b");
  });

  it("names a property additionalProperties forbids", () => {
    expect(validateAgainstSchema(articleSchema, { title: "Trams", colour: "red" })).toEqual([
      { path: "/colour", kind: "additional_property", expected: "colour" },
    ]);
  });

  it("names the rules the hand-written interpreter skipped: formats, contains, property names, extra items", () => {
    const schema = {
      type: "object",
      properties: {
        day: { type: "string", format: "date" },
        list: { type: "array", contains: { type: "string" }, minContains: 2 },
        labels: { type: "object", propertyNames: { pattern: "^[a-z]+$" } },
        pair: { type: "array", prefixItems: [{ type: "number" }], unevaluatedItems: false },
      },
    };
    expect(
      validateAgainstSchema(schema, { day: "x", list: [1, "a"], labels: { Bad: 1 }, pair: [1, 2] }),
    ).toEqual([
      { path: "/day", kind: "format", expected: "date" },
      { path: "/list", kind: "min_contains", expected: "2" },
      { path: "/labels/Bad", kind: "property_name" },
      { path: "/pair/1", kind: "additional_items", expected: "1" },
    ]);
  });
});
