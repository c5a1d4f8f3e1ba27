import { describe, expect, it } from "vitest";
import { compileResponseSchema, InvalidSchemaError } from "../../server/schema/json-schema";

const person = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1 },
    tags: {
      type: "array",
      items: { type: "object", properties: { label: { type: "string" } }, required: ["label"] },
    },
    born: { type: "string", format: "date" },
  },
  required: ["name"],
  additionalProperties: false,
};

function expectInvalidSchema(schema: Record<string, unknown>, message: RegExp) {
  let caught: unknown;
  try {
    compileResponseSchema(schema);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidSchemaError);
  expect((caught as Error).message).toMatch(message);
}

describe("compileResponseSchema", () => {
  it("validates values against a 2020-12 schema", () => {
    const validate = compileResponseSchema(person);
    expect(validate({ name: "Ada", tags: [{ label: "math" }], born: "1815-12-10" })).toEqual({ valid: true });
  });

  it("reports dotted paths, naming missing and extra properties", () => {
    const validate = compileResponseSchema(person);
    const result = validate({ tags: [{ label: "ok" }, { label: 3 }], born: "yesterday", extra: true });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    const byPath = Object.fromEntries(result.errors.map((error) => [error.path, error.message]));
    expect(byPath.name).toMatch(/required property 'name'/);
    expect(byPath["tags.1.label"]).toBe("must be string");
    expect(byPath.born).toMatch(/must match format "date"/);
    expect(byPath.extra).toMatch(/additional properties/);
  });

  it("lists the allowed values of an enum in the message", () => {
    const validate = compileResponseSchema({
      type: "object",
      properties: { mood: { enum: ["up", "down"] } },
    });
    const result = validate({ mood: "sideways" });
    expect(result).toEqual({
      valid: false,
      errors: [{ path: "mood", message: 'must be equal to one of the allowed values: "up", "down"' }],
    });
  });

  it("uses draft-07 semantics when the schema declares draft-07", () => {
    const tuple = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
      },
      definitions: { unused: { type: "string" } },
    };
    const validate = compileResponseSchema(tuple);
    expect(validate({ pair: ["a", 1] }).valid).toBe(true);
    expect(validate({ pair: ["a", "b"] }).valid).toBe(false);
    expect(validate({ pair: ["a", 1, 2] }).valid).toBe(false);
  });

  it("uses 2020-12 semantics when $schema is absent or 2020-12", () => {
    for (const $schema of [undefined, "https://json-schema.org/draft/2020-12/schema"]) {
      const validate = compileResponseSchema({
        ...($schema ? { $schema } : {}),
        type: "object",
        properties: {
          pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
        },
      });
      expect(validate({ pair: ["a", 1] }).valid).toBe(true);
      expect(validate({ pair: ["a", 1, 2] }).valid).toBe(false);
    }
  });

  it("follows $ref into $defs", () => {
    const validate = compileResponseSchema({
      type: "object",
      $defs: { point: { type: "object", properties: { x: { type: "number" } }, required: ["x"] } },
      properties: { points: { type: "array", items: { $ref: "#/$defs/point" } } },
    });
    expect(validate({ points: [{ x: 1 }] }).valid).toBe(true);
    expect(validate({ points: [{ y: 1 }] })).toMatchObject({
      valid: false,
      errors: [{ path: "points.0.x" }],
    });
  });

  it("tolerates unknown keywords and formats", () => {
    const validate = compileResponseSchema({
      type: "object",
      "x-origin": "test",
      properties: { a: { type: "string", nullable: true, format: "made-up" } },
    });
    expect(validate({ a: "anything" }).valid).toBe(true);
  });

  it("accepts object schemas without an explicit type", () => {
    expect(() => compileResponseSchema({ properties: { a: { type: "string" } } })).not.toThrow();
    expect(() =>
      compileResponseSchema({ $ref: "#/$defs/root", $defs: { root: { type: "object", properties: {} } } }),
    ).not.toThrow();
    expect(() => compileResponseSchema({ type: ["object", "null"] })).not.toThrow();
  });

  it("refuses malformed schemas", () => {
    expectInvalidSchema(
      { type: "object", properties: { a: { type: "nope" } } },
      /does not compile.*properties\/a\/type/,
    );
    expectInvalidSchema({ type: 5 }, /does not compile/);
    expectInvalidSchema(
      { type: "object", properties: { a: { $ref: "#/$defs/missing" } } },
      /can't resolve reference/,
    );
    expectInvalidSchema({ type: "object", properties: { a: { minLength: -1 } } }, /does not compile/);
  });

  it("refuses schemas whose top level is not an object", () => {
    expectInvalidSchema({ type: "array", items: { type: "string" } }, /must describe an object/);
    expectInvalidSchema({ type: "string" }, /must describe an object/);
    expectInvalidSchema({ type: ["object", "string"] }, /must describe an object/);
    expectInvalidSchema({}, /must describe an object/);
  });

  it("refuses drafts other than 2020-12 and draft-07", () => {
    expectInvalidSchema(
      { $schema: "http://json-schema.org/draft-04/schema#", type: "object" },
      /unsupported \$schema/,
    );
  });

  it("caches validators by the schema's JSON text, errors included", () => {
    expect(compileResponseSchema(person)).toBe(compileResponseSchema(structuredClone(person)));
    const bad = { type: "object", properties: { a: { type: "nope" } } };
    expect(() => compileResponseSchema(bad)).toThrow(InvalidSchemaError);
    expect(() => compileResponseSchema(structuredClone(bad))).toThrow(InvalidSchemaError);
  });

  it("keeps working after the cache evicts entries", () => {
    const first = { type: "object", properties: { n: { type: "integer", maximum: 0 } } };
    const validate = compileResponseSchema(first);
    for (let index = 1; index <= 250; index++) {
      compileResponseSchema({ type: "object", properties: { n: { type: "integer", maximum: index } } });
    }
    expect(validate({ n: 0 }).valid).toBe(true);
    expect(compileResponseSchema(first)({ n: 1 }).valid).toBe(false);
  });

  it("keeps at most 200 schemas, and fewer when their patterns weigh more than a million RE2 instructions", () => {
    // Each distinct by its title; the heavy ones carry patterns of some 7,800 instructions together.
    const light = (index: number) => ({ title: `light ${index}`, type: "object" });
    const heavy = (index: number) => ({
      title: `heavy ${index}`,
      type: "object",
      properties: {
        a: { type: "string", pattern: "^a{1000}b{1000}c{1000}d{900}$" },
        b: { type: "string", pattern: "^e{1000}f{1000}g{1000}h{900}$" },
      },
    });
    const keeps = (schemaOf: (index: number) => Record<string, unknown>, others: number) => {
      const first = compileResponseSchema(schemaOf(0));
      for (let index = 1; index <= others; index++) compileResponseSchema(schemaOf(index));
      return compileResponseSchema(schemaOf(0)) === first;
    };
    expect(keeps(light, 150)).toBe(true);
    expect(keeps(light, 200)).toBe(false);
    expect(keeps(heavy, 150)).toBe(false);
  });

  it("compiles two different schemas that share an $id", () => {
    const a = compileResponseSchema({ $id: "https://example.com/s", type: "object", required: ["a"] });
    const b = compileResponseSchema({ $id: "https://example.com/s", type: "object", required: ["b"] });
    expect(a({ a: 1 }).valid).toBe(true);
    expect(b({ a: 1 }).valid).toBe(false);
    expect(b({ b: 1 }).valid).toBe(true);
  });
});
