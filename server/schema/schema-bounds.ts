/**
 * The contract's bounds on a response schema ("Limits", "Bounded work"), checked before ajv compiles it:
 * at most 64 KiB serialized and 32 levels deep (the limits and the depth walk the extension checks too), patterns the linear-time engine can run (and not too
 * large together), and a smallest valid value that fits the 256 KiB `jsonContent` limit.
 */
import type { JsonSchemaDocument } from "../../lib/api/contract";
import { LIMITS } from "../../lib/api/limits";
import { linearPattern, PatternProblem } from "../../lib/schema/linear-pattern";
import { MAX_SCHEMA_BYTES, MAX_SCHEMA_DEPTH, pathBeyondDepth } from "../../lib/schema/schema-bounds";
import { isSchemaObject, patternsOf, resolveLocalRef, type Schema, subschemas } from "./schema-walk";

/** All the schema's patterns together, in RE2 instructions: compiling them stays within some 0.1 s. */
const MAX_SCHEMA_PATTERN_SIZE = 8_000;

interface SchemaBoundsProblem {
  /** Dotted path from the top of the schema ("properties.code.pattern"); "" for the schema itself. */
  path: string;
  message: string;
}

export type SchemaBounds =
  | { ok: true /** Total size of the schema's patterns, in RE2 instructions. */; patternSize: number }
  | { ok: false; problem: SchemaBoundsProblem };

const problem = (path: string[], message: string): SchemaBounds => {
  const dotted = path.join(".");
  return { ok: false, problem: { path: dotted, message: dotted ? `${dotted}: ${message}` : message } };
};

/** Checks `schema` (serialized as `text`) against the bounds; the first problem found, if any. */
export function checkSchemaBounds(schema: JsonSchemaDocument, text: string): SchemaBounds {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_SCHEMA_BYTES) {
    return problem([], `the schema is ${bytes} bytes serialized; at most ${MAX_SCHEMA_BYTES} (64 KiB)`);
  }
  const deep = pathBeyondDepth(schema, 1);
  if (deep) return problem(deep, `the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`);

  const paths = subschemas(schema);
  const patterns = checkPatterns(paths);
  if (!patterns.ok) return patterns;

  const smallest = new SmallestValues(schema, paths).of(schema);
  if (smallest.bytes > LIMITS.maxJsonContentBytes) {
    return problem(
      smallest.culprit ?? [],
      `no value of the schema fits the 256 KiB jsonContent limit (the smallest takes at least ${smallest.bytes} bytes)`,
    );
  }
  return patterns;
}

function checkPatterns(paths: Map<Schema, string[]>): SchemaBounds {
  const seen = new Set<string>();
  let total = 0;
  const check = (source: string, path: string[]): SchemaBounds | undefined => {
    let size: number;
    try {
      size = linearPattern(source).size;
    } catch (error) {
      if (!(error instanceof PatternProblem)) throw error;
      return problem(path, `the pattern ${JSON.stringify(source)} ${error.message}`);
    }
    if (seen.has(source)) return undefined;
    seen.add(source);
    total += size;
    if (total > MAX_SCHEMA_PATTERN_SIZE) {
      return problem(
        path,
        `the schema's patterns are too large together for the linear-time regular-expression engine (about ${total} instructions, at most ${MAX_SCHEMA_PATTERN_SIZE})`,
      );
    }
    return undefined;
  };
  for (const [node, path] of paths) {
    if (typeof node.pattern === "string") {
      const found = check(node.pattern, [...path, "pattern"]);
      if (found) return found;
    }
    if (isSchemaObject(node.patternProperties)) {
      for (const source of Object.keys(node.patternProperties)) {
        const found = check(source, [...path, "patternProperties", source]);
        if (found) return found;
      }
    }
  }
  return { ok: true, patternSize: total };
}

// ---------------------------------------------------------------------------------------------------
// The smallest valid value

/** A lower bound on the serialized size of any valid value, and when that is too large, which keyword says so. */
export interface Smallest {
  bytes: number;
  culprit?: string[];
}

const JSON_TYPES = ["null", "boolean", "number", "integer", "string", "array", "object"];
/** Beyond this many nested references the bound gives up (0: no bound), as it does around a cycle. */
const MAX_NESTING = 128;
const NO_BOUND: Smallest = { bytes: 0 };

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "");
const count = (value: unknown) => (typeof value === "number" && value > 0 ? value : 0);
const times = (a: number, b: number) => (a === 0 || b === 0 ? 0 : a * b);
const largest = (parts: Smallest[]) =>
  parts.reduce((best, part) => (part.bytes > best.bytes ? part : best), NO_BOUND);
const smallestOf = (parts: Smallest[]) =>
  parts.reduce((best, part) => (part.bytes < best.bytes ? part : best), parts[0] ?? NO_BOUND);

/**
 * Lower bounds on the size of the values a schema accepts: never more than the true smallest (so nothing
 * satisfiable is refused), exact enough to catch sizes no value can fit (minLength, minItems, minProperties,
 * patterns, and their products). Around a `$ref` cycle the bound is 0: recursion may stop anywhere.
 */
export class SmallestValues {
  private readonly known = new Map<Schema, Smallest>();
  private readonly open = new Set<Schema>();

  constructor(
    private readonly root: JsonSchemaDocument,
    private readonly paths: Map<Schema, string[]> = subschemas(root),
    private readonly limit = LIMITS.maxJsonContentBytes,
  ) {}

  of(node: unknown, nesting = 0): Smallest {
    if (!isSchemaObject(node)) return node === false ? NO_BOUND : { bytes: 1 };
    const known = this.known.get(node);
    if (known) return known;
    if (this.open.has(node) || nesting > MAX_NESTING) return NO_BOUND;
    this.open.add(node);
    const smallest = this.compute(node, this.paths.get(node) ?? [], nesting + 1);
    this.open.delete(node);
    this.known.set(node, smallest);
    return smallest;
  }

  private compute(node: Schema, path: string[], nesting: number): Smallest {
    const parts = [this.byType(node, path, nesting)];
    if (typeof node.$ref === "string") parts.push(this.of(resolveLocalRef(node.$ref, this.root), nesting));
    if (Array.isArray(node.allOf)) for (const part of node.allOf) parts.push(this.of(part, nesting));
    for (const key of ["anyOf", "oneOf"]) {
      const branches = node[key];
      if (Array.isArray(branches) && branches.length > 0) {
        parts.push(smallestOf(branches.map((branch) => this.of(branch, nesting))));
      }
    }
    if ("const" in node) parts.push({ bytes: jsonBytes(node.const) });
    if (Array.isArray(node.enum) && node.enum.length > 0) {
      parts.push({ bytes: Math.min(...node.enum.map(jsonBytes)) });
    }
    return largest(parts);
  }

  private byType(node: Schema, path: string[], nesting: number): Smallest {
    const declared = node.type === undefined ? JSON_TYPES : [node.type].flat();
    const types = declared.filter((type): type is string => typeof type === "string");
    if (node.nullable === true) types.push("null");
    if (types.length === 0) return NO_BOUND;
    return smallestOf(types.map((type) => this.ofType(type, node, path, nesting)));
  }

  private ofType(type: string, node: Schema, path: string[], nesting: number): Smallest {
    switch (type) {
      case "string":
        return this.string(node, path);
      case "array":
        return this.array(node, path, nesting);
      case "object":
        return this.object(node, path, nesting);
      case "number":
      case "integer":
        return { bytes: 1 };
      default:
        return { bytes: 4 }; // null, true
    }
  }

  private string(node: Schema, path: string[]): Smallest {
    const minLength = count(node.minLength);
    let patternLength = 0;
    for (const source of patternsOf(node)) {
      try {
        patternLength = Math.max(patternLength, linearPattern(source).minLength);
      } catch {
        // refused elsewhere
      }
    }
    // A code point takes at least a byte, plus the quotes.
    const bytes = 2 + Math.max(minLength, patternLength);
    return this.blame(bytes, [], [...path, minLength >= patternLength ? "minLength" : "pattern"]);
  }

  private array(node: Schema, path: string[], nesting: number): Smallest {
    const minItems = count(node.minItems);
    if (minItems === 0) return { bytes: 2 };
    // 2020-12: prefixItems + items; draft-07: items as a list + additionalItems.
    const prefix = Array.isArray(node.prefixItems)
      ? node.prefixItems
      : Array.isArray(node.items)
        ? node.items
        : [];
    const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
    const items = prefix.slice(0, minItems).map((item) => this.of(item, nesting));
    let bytes = 2 + (minItems - 1) + items.reduce((sum, item) => sum + item.bytes, 0);
    if (minItems > prefix.length) {
      const item = this.of(rest, nesting);
      items.push(item);
      bytes += times(minItems - prefix.length, item.bytes);
    }
    return this.blame(bytes, items, [...path, "minItems"]);
  }

  private object(node: Schema, path: string[], nesting: number): Smallest {
    const properties = isSchemaObject(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required)
      ? [...new Set(node.required.filter((name): name is string => typeof name === "string"))]
      : [];
    const members = required.map((name) => {
      const schema = Object.hasOwn(properties, name) ? properties[name] : node.additionalProperties;
      return { name, value: this.of(schema, nesting) };
    });
    const extra = Math.max(0, count(node.minProperties) - required.length);
    const memberCount = required.length + extra;
    let bytes = 2 + Math.max(0, memberCount - 1) + times(extra, 4); // the least extra member: "":0
    for (const { name, value } of members) bytes += jsonBytes(name) + 1 + value.bytes;
    const keyword = times(extra, 4) > this.limit ? "minProperties" : "required";
    return this.blame(
      bytes,
      members.map((member) => member.value),
      [...path, keyword],
    );
  }

  /** `bytes`, blamed (when over the limit) on a part over it, else on `keyword`. */
  private blame(bytes: number, parts: Smallest[], keyword: string[]): Smallest {
    if (bytes <= this.limit) return { bytes };
    const over = parts.find((part) => part.bytes > this.limit && part.culprit);
    return { bytes, culprit: over?.culprit ?? keyword };
  }
}
