/**
 * Checks a JSON value against a JSON Schema by walking the schema (an interpreter): extension pages may
 * not generate code, so ajv runs only on the service. This covers the keywords a response schema uses
 * (type, properties, required, additionalProperties, patternProperties, items, prefixItems, enum, const,
 * bounds of numbers, strings, arrays and objects, pattern, multipleOf, uniqueItems, allOf, anyOf, oneOf,
 * not, local $ref); other keywords (format, if/then/else, unevaluated*) are left to the service, which
 * checks every edit again before storing it.
 */
import { sameJson } from "./same-json";

export type SchemaViolationKind =
  | "type"
  | "required"
  | "additional_property"
  | "enum"
  | "const"
  | "minimum"
  | "maximum"
  | "exclusive_minimum"
  | "exclusive_maximum"
  | "multiple_of"
  | "min_length"
  | "max_length"
  | "pattern"
  | "min_items"
  | "max_items"
  | "unique_items"
  | "additional_items"
  | "min_properties"
  | "max_properties"
  | "any_of"
  | "one_of"
  | "not"
  | "false_schema";

export interface SchemaViolation {
  /** Where in the value, as a JSON pointer ("" for the value itself, "/tags/0"). */
  path: string;
  kind: SchemaViolationKind;
  /** The keyword's argument, for the message (a type name, a bound, a property name, a pattern). */
  expected?: string;
}

const MAX_DEPTH = 128;
const MAX_VIOLATIONS = 50;

type Schema = Record<string, unknown> | boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every violation of `schema` by `value` (at most 50), outermost first; `[]` when it conforms. */
export function validateAgainstSchema(schema: unknown, value: unknown): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  const root = isObject(schema) || typeof schema === "boolean" ? schema : true;
  check(root, root, value, "", 0, violations);
  return violations.slice(0, MAX_VIOLATIONS);
}

function check(
  root: Schema,
  schema: unknown,
  value: unknown,
  path: string,
  depth: number,
  out: SchemaViolation[],
): void {
  if (out.length >= MAX_VIOLATIONS || depth > MAX_DEPTH) return;
  if (schema === true || !isObject(schema)) {
    if (schema === false) out.push({ path, kind: "false_schema" });
    return;
  }
  const add = (kind: SchemaViolationKind, expected?: unknown, at = path) =>
    out.push({ path: at, kind, ...(expected !== undefined && { expected: String(expected) }) });

  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#")) {
    const target = resolveRef(root, schema.$ref);
    if (target !== undefined) check(root, target, value, path, depth + 1, out);
  }

  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (name): name is string => typeof name === "string",
    );
    if (types.length > 0 && !types.some((name) => hasType(value, name))) {
      add("type", types.join(" or "));
      return;
    }
  }

  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
    add("enum", schema.enum.map((option) => JSON.stringify(option)).join(", "));
  }
  if (Object.hasOwn(schema, "const") && !sameJson(schema.const, value))
    add("const", JSON.stringify(schema.const));

  if (typeof value === "number") checkNumber(schema, value, add);
  if (typeof value === "string") checkString(schema, value, add);
  if (Array.isArray(value)) checkArray(root, schema, value, path, depth, out, add);
  if (isObject(value)) checkObject(root, schema, value, path, depth, out, add);

  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) check(root, part, value, path, depth + 1, out);
  }
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((part) => conforms(root, part, value, depth))) {
    add("any_of");
  }
  if (Array.isArray(schema.oneOf)) {
    const matching = schema.oneOf.filter((part) => conforms(root, part, value, depth)).length;
    if (matching !== 1) add("one_of", matching);
  }
  if (schema.not !== undefined && conforms(root, schema.not, value, depth)) add("not");
}

type Add = (kind: SchemaViolationKind, expected?: unknown, at?: string) => void;

function checkNumber(schema: Record<string, unknown>, value: number, add: Add) {
  const bound = (key: string) => (typeof schema[key] === "number" ? (schema[key] as number) : undefined);
  const minimum = bound("minimum");
  const maximum = bound("maximum");
  const exclusiveMinimum = bound("exclusiveMinimum");
  const exclusiveMaximum = bound("exclusiveMaximum");
  const multipleOf = bound("multipleOf");
  if (minimum !== undefined && value < minimum) add("minimum", minimum);
  if (maximum !== undefined && value > maximum) add("maximum", maximum);
  if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) add("exclusive_minimum", exclusiveMinimum);
  if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) add("exclusive_maximum", exclusiveMaximum);
  if (multipleOf !== undefined && multipleOf > 0) {
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9) add("multiple_of", multipleOf);
  }
}

function checkString(schema: Record<string, unknown>, value: string, add: Add) {
  // JSON Schema counts code points, not UTF-16 units.
  const length = [...value].length;
  if (typeof schema.minLength === "number" && length < schema.minLength) add("min_length", schema.minLength);
  if (typeof schema.maxLength === "number" && length > schema.maxLength) add("max_length", schema.maxLength);
  if (typeof schema.pattern === "string") {
    const pattern = toRegExp(schema.pattern);
    if (pattern && !pattern.test(value)) add("pattern", schema.pattern);
  }
}

function checkArray(
  root: Schema,
  schema: Record<string, unknown>,
  value: unknown[],
  path: string,
  depth: number,
  out: SchemaViolation[],
  add: Add,
) {
  if (typeof schema.minItems === "number" && value.length < schema.minItems)
    add("min_items", schema.minItems);
  if (typeof schema.maxItems === "number" && value.length > schema.maxItems)
    add("max_items", schema.maxItems);
  if (schema.uniqueItems === true) {
    const duplicate = value.findIndex((item, index) =>
      value.slice(0, index).some((other) => sameJson(other, item)),
    );
    if (duplicate >= 0) add("unique_items", undefined, `${path}/${duplicate}`);
  }
  // 2020-12: `prefixItems` then `items` for the rest; draft-07: `items` as a list, then `additionalItems`.
  const prefix = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  value.forEach((item, index) => {
    const itemPath = `${path}/${index}`;
    if (index < prefix.length) check(root, prefix[index], item, itemPath, depth + 1, out);
    else if (rest === false) add("additional_items", prefix.length, itemPath);
    else if (rest !== undefined) check(root, rest, item, itemPath, depth + 1, out);
  });
}

function checkObject(
  root: Schema,
  schema: Record<string, unknown>,
  value: Record<string, unknown>,
  path: string,
  depth: number,
  out: SchemaViolation[],
  add: Add,
) {
  const keys = Object.keys(value);
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === "string" && !Object.hasOwn(value, name)) add("required", name);
    }
  }
  if (typeof schema.minProperties === "number" && keys.length < schema.minProperties)
    add("min_properties", schema.minProperties);
  if (typeof schema.maxProperties === "number" && keys.length > schema.maxProperties)
    add("max_properties", schema.maxProperties);

  const properties = isObject(schema.properties) ? schema.properties : {};
  const patterns = isObject(schema.patternProperties)
    ? Object.entries(schema.patternProperties).flatMap(([source, sub]) => {
        const pattern = toRegExp(source);
        return pattern ? [{ pattern, sub }] : [];
      })
    : [];
  for (const key of keys) {
    const keyPath = `${path}/${escapePointer(key)}`;
    let matched = false;
    if (Object.hasOwn(properties, key)) {
      matched = true;
      check(root, properties[key], value[key], keyPath, depth + 1, out);
    }
    for (const { pattern, sub } of patterns) {
      if (!pattern.test(key)) continue;
      matched = true;
      check(root, sub, value[key], keyPath, depth + 1, out);
    }
    if (matched || schema.additionalProperties === undefined) continue;
    if (schema.additionalProperties === false) add("additional_property", key, keyPath);
    else check(root, schema.additionalProperties, value[key], keyPath, depth + 1, out);
  }
}

function conforms(root: Schema, schema: unknown, value: unknown, depth: number): boolean {
  const found: SchemaViolation[] = [];
  check(root, schema, value, "", depth + 1, found);
  return found.length === 0;
}

function hasType(value: unknown, name: string): boolean {
  switch (name) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      return true;
  }
}

const regExps = new Map<string, RegExp | null>();

/** As ajv compiles patterns (`u` flag); a pattern that does not compile is left to the service. */
function toRegExp(source: string): RegExp | null {
  let pattern = regExps.get(source);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(source, "u");
    } catch {
      pattern = null;
    }
    regExps.set(source, pattern);
  }
  return pattern;
}

/** A local reference ("#", "#/$defs/a", "#/definitions/a"); `undefined` when it leads nowhere. */
function resolveRef(root: Schema, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let current: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    let part: string;
    try {
      part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (Array.isArray(current)) current = current[Number(part)];
    else if (isObject(current) && Object.hasOwn(current, part)) current = current[part];
    else return undefined;
  }
  return current;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
