/**
 * Reading a JSON Schema for generation: local `$ref`s followed, `allOf` merged into one schema, the
 * allowed types worked out, and every subschema's JSON pointer recorded (ajv validates a branch by it).
 */
import type { JsonSchemaDocument } from "../../lib/api/contract";
import { resolveLocalRef } from "./json-schema";

export type Schema = Record<string, unknown>;
export type JsonType = "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";

const JSON_TYPES = new Set<string>(["object", "array", "string", "number", "integer", "boolean", "null"]);

export const isSchemaObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class UnsupportedSchema extends Error {}

/** JSON pointer of every subschema object in the document (the first place each one appears). */
export function schemaLocations(root: JsonSchemaDocument): Map<object, string> {
  const locations = new Map<object, string>();
  // JSON pointer escapes, then percent-encoding: ajv reads the pointer as a URI fragment.
  const escapeKey = (key: string) => encodeURIComponent(key.replace(/~/g, "~0").replace(/\//g, "~1"));
  const visit = (node: unknown, pointer: string) => {
    if (!isSchemaObject(node) || locations.has(node)) return;
    locations.set(node, pointer);
    for (const key of ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]) {
      const map = node[key];
      if (isSchemaObject(map))
        for (const [name, sub] of Object.entries(map)) visit(sub, `${pointer}/${key}/${escapeKey(name)}`);
    }
    for (const key of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      for (const [index, sub] of list.entries()) visit(sub, `${pointer}/${key}/${index}`);
    }
    if (Array.isArray(node.items)) {
      for (const [index, sub] of node.items.entries()) visit(sub, `${pointer}/items/${index}`);
    }
    for (const key of [
      "items",
      "additionalItems",
      "additionalProperties",
      "contains",
      "not",
      "if",
      "then",
      "else",
      "propertyNames",
    ]) {
      if (isSchemaObject(node[key])) visit(node[key], `${pointer}/${key}`);
    }
  };
  visit(root, "");
  return locations;
}

const minOf = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" ? Math.min(a, b) : (a ?? b);
const maxOf = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" ? Math.max(a, b) : (a ?? b);

/** Both schemas at once (as `allOf` demands), as far as generation needs it; ajv has the last word. */
export function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...b, ...a };
  if (a.type !== undefined && b.type !== undefined) {
    const left = [a.type].flat();
    const right = new Set([b.type].flat());
    // "integer" satisfies "number".
    const common = left.filter((type) => right.has(type) || (type === "integer" && right.has("number")));
    for (const type of right)
      if (type === "integer" && left.includes("number") && !common.includes("integer"))
        common.push("integer");
    merged.type = common;
  }
  if (isSchemaObject(a.properties) && isSchemaObject(b.properties)) {
    const properties: Schema = { ...b.properties };
    for (const [name, schema] of Object.entries(a.properties)) {
      const other = properties[name];
      properties[name] =
        isSchemaObject(other) && isSchemaObject(schema) ? { allOf: [schema, other] } : schema;
    }
    merged.properties = properties;
  }
  if (Array.isArray(a.required) || Array.isArray(b.required)) {
    merged.required = [
      ...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])]),
    ];
  }
  if (a.additionalProperties === false || b.additionalProperties === false)
    merged.additionalProperties = false;
  if (isSchemaObject(a.items) && isSchemaObject(b.items)) merged.items = { allOf: [a.items, b.items] };
  if (Array.isArray(a.enum) && Array.isArray(b.enum)) {
    const right = b.enum.map((value) => JSON.stringify(value));
    merged.enum = a.enum.filter((value) => right.includes(JSON.stringify(value)));
  }
  for (const key of ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"]) {
    merged[key] = maxOf(a[key], b[key]);
    if (merged[key] === undefined) delete merged[key];
  }
  for (const key of ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"]) {
    merged[key] = minOf(a[key], b[key]);
    if (merged[key] === undefined) delete merged[key];
  }
  if (typeof a.pattern === "string" && typeof b.pattern === "string" && a.pattern !== b.pattern) {
    merged.pattern = `^(?=.*?(?:${a.pattern}))(?=.*?(?:${b.pattern}))`;
  }
  return merged;
}

const REFERENCE_KEYS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;

/**
 * The schema with its references followed and `allOf` merged in. Returns false for the `false` schema.
 * Throws `UnsupportedSchema` for references outside the document.
 */
export function resolveSchema(node: unknown, root: JsonSchemaDocument, depth = 0): Schema | false {
  if (node === false) return false;
  if (!isSchemaObject(node)) return {};
  if (depth > 32) throw new UnsupportedSchema("the schema's references nest too deeply");
  let schema: Schema = node;
  for (const key of REFERENCE_KEYS) {
    const ref = schema[key];
    if (typeof ref !== "string") continue;
    const target = key === "$ref" ? resolveLocalRef(ref, root) : root;
    if (target === undefined) throw new UnsupportedSchema(`cannot follow the reference ${ref}`);
    const { [key]: _ignored, ...rest } = schema;
    const resolved = resolveSchema(target, root, depth + 1);
    if (resolved === false) return false;
    schema = mergeSchemas(rest, resolved);
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    let merged: Schema = rest;
    for (const part of allOf) {
      const resolved = resolveSchema(part, root, depth + 1);
      if (resolved === false) return false;
      merged = mergeSchemas(merged, resolved);
    }
    schema = merged;
    if (Array.isArray(schema.allOf) || REFERENCE_KEYS.some((key) => typeof schema[key] === "string")) {
      return resolveSchema(schema, root, depth + 1);
    }
  }
  return schema;
}

/** The types a schema allows, declared or implied by its keywords; undefined when anything goes. */
export function allowedTypes(schema: Schema): JsonType[] | undefined {
  if (schema.type !== undefined) {
    const types = [schema.type]
      .flat()
      .filter((type): type is JsonType => typeof type === "string" && JSON_TYPES.has(type));
    if (schema.nullable === true && !types.includes("null")) types.push("null");
    return types;
  }
  const has = (...keys: string[]) => keys.some((key) => key in schema);
  let types: JsonType[] | undefined;
  if (
    has(
      "properties",
      "required",
      "additionalProperties",
      "patternProperties",
      "minProperties",
      "maxProperties",
    )
  ) {
    types = ["object"];
  } else if (has("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"))
    types = ["array"];
  else if (has("minLength", "maxLength", "pattern", "format")) types = ["string"];
  else if (has("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"))
    types = ["number"];
  if (types && schema.nullable === true) types.push("null");
  return types;
}
