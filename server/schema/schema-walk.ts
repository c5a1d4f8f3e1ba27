/**
 * Reading a JSON Schema for generation: local `$ref`s followed, `allOf` merged into one schema, the
 * allowed types worked out, and every subschema's JSON pointer recorded (ajv validates a branch by it).
 */
import type { JsonSchemaDocument } from "../../lib/api/contract";
import { joinFragmentPointer } from "../../lib/schema/json-pointer";
import { resolveLocalRef } from "../../lib/schema/local-ref";
import {
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from "../../lib/schema/schema-keywords";

export { resolveLocalRef };

export type Schema = Record<string, unknown>;
export type JsonType = "object" | "array" | "string" | "number" | "integer" | "boolean" | "null";

const JSON_TYPES = new Set<string>(["object", "array", "string", "number", "integer", "boolean", "null"]);

export const isSchemaObject = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class UnsupportedSchema extends Error {}

/**
 * Every subschema object in the document with the path (keys from the root) where it first appears,
 * the root first. The walk goes as deep as the document: callers bound its depth first.
 */
export function subschemas(root: JsonSchemaDocument): Map<Schema, string[]> {
  const found = new Map<Schema, string[]>();
  const visit = (node: unknown, path: string[]) => {
    if (!isSchemaObject(node) || found.has(node)) return;
    found.set(node, path);
    for (const key of SUBSCHEMA_MAP_KEYWORDS) {
      const map = node[key];
      if (isSchemaObject(map))
        for (const [name, sub] of Object.entries(map)) visit(sub, [...path, key, name]);
    }
    for (const key of SUBSCHEMA_LIST_KEYWORDS) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      for (const [index, sub] of list.entries()) visit(sub, [...path, key, String(index)]);
    }
    if (Array.isArray(node.items)) {
      for (const [index, sub] of node.items.entries()) visit(sub, [...path, "items", String(index)]);
    }
    for (const key of SUBSCHEMA_KEYWORDS) visit(node[key], [...path, key]);
  };
  visit(root, []);
  return found;
}

/** JSON pointer of every subschema object in the document (the first place each one appears). */
export function schemaLocations(
  root: JsonSchemaDocument,
  found: Map<Schema, string[]> = subschemas(root),
): Map<object, string> {
  // ajv reads the pointer as a URI fragment.
  const locations = new Map<object, string>();
  for (const [node, path] of found) locations.set(node, joinFragmentPointer(path));
  return locations;
}

/** The patterns a (possibly merged) schema requires: one, or several after `allOf` merged schemas. */
export function patternsOf(schema: Schema): string[] {
  const { pattern } = schema;
  if (typeof pattern === "string") return [pattern];
  return Array.isArray(pattern) ? pattern.filter((item): item is string => typeof item === "string") : [];
}

const minOf = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" ? Math.min(a, b) : (a ?? b);
const maxOf = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" ? Math.max(a, b) : (a ?? b);

/** Both schemas at once (as `allOf` demands), as far as generation needs it; ajv has the last word. */
function mergeSchemas(a: Schema, b: Schema): Schema {
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
  // Both patterns must match; RE2 has no lookahead to join them in one, so the merged schema lists them.
  const patterns = [...new Set([...patternsOf(a), ...patternsOf(b)])];
  if (patterns.length > 1) merged.pattern = patterns;
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
  // Each subschema is resolved once per document: `allOf`s of `$ref`s to `allOf`s … would otherwise
  // resolve the same parts exponentially often.
  let memo = resolvedSchemas.get(root);
  if (!memo) {
    memo = new WeakMap();
    resolvedSchemas.set(root, memo);
  }
  let resolved = memo.get(node);
  if (resolved === undefined) {
    resolved = resolveUncached(node, root, depth);
    memo.set(node, resolved);
  }
  return resolved;
}

const resolvedSchemas = new WeakMap<JsonSchemaDocument, WeakMap<Schema, Schema | false>>();

function resolveUncached(node: Schema, root: JsonSchemaDocument, depth: number): Schema | false {
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
