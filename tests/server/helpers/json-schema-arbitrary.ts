/**
 * fast-check arbitraries for the values a JSON Schema (2020-12, as the service's OpenAPI document writes it)
 * allows. It knows the keywords the document uses and throws on any other, so that a keyword added to the
 * document without a generator for it fails the test instead of being ignored. Every value it makes is checked
 * against the schema again by the caller (ajv), so a generator mistake shows as such, not as a service bug.
 */
import fc from "fast-check";
import { splitPointer } from "../../../lib/schema/json-pointer";

type Schema = Record<string, unknown>;

/** Keywords that only describe. */
const ANNOTATIONS = new Set(["description", "title", "examples", "default", "$schema", "id"]);
const KNOWN = new Set([
  ...ANNOTATIONS,
  "type",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "properties",
  "required",
  "additionalProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
]);

/** How deep a recursive schema (`$ref` to itself) may go before only scalars are made. */
const MAX_DEPTH = 3;
/** The most keys an open object gets beyond its named properties. */
const MAX_EXTRA_KEYS = 4;

export interface SchemaArbitraries {
  /** Values the schema allows; `$ref`s resolve in the document given. */
  of(schema: unknown): fc.Arbitrary<unknown>;
}

export function schemaArbitraries(document: Schema): SchemaArbitraries {
  const resolve = (ref: string): Schema => {
    if (!ref.startsWith("#/")) throw new Error(`cannot resolve ${ref}`);
    let node: unknown = document;
    for (const key of splitPointer(ref.slice(1)) ?? []) node = (node as Schema)[key];
    if (typeof node !== "object" || node === null) throw new Error(`${ref} leads nowhere`);
    return node as Schema;
  };

  const build = (raw: unknown, depth: number): fc.Arbitrary<unknown> => {
    if (raw === true || (typeof raw === "object" && raw !== null && Object.keys(raw).length === 0)) {
      return anyJson(depth);
    }
    if (typeof raw !== "object" || raw === null) throw new Error(`not a schema: ${JSON.stringify(raw)}`);
    const schema = raw as Schema;
    const unknown = Object.keys(schema).filter((key) => !KNOWN.has(key));
    if (unknown.length > 0) throw new Error(`no generator for keyword(s) ${unknown.join(", ")}`);
    if (typeof schema.$ref === "string") {
      const { $ref, ...rest } = schema;
      return build({ ...resolve($ref), ...rest }, depth + 1);
    }
    if (Array.isArray(schema.anyOf)) {
      const { anyOf, ...rest } = schema;
      return fc.oneof(...anyOf.map((branch) => build(merge(rest, branch as Schema), depth)));
    }
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
    if ("const" in schema) return fc.constant(schema.const);
    const types = typesOf(schema, depth);
    return fc.oneof(...types.map((type) => ofType(type, schema, depth)));
  };

  const ofType = (type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    switch (type) {
      case "string":
        return stringOf(schema);
      case "integer": {
        const min = BigInt((schema.minimum as number | undefined) ?? Number.MIN_SAFE_INTEGER);
        const max = BigInt((schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER);
        return fc.bigInt({ min, max }).map(Number);
      }
      case "number":
        return fc.double({
          min: schema.minimum as number | undefined,
          max: schema.maximum as number | undefined,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return arrayOf(schema, depth);
      case "object":
        return objectOf(schema, depth);
      default:
        throw new Error(`unknown type ${type}`);
    }
  };

  const arrayOf = (schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    const item = schema.items === undefined ? anyJson(depth + 1) : build(schema.items, depth + 1);
    const constraints = {
      minLength: (schema.minItems as number | undefined) ?? 0,
      maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 6),
    };
    const array = schema.uniqueItems
      ? fc.uniqueArray(item, { ...constraints, selector: (value) => JSON.stringify(value) })
      : fc.array(item, constraints);
    if (schema.contains === undefined) return array;
    const contained = build(schema.contains, depth + 1);
    return fc
      .tuple(array, contained)
      .map(([values, value]) =>
        values.some((other) => JSON.stringify(other) === JSON.stringify(value)) ? values : [value, ...values],
      );
  };

  const objectOf = (schema: Schema, depth: number): fc.Arbitrary<unknown> => {
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema.required ?? []) as string[]);
    const named = fc.record(
      Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, build(sub, depth + 1)])),
      { requiredKeys: [...required].filter((name) => name in properties) },
    );
    const additional = schema.additionalProperties;
    const keys = stringOf({ ...((schema.propertyNames ?? {}) as Schema) }).filter(
      (key) => !(key in properties) && key !== "__proto__",
    );
    const extra =
      additional === false || depth > MAX_DEPTH
        ? fc.constant({})
        : fc.dictionary(keys, additional === undefined ? anyJson(depth + 1) : build(additional, depth + 1), {
            maxKeys: Math.min(MAX_EXTRA_KEYS, (schema.maxProperties as number | undefined) ?? MAX_EXTRA_KEYS),
          });
    const min = (schema.minProperties as number | undefined) ?? 0;
    const max = (schema.maxProperties as number | undefined) ?? Number.POSITIVE_INFINITY;
    return fc
      .tuple(named, extra)
      .map(([own, more]) => ({ ...more, ...own }) as Record<string, unknown>)
      .filter((value) => {
        const count = Object.keys(value).length;
        return count >= min && count <= max && [...required].every((name) => name in value);
      });
  };

  const anyJson = (depth: number): fc.Arbitrary<unknown> =>
    build({ type: ["string", "number", "boolean", "null", "array", "object"] }, depth);

  return { of: (schema) => build(schema, 0) };
}

/** The types a schema allows (every JSON type when it names none); past `MAX_DEPTH`, only scalars. */
function typesOf(schema: Schema, depth: number): string[] {
  const named = schema.type === undefined ? undefined : [schema.type].flat();
  const types = (named ?? ["string", "number", "boolean", "null", "array", "object"]) as string[];
  if (depth <= MAX_DEPTH) return types;
  const scalars = types.filter((type) => type !== "array" && type !== "object");
  return scalars.length > 0 ? scalars : types;
}

/** Two schemas that must both hold, for the keywords anyOf branches in the document use. */
function merge(base: Schema, branch: Schema): Schema {
  const merged: Schema = { ...base, ...branch };
  if (Array.isArray(base.required) || Array.isArray(branch.required)) {
    merged.required = [...((base.required ?? []) as string[]), ...((branch.required ?? []) as string[])];
  }
  return merged;
}

const probeCache = new Map<string, boolean>();

/**
 * Strings the schema allows: from the pattern's own generator (which keeps to ASCII), and, where the pattern
 * lets most strings through, any Unicode string it allows too, so that the service meets non-ASCII text.
 */
function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (typeof schema.pattern !== "string") {
    return fc.string({ unit: "binary", minLength, maxLength: Math.min(maxLength, minLength + 40) });
  }
  const pattern = new RegExp(schema.pattern, "u");
  const unicode = fc.string({ unit: "binary", maxLength: 40 }).filter((text) => pattern.test(text));
  let permissive = probeCache.get(schema.pattern);
  if (permissive === undefined) {
    const probes = fc.sample(fc.string({ unit: "binary", maxLength: 40 }), { seed: 1, numRuns: 50 });
    permissive = probes.filter((text) => pattern.test(text)).length >= 10;
    probeCache.set(schema.pattern, permissive);
  }
  const matching = fc.stringMatching(pattern);
  return (permissive ? fc.oneof(matching, unicode) : matching).filter(fits);
}
