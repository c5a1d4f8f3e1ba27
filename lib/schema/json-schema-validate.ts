/**
 * Checks a JSON value against a JSON Schema (2020-12, or draft-07 when `$schema` says so) with
 * json-schema-library: an interpreter, so it runs in extension pages, where generating code (ajv's way)
 * is not allowed. Its patterns (`pattern`, `patternProperties`) run on RE2 through linear-pattern.ts, as the
 * service runs them, so both give one verdict (`\d`, `\w`, `\s`, `\b` mean what they mean there). Its findings
 * become violations the pages word themselves: where in the value, which rule, and the rule's argument.
 */
import {
  compileSchema,
  type Draft,
  draft07,
  draft2020,
  type JsonError,
  type SchemaNode,
} from "json-schema-library";
import { escapeToken, joinPointer } from "./json-pointer";
import { linearPattern } from "./linear-pattern";
import { type SchemaDraft, schemaDraft } from "./schema-draft";

type SchemaViolationKind =
  | "type"
  | "required"
  | "additional_property"
  | "property_name"
  | "enum"
  | "const"
  | "format"
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
  | "contains"
  | "min_contains"
  | "max_contains"
  | "min_properties"
  | "max_properties"
  | "any_of"
  | "one_of"
  | "not"
  | "false_schema"
  /** Refused for a reason none of the above names. */
  | "invalid";

export interface SchemaViolation {
  /** Where in the value, as a JSON pointer ("" for the value itself, "/tags/0"). */
  path: string;
  kind: SchemaViolationKind;
  /** The keyword's argument, for the message (a type name, a bound, a property name, a pattern). */
  expected?: string;
}

const MAX_VIOLATIONS = 50;

/**
 * The service's matcher for a pattern; a pattern it cannot run (lookaround, backreferences) keeps the library's
 * RegExp, since the service refuses such a schema before it checks any value.
 */
function serviceMatcher(source: string, fallback: RegExp): RegExp {
  try {
    const pattern = linearPattern(source);
    // The library only calls `test`.
    return { test: (value: string) => pattern.test(value) } as RegExp;
  } catch {
    return fallback;
  }
}

/** A draft whose `pattern` and `patternProperties` match with the service's engine. */
function withServicePatterns(draft: Draft): Draft {
  const keywords = draft.keywords.map((keyword) => {
    const parse = keyword.parse;
    if (!parse) return keyword;
    if (keyword.keyword === "pattern") {
      return {
        ...keyword,
        parse: (node: SchemaNode) => {
          const result = parse(node);
          if (node.pattern) node.pattern = serviceMatcher(String(node.schema.pattern), node.pattern);
          return result;
        },
      };
    }
    if (keyword.keyword === "patternProperties") {
      return {
        ...keyword,
        parse: (node: SchemaNode) => {
          const result = parse(node);
          for (const entry of node.patternProperties ?? [])
            entry.pattern = serviceMatcher(entry.name, entry.pattern);
          return result;
        },
      };
    }
    return keyword;
  });
  return { ...draft, keywords };
}

/**
 * The library's draft for each draft the service takes, with the service's patterns. The draft comes from
 * the service's rule (schema-draft.ts), not the library's own reading of `$schema`; a `$schema` the service
 * refuses is read as 2020-12 here (the typed schema's check reports it).
 */
const DRAFTS: Record<SchemaDraft, Draft> = {
  "2020-12": withServicePatterns(draft2020),
  "draft-07": withServicePatterns(draft07),
};

const draftFor = (schema: object): Draft =>
  DRAFTS[schemaDraft((schema as Record<string, unknown>).$schema).draft];

/** Compiled schemas by the schema object (a panel checks every keystroke against the same schema). */
const compiled = new WeakMap<object, SchemaNode>();

/**
 * Every violation of `schema` by `value` (at most 50), outermost first; `[]` when it conforms. A schema
 * that cannot be used (a `$ref` to another document, references without end) finds nothing here: the
 * service refuses such schemas and checks every value again.
 */
export function validateAgainstSchema(schema: unknown, value: unknown): SchemaViolation[] {
  if (schema === false) return [{ path: "", kind: "false_schema" }];
  if (typeof schema !== "object" || schema === null) return [];
  let result: { valid: boolean; errors: JsonError[] };
  try {
    let node = compiled.get(schema);
    if (!node) {
      node = compileSchema(schema, { drafts: [draftFor(schema)] });
      compiled.set(schema, node);
    }
    result = node.validate(value);
  } catch {
    return [];
  }
  // A `$ref` that leads nowhere here (to another document) is the service's to resolve.
  const errors = result.errors.filter((error) => error.code !== "ref-error");
  if (result.valid || errors.length === 0) return [];
  const violations = errors.flatMap((error) => {
    const violation = violationOf(error, value);
    return violation ? [violation] : [];
  });
  if (violations.length === 0) return [{ path: "", kind: "invalid" }];
  return sortOutermostFirst(violations).slice(0, MAX_VIOLATIONS);
}

const depth = (path: string) => (path === "" ? 0 : path.split("/").length);

function sortOutermostFirst(violations: SchemaViolation[]): SchemaViolation[] {
  return violations
    .map((violation, index) => ({ violation, index }))
    .sort((a, b) => depth(a.violation.path) - depth(b.violation.path) || a.index - b.index)
    .map(({ violation }) => violation);
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The keys leading to a place in the value, from the library's pointer: it joins keys with "/" without
 * escaping them ("a/b" stays "a/b"), so the value's own keys tell where one ends.
 */
function keysAt(value: unknown, unescaped: string): string[] | undefined {
  if (unescaped === "") return [];
  if (typeof value !== "object" || value === null || !unescaped.startsWith("/")) return undefined;
  const rest = unescaped.slice(1);
  const record = value as Record<string, unknown>;
  const next = rest.split("/", 1)[0] as string;
  const found = Object.hasOwn(record, next) ? keysAt(record[next], rest.slice(next.length)) : undefined;
  if (found) return [next, ...found];
  // A key holding "/" (rare): only then look through the others.
  for (const key of Object.keys(record)) {
    if (!key.includes("/") || (rest !== key && !rest.startsWith(`${key}/`))) continue;
    const inner = keysAt(record[key], rest.slice(key.length));
    if (inner) return [key, ...inner];
  }
  return undefined;
}

/** The library's error as a violation; `undefined` for an error only summing up others. */
function violationOf(error: JsonError, value: unknown): SchemaViolation | undefined {
  const data = error.data as Record<string, unknown> & { pointer: string; schema: unknown };
  const unescaped = data.pointer.replace(/^#/, "");
  const keys = keysAt(value, unescaped);
  const path = keys ? joinPointer(keys) : unescaped;
  const lastKey = keys?.at(-1) ?? unescaped.split("/").at(-1) ?? "";
  const schema = (typeof data.schema === "object" && data.schema !== null ? data.schema : {}) as Record<
    string,
    unknown
  >;
  const at = (kind: SchemaViolationKind, expected?: unknown) => ({
    path,
    kind,
    ...(expected !== undefined && { expected: String(expected) }),
  });
  const code = String(error.code);
  if (code.startsWith("format-")) return at("format", schema.format ?? code.slice(7, -6));
  switch (code) {
    case "type-error":
      return at("type", [data.expected].flat().join(" or "));
    case "required-property-error":
      return at("required", data.key);
    case "missing-dependency-error":
      return at("required", data.missingProperty);
    case "no-additional-properties-error":
    case "unevaluated-property-error":
      return at("additional_property", lastKey);
    case "invalid-property-name-error":
    case "forbidden-property-error":
      return { path: `${path}/${escapeToken(String(data.property))}`, kind: "property_name" };
    case "additional-items-error":
    case "unevaluated-items-error": {
      const positional = Array.isArray(schema.prefixItems) ? schema.prefixItems : schema.items;
      return at("additional_items", Array.isArray(positional) ? positional.length : lastKey);
    }
    case "enum-error":
      return at("enum", Array.isArray(data.values) ? data.values.map(json).join(", ") : undefined);
    case "const-error":
      return at("const", json(data.expected));
    case "minimum-error":
      return at("minimum", data.minimum);
    case "maximum-error":
      return at("maximum", data.maximum);
    case "exclusive-minimum-error":
      return at("exclusive_minimum", data.minimum);
    case "exclusive-maximum-error":
      return at("exclusive_maximum", data.maximum);
    case "multiple-of-error":
      return at("multiple_of", data.multipleOf);
    case "min-length-error":
    case "min-length-one-error":
      return at("min_length", data.minLength ?? 1);
    case "max-length-error":
      return at("max_length", data.maxLength);
    case "pattern-error":
      return at("pattern", data.pattern);
    case "min-items-error":
    case "min-items-one-error":
      return at("min_items", data.minItems ?? 1);
    case "max-items-error":
      return at("max_items", data.maximum);
    case "unique-items-error":
      return at("unique_items");
    case "contains-error":
    case "contains-any-error":
    case "contains-array-error":
      return at("contains");
    case "contains-min-error":
      return schema.minContains === undefined ? at("contains") : at("min_contains", schema.minContains);
    case "contains-max-error":
      return at("max_contains", schema.maxContains);
    case "min-properties-error":
      return at("min_properties", data.minProperties);
    case "max-properties-error":
      return at("max_properties", data.maxProperties);
    case "any-of-error":
      return at("any_of");
    case "one-of-error":
    case "multiple-one-of-error":
      return at("one_of");
    case "not-error":
      return at("not");
    case "invalid-data-error":
      return at("false_schema");
    default:
      return undefined;
  }
}
