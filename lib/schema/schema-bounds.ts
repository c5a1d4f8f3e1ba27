/**
 * The contract's bounds on a response schema ("Limits", "Bounded work") that a page can check as the
 * schema is typed, measured the way the service measures them at request time: at most 64 KiB serialized,
 * at most 32 levels deep, and patterns a linear-time engine (RE2) can run, so no lookaround and no
 * backreferences. Patterns are read by the parser the service uses (regexpp, ECMAScript with the `u` flag).
 * The service also refuses schemas whose smallest valid value cannot fit 256 KiB: that is left to it.
 */
import { RegExpValidator } from "@eslint-community/regexpp";

export const MAX_SCHEMA_BYTES = 64 * 1024;
/** Nesting levels of the schema's JSON, the schema itself being level 1. */
export const MAX_SCHEMA_DEPTH = 32;

/** The schema's size as sent: its JSON, in UTF-8 bytes. */
export function schemaBytes(schema: unknown): number {
  return new TextEncoder().encode(JSON.stringify(schema)).length;
}

/** The keys down to the first object or array nested deeper than the limit, or `undefined`. */
export function pathBeyondDepth(value: unknown, depth = 1): string[] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (depth > MAX_SCHEMA_DEPTH) return [];
  for (const [key, child] of Object.entries(value)) {
    const found = pathBeyondDepth(child, depth + 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

export type PatternProblem = "invalid" | "lookaround" | "backreference";

/** Why the service would refuse a `pattern` (or `patternProperties` key), or `undefined` when it runs it. */
export function patternProblem(source: string): PatternProblem | undefined {
  let found: PatternProblem | undefined;
  const validator = new RegExpValidator({
    ecmaVersion: 2025,
    onLookaroundAssertionEnter: () => {
      found ??= "lookaround";
    },
    onBackreference: () => {
      found ??= "backreference";
    },
  });
  try {
    validator.validatePattern(source, 0, source.length, { unicode: true });
  } catch {
    return "invalid";
  }
  return found;
}
