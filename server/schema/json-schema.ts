/**
 * Compiling and checking response schemas (JSON Schema 2020-12 or draft-07) with ajv. Compiled
 * validators are cached by the schema's JSON text, since clients send the same schema again and again.
 * Before ajv sees a schema it must keep within the contract's bounds (schema-bounds.ts); ajv then runs
 * its patterns on RE2 (linear-pattern.ts), and each validation has a budget for matching them.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { LRUCache } from "lru-cache";
import type { JsonSchemaDocument } from "../../lib/api/contract";
import { describesObject } from "../../lib/schema/describes-object";
import { escapeToken, splitPointer } from "../../lib/schema/json-pointer";
import {
  linearRegExpEngine,
  PatternBudgetExceeded,
  withPatternBudget,
} from "../../lib/schema/linear-pattern";
import { type SchemaDraft, schemaDraft } from "../../lib/schema/schema-draft";
import { escapeRegExp } from "../../lib/text/escape-reg-exp";
import { checkSchemaBounds } from "./schema-bounds";

export type SchemaValidation =
  | { valid: true }
  | { valid: false; errors: { path: string; message: string }[] };
export type SchemaValidator = (value: unknown) => SchemaValidation;

/**
 * The schema does not compile, is not a supported draft, does not describe an object, or goes beyond the
 * contract's bounds.
 */
export class InvalidSchemaError extends Error {
  constructor(
    message: string,
    /** Where in the schema, as a dotted path from its top ("properties.code.pattern"), when known. */
    readonly path?: string,
  ) {
    super(message);
    this.name = "InvalidSchemaError";
  }
}

export interface CompiledSchema {
  validate: SchemaValidator;
  /** Validates against the subschema at a JSON pointer of the document ("/properties/a/anyOf/0"). */
  validateAt(pointer: string, value: unknown): SchemaValidation;
}

interface CacheEntry extends CompiledSchema {
  /** Drops the schema from the shared ajv instance. */
  release(): void;
  /** What keeping it costs, in RE2 instructions of its patterns (about 100 bytes each). */
  weight: number;
}

const CACHE_SIZE = 200;
/** In RE2 instructions: some 100 MB of compiled patterns at most. */
const CACHE_WEIGHT = 1_000_000;
/** Matching work one validation may do (see `withPatternBudget`): some 0.3 s at worst. */
const VALIDATION_BUDGET = 400_000_000;
/** Compiled schemas and refusals by the schema's JSON text, least recently used out first. */
const cache = new LRUCache<string, CacheEntry | InvalidSchemaError>({
  max: CACHE_SIZE,
  maxSize: CACHE_WEIGHT,
  // lru-cache weighs every entry at least 1; a refusal holds no patterns.
  sizeCalculation: (entry) => (entry instanceof InvalidSchemaError ? 1 : Math.max(1, entry.weight)),
  dispose: (entry) => {
    if (!(entry instanceof InvalidSchemaError)) entry.release();
  },
});
const sharedInstances: Partial<Record<SchemaDraft, AjvInstance>> = {};
let nextKey = 0;

type AjvInstance = Ajv | Ajv2020;

function newInstance(draft: SchemaDraft): AjvInstance {
  // strict: false tolerates unknown keywords ("nullable", "x-…") and formats; malformed
  // keywords still fail the meta-schema check.
  const options = {
    strict: false,
    allErrors: true,
    logger: false,
    code: { regExp: linearRegExpEngine },
  } as const;
  const ajv = draft === "draft-07" ? new Ajv(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}

function sharedInstance(draft: SchemaDraft): AjvInstance {
  let ajv = sharedInstances[draft];
  if (!ajv) {
    ajv = newInstance(draft);
    sharedInstances[draft] = ajv;
  }
  return ajv;
}

function draftOf(schema: JsonSchemaDocument): SchemaDraft {
  const { draft, refused } = schemaDraft(schema.$schema);
  if (!refused) return draft;
  if (refused === "not_string") throw new InvalidSchemaError("$schema must be a string");
  throw new InvalidSchemaError(
    `unsupported $schema ${JSON.stringify(schema.$schema)}: use JSON Schema 2020-12 or draft-07`,
  );
}

/** "/a/0/b" → "a.0.b" (JSON pointer escapes decoded). */
const dottedPath = (pointer: string): string => (splitPointer(pointer) ?? []).join(".");

function toIssue(error: ErrorObject): { path: string; message: string } {
  let pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  // Point at the property concerned rather than at its parent object.
  const property =
    error.keyword === "required"
      ? params.missingProperty
      : error.keyword === "additionalProperties"
        ? params.additionalProperty
        : undefined;
  if (typeof property === "string") pointer += `/${escapeToken(property)}`;
  let message = error.message ?? "is invalid";
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
    message += `: ${params.allowedValues.map((value) => JSON.stringify(value)).join(", ")}`;
  }
  return { path: dottedPath(pointer), message };
}

const CANNOT_BE_CHECKED = "cannot be checked: ";

/** The validation did not run to its end (a $ref cycle no value ends, or the pattern budget ran out). */
export function cannotBeChecked(
  result: SchemaValidation,
): result is Extract<SchemaValidation, { valid: false }> {
  return !result.valid && result.errors.some((error) => error.message.startsWith(CANNOT_BE_CHECKED));
}

function resultOf(validate: ValidateFunction, value: unknown): SchemaValidation {
  let valid: boolean;
  try {
    valid = withPatternBudget(VALIDATION_BUDGET, () => validate(value) as boolean);
  } catch (error) {
    // A $ref cycle that no value ends (`{"anyOf": [{"$ref": "#"}]}`) recurses in ajv until the stack runs out.
    const reason =
      error instanceof PatternBudgetExceeded
        ? error.message
        : error instanceof RangeError
          ? "the schema refers to itself without end"
          : undefined;
    if (reason === undefined) throw error;
    return { valid: false, errors: [{ path: "", message: `${CANNOT_BE_CHECKED}${reason}` }] };
  }
  if (valid) return { valid: true };
  return { valid: false, errors: (validate.errors ?? []).map(toIssue) };
}

function compile(schema: JsonSchemaDocument, text: string): CacheEntry {
  const draft = draftOf(schema);
  const bounds = checkSchemaBounds(schema, text);
  if (!bounds.ok) throw new InvalidSchemaError(bounds.problem.message, bounds.problem.path);
  // A schema with "$id"s registers them in the instance; give it its own so that two different
  // schemas using the same "$id" do not clash.
  const ownsInstance = text.includes('"$id"');
  const ajv = ownsInstance ? newInstance(draft) : sharedInstance(draft);
  const key = `urn:linklens:schema:${nextKey++}`;
  let validate: ValidateFunction | undefined;
  try {
    ajv.addSchema(schema, key);
    validate = ajv.getSchema(key);
  } catch (error) {
    if (!ownsInstance) forget(ajv, key);
    throw new InvalidSchemaError(`the schema does not compile: ${(error as Error).message}`);
  }
  if (!validate || !describesObject(schema, schema)) {
    if (!ownsInstance) forget(ajv, key);
    throw new InvalidSchemaError(
      validate
        ? 'the schema must describe an object at the top level (type: "object")'
        : "the schema does not compile",
    );
  }
  const compiled = validate;
  return {
    validate: (value: unknown) => resultOf(compiled, value),
    validateAt(pointer: string, value: unknown): SchemaValidation {
      const sub = pointer ? ajv.getSchema(`${key}#${pointer}`) : compiled;
      if (!sub) throw new Error(`no subschema at ${pointer}`);
      return resultOf(sub, value);
    },
    release() {
      if (!ownsInstance) forget(ajv, key);
    },
    weight: bounds.patternSize,
  };
}

function forget(ajv: AjvInstance, key: string): void {
  ajv.removeSchema(new RegExp(`^${escapeRegExp(key)}(#|$)`));
}

function cachedCompile(schema: JsonSchemaDocument): CompiledSchema {
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    throw new InvalidSchemaError("the schema is not JSON");
  }
  const hit = cache.get(text);
  if (hit instanceof InvalidSchemaError) throw hit;
  if (hit) return hit;
  let entry: CacheEntry | InvalidSchemaError;
  try {
    entry = compile(schema, text);
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    entry = error;
  }
  cache.set(text, entry);
  if (entry instanceof InvalidSchemaError) throw entry;
  return entry;
}

/**
 * Compiles a response schema into a validator. Throws `InvalidSchemaError` when the schema does not
 * compile, declares a draft other than 2020-12 or draft-07, or does not describe an object.
 * Error paths are dotted ("a.0.b"); a missing or extra property is named in the path.
 */
export function compileResponseSchema(schema: JsonSchemaDocument): SchemaValidator {
  return cachedCompile(schema).validate;
}

/** Like `compileResponseSchema`, plus validation against a subschema located by JSON pointer. */
export function compileSchemaWithLocations(schema: JsonSchemaDocument): CompiledSchema {
  return cachedCompile(schema);
}

/** "a.0.b: must be string; c: must have required property 'c'" */
export function describeIssues(errors: { path: string; message: string }[], limit = 5): string {
  const shown = errors.slice(0, limit).map(({ path, message }) => (path ? `${path}: ${message}` : message));
  if (errors.length > limit) shown.push(`and ${errors.length - limit} more`);
  return shown.join("; ");
}
