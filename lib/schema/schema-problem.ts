export type SchemaProblem = "not_object" | "not_object_schema";

/**
 * Why a parsed JSON value is not a usable response schema, or `null` when it is: it must be a JSON
 * object describing an object at the top level (`"type": "object"`, or `properties` with no other type).
 * Whether it compiles is the service's check (ajv); this is the part a page can check cheaply.
 */
export function schemaProblem(value: unknown): SchemaProblem | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not_object";
  const schema = value as Record<string, unknown>;
  if (schema.type === "object") return null;
  const hasProperties =
    typeof schema.properties === "object" && schema.properties !== null && !Array.isArray(schema.properties);
  if (schema.type === undefined && hasProperties) return null;
  return "not_object_schema";
}
