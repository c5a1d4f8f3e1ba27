/**
 * Whether a response schema describes an object at its top level: the one rule the service and the extension
 * both apply (CONTRACT.md: "describe an object at the top level").
 */
import { resolveLocalRef } from "./local-ref";

const isRecord = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords that only apply to objects, each with the value that makes it one (`properties: []` is not). */
const OBJECT_KEYWORDS: [string, (value: unknown) => boolean][] = [
  ["properties", isRecord],
  ["patternProperties", isRecord],
  ["required", Array.isArray],
  ["additionalProperties", (value) => typeof value === "boolean" || isRecord(value)],
];

/**
 * Whether `node` (in the document `root`) can only be satisfied by objects (or null): `type` "object", or a
 * list of "object" and "null"; no `type` but object keywords; a local `$ref` to such a schema; an `allOf`
 * with one; an `anyOf`/`oneOf` of only such branches.
 */
export function describesObject(
  node: unknown,
  root: Record<string, unknown>,
  seen = new Set<unknown>(),
): boolean {
  if (typeof node !== "object" || node === null || Array.isArray(node) || seen.has(node)) return false;
  seen.add(node);
  const schema = node as Record<string, unknown>;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return types.includes("object") && types.every((type) => type === "object" || type === "null");
  }
  if (OBJECT_KEYWORDS.some(([key, wellFormed]) => key in schema && wellFormed(schema[key]))) return true;
  if (typeof schema.$ref === "string" && describesObject(resolveLocalRef(schema.$ref, root), root, seen))
    return true;
  if (Array.isArray(schema.allOf) && schema.allOf.some((part) => describesObject(part, root, seen)))
    return true;
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (
      Array.isArray(branches) &&
      branches.length > 0 &&
      branches.every((part) => describesObject(part, root, seen))
    ) {
      return true;
    }
  }
  return false;
}
