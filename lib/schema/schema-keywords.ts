/**
 * The keywords whose values are subschemas, by how they hold them: the one table that the typed schema's
 * check (schema-check.ts) and the service's walk (server/schema/schema-walk.ts) both read, so that neither
 * misses a subschema the other sees. Both drafts' keywords are listed (draft-07's `definitions`,
 * `dependencies`, `additionalItems`; 2020-12's `$defs`, `prefixItems`, `dependentSchemas`, …); the order is
 * the order the walk records them in.
 */

/** Keywords holding a map of names to subschemas. `dependencies` may also map a name to a list of names. */
export const SUBSCHEMA_MAP_KEYWORDS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
] as const;

/** Keywords holding a list of subschemas. */
export const SUBSCHEMA_LIST_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;

/** Keywords holding one subschema. `items` may instead hold a list of them in draft-07 (one per position). */
export const SUBSCHEMA_KEYWORDS = [
  "items",
  "additionalItems",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "contentSchema",
] as const;
