import { describesObject } from "./describes-object";

export type SchemaProblem = "not_object" | "not_object_schema";

/**
 * Why a parsed JSON value is not a usable response schema, or `null` when it is: it must be a JSON object
 * describing an object at the top level, by the service's own rule (`describesObject`: `"type": "object"` or
 * `["object", "null"]`, object keywords without a type, a `$ref`, `allOf`, `anyOf` or `oneOf` leading to
 * those). Whether it compiles is the service's check (ajv); this is the part a page can check cheaply.
 */
export function schemaProblem(value: unknown): SchemaProblem | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not_object";
  const schema = value as Record<string, unknown>;
  return describesObject(schema, schema) ? null : "not_object_schema";
}
