/**
 * The one check of a response schema as it is typed (the popup's schema, the options page's presets):
 * what would make the service refuse it, without compiling it (ajv generates code, which extension pages
 * may not run). In order: JSON syntax (with line and column), a top level that is not an object schema,
 * the contract's bounds (64 KiB, 32 levels; lib/schema/schema-bounds.ts), then malformed keywords: unknown `type`
 * names, `required` not a list of strings, sub-schemas that are not schemas, patterns that are not regular
 * expressions or that the service's linear-time engine cannot run, local `$ref`s that point nowhere, a
 * `$schema` the service refuses (schema-draft.ts, its rule). (Checking it against its draft's meta-schema
 * with the pages' validator would be thorough, but json-schema-library takes seconds on a 64 KiB schema:
 * too slow for every keystroke.)
 */
import { type JsonSyntaxError, parseJsonText } from "../json/json-text";
import { resolveLocalRef } from "./local-ref";
import {
  MAX_SCHEMA_BYTES,
  MAX_SCHEMA_DEPTH,
  pathBeyondDepth,
  patternProblem,
  schemaBytes,
} from "./schema-bounds";
import { schemaDraft } from "./schema-draft";
import { SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from "./schema-keywords";
import { type SchemaProblem, schemaProblem } from "./schema-problem";

export type SchemaIssueKind =
  | "schema_not_object"
  | "type_unknown"
  | "type_invalid"
  | "map_not_object"
  | "schema_list_invalid"
  | "required_invalid"
  | "required_duplicate"
  | "enum_invalid"
  | "not_non_negative_integer"
  | "not_number"
  | "not_positive_number"
  | "not_string"
  | "not_boolean"
  | "items_list"
  | "pattern_invalid"
  | "pattern_lookaround"
  | "pattern_backreference"
  | "ref_unresolved"
  | "unsupported_draft";

export interface SchemaIssue {
  /** Where, as a dotted path from the top of the schema ("" for the top itself). */
  path: string;
  kind: SchemaIssueKind;
  /** The offending value or name, for the message. */
  detail?: string;
}

export type SchemaTextCheck =
  | { state: "empty" }
  | { state: "ok"; schema: Record<string, unknown> }
  | { state: "syntax"; error: JsonSyntaxError }
  | { state: "problem"; problem: SchemaProblem }
  /** Larger than the service takes, serialized (`bytes`, UTF-8). */
  | { state: "too_large"; bytes: number }
  /** Nested deeper than the service takes; `path` leads to the first level too deep ("" when unknown). */
  | { state: "too_deep"; path: string }
  | { state: "invalid"; issues: SchemaIssue[] };

const JSON_SCHEMA_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;

const NON_NEGATIVE_INTEGER_KEYWORDS = [
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
];
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];
const STRING_KEYWORDS = ["format", "$ref", "$id", "$anchor", "$comment", "title", "description"];
const BOOLEAN_KEYWORDS = ["uniqueItems", "readOnly", "writeOnly", "deprecated"];

/** Checks a response-schema text: empty (no schema), usable, or the first reasons the service would refuse it. */
export function checkSchemaText(text: string): SchemaTextCheck {
  if (text.trim() === "") return { state: "empty" };
  let parsed: ReturnType<typeof parseJsonText>;
  try {
    parsed = parseJsonText(text);
  } catch (error) {
    // Locating a syntax error recurses once per nesting level: absurd nesting overflows the stack.
    if (error instanceof RangeError) return { state: "too_deep", path: "" };
    throw error;
  }
  if (!parsed.ok) return { state: "syntax", error: parsed.error };
  const problem = schemaProblem(parsed.value);
  if (problem) return { state: "problem", problem };
  const schema = parsed.value as Record<string, unknown>;
  const bytes = schemaBytes(schema);
  if (bytes > MAX_SCHEMA_BYTES) return { state: "too_large", bytes };
  const deep = pathBeyondDepth(schema);
  if (deep) return { state: "too_deep", path: deep.join(".") };
  const issues = schemaIssues(schema);
  return issues.length > 0 ? { state: "invalid", issues } : { state: "ok", schema };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isSchema = (value: unknown) => isPlainObject(value) || typeof value === "boolean";

const join = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);

/** Every structural problem of a schema whose top level is already known to be an object. */
export function schemaIssues(root: Record<string, unknown>): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const add = (path: string, kind: SchemaIssueKind, detail?: string) =>
    issues.push({ path, kind, ...(detail !== undefined && { detail }) });
  /** A list of distinct property names (`required`, a `dependencies` entry). */
  const checkNames = (names: unknown, path: string) => {
    if (!Array.isArray(names) || names.some((name) => typeof name !== "string")) {
      add(path, "required_invalid");
      return;
    }
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate !== undefined) add(path, "required_duplicate", duplicate);
  };

  // A refused `$schema` is reported once; the rest of the schema is read as 2020-12.
  const { draft, refused } = schemaDraft(root.$schema);
  if (refused === "not_string") add("$schema", "not_string");
  if (refused === "unsupported") add("$schema", "unsupported_draft", String(root.$schema));

  const visit = (schema: unknown, path: string, depth: number) => {
    if (typeof schema === "boolean") return;
    if (!isPlainObject(schema)) {
      add(path, "schema_not_object");
      return;
    }
    if (depth > MAX_SCHEMA_DEPTH) return;

    if (schema.type !== undefined) checkType(schema.type, join(path, "type"), add);

    if (schema.required !== undefined) checkNames(schema.required, join(path, "required"));

    if (schema.enum !== undefined && !Array.isArray(schema.enum)) add(join(path, "enum"), "enum_invalid");

    for (const key of NON_NEGATIVE_INTEGER_KEYWORDS) {
      const value = schema[key];
      if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
        add(join(path, key), "not_non_negative_integer");
    }
    for (const key of NUMBER_KEYWORDS) {
      if (schema[key] !== undefined && typeof schema[key] !== "number") add(join(path, key), "not_number");
    }
    if (schema.multipleOf !== undefined && !(typeof schema.multipleOf === "number" && schema.multipleOf > 0))
      add(join(path, "multipleOf"), "not_positive_number");
    for (const key of STRING_KEYWORDS) {
      if (schema[key] !== undefined && typeof schema[key] !== "string") add(join(path, key), "not_string");
    }
    for (const key of BOOLEAN_KEYWORDS) {
      if (schema[key] !== undefined && typeof schema[key] !== "boolean") add(join(path, key), "not_boolean");
    }

    if (schema.pattern !== undefined) {
      if (typeof schema.pattern !== "string") add(join(path, "pattern"), "not_string");
      else checkPattern(schema.pattern, join(path, "pattern"), add);
    }

    if (
      typeof schema.$ref === "string" &&
      schema.$ref.startsWith("#/") &&
      !isSchema(resolveLocalRef(schema.$ref, root))
    ) {
      add(join(path, "$ref"), "ref_unresolved", schema.$ref);
    }

    for (const key of SUBSCHEMA_KEYWORDS) {
      const child = schema[key];
      // `contentSchema` is not a draft-07 keyword: the service's draft-07 reading ignores it.
      if (child === undefined || (key === "contentSchema" && draft === "draft-07")) continue;
      // `items`: a schema; draft-07 also takes an array of schemas (one per position), 2020-12 `prefixItems`.
      if (key === "items" && Array.isArray(child)) {
        if (draft !== "draft-07") add(join(path, key), "items_list");
        else
          child.forEach((item, index) => {
            visit(item, join(join(path, key), index), depth + 1);
          });
      } else visit(child, join(path, key), depth + 1);
    }

    for (const key of SUBSCHEMA_MAP_KEYWORDS) {
      const map = schema[key];
      if (map === undefined) continue;
      if (!isPlainObject(map)) {
        add(join(path, key), "map_not_object");
        continue;
      }
      for (const [name, child] of Object.entries(map)) {
        const at = join(join(path, key), name);
        if (key === "patternProperties") checkPattern(name, at, add);
        // `dependencies` also maps a name to the names it requires.
        if (key === "dependencies" && Array.isArray(child)) checkNames(child, at);
        else visit(child, at, depth + 1);
      }
    }

    for (const key of SUBSCHEMA_LIST_KEYWORDS) {
      const list = schema[key];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0) {
        add(join(path, key), "schema_list_invalid");
        continue;
      }
      list.forEach((child, index) => {
        visit(child, join(join(path, key), index), depth + 1);
      });
    }
  };

  visit(root, "", 0);
  return issues;
}

function checkType(
  type: unknown,
  path: string,
  add: (path: string, kind: SchemaIssueKind, detail?: string) => void,
) {
  const names = typeof type === "string" ? [type] : type;
  if (!Array.isArray(names) || names.length === 0 || names.some((name) => typeof name !== "string")) {
    add(path, "type_invalid");
    return;
  }
  for (const name of names as string[]) {
    if (!(JSON_SCHEMA_TYPES as readonly string[]).includes(name)) add(path, "type_unknown", name);
  }
  if (new Set(names).size !== names.length) add(path, "type_invalid");
}

const PATTERN_ISSUES = {
  invalid: "pattern_invalid",
  lookaround: "pattern_lookaround",
  backreference: "pattern_backreference",
} as const;

function checkPattern(
  pattern: string,
  path: string,
  add: (path: string, kind: SchemaIssueKind, detail?: string) => void,
) {
  const problem = patternProblem(pattern);
  if (problem) add(path, PATTERN_ISSUES[problem], pattern);
}
