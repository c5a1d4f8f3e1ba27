/**
 * Fills a JSON Schema from a page's facts: walks the schema (references, allOf, anyOf/oneOf, enum,
 * const, types), guesses what each property is about from its name, takes the matching fact, and
 * bends it to the keywords (lengths, bounds, formats, patterns). Arrays of objects are filled from
 * lists the page yields: people, sections, questions, dated events, key sentences.
 *
 * The work is bounded (recursive schemas included): past a number of steps or characters the filler
 * turns frugal (optional properties left out, lists at their minItems, the smallest `anyOf` branch
 * first), and past a hard limit it gives up with a `schema_unsatisfiable` GenerationError.
 */
import type { JsonSchemaDocument } from "../../../lib/api/contract";
import { LIMITS } from "../../../lib/api/limits";
import { PatternBudgetExceeded, withPatternBudget } from "../../../lib/schema/linear-pattern";
import { type CompiledSchema, cannotBeChecked, describeIssues } from "../../schema/json-schema";
import { SmallestValues } from "../../schema/schema-bounds";
import {
  allowedTypes,
  isSchemaObject,
  type JsonType,
  resolveSchema,
  type Schema,
  schemaLocations,
  subschemas,
  UnsupportedSchema,
} from "../../schema/schema-walk";
import type { PageFacts } from "../text/page-facts";
import { isStopWord } from "../text/terms";
import { GenerationError } from "../types";
import { classifyField, type FieldKind, type FieldName } from "./field-kinds";
import { FieldValues } from "./field-values";
import { listItems, PAGE, preferredCount, type Slot, type Subject, sentenceItems } from "./list-items";
import { markNotStated } from "./not-stated";
import { boundsOf, fitNumber, numberConstraints } from "./number-fit";
import { isStatedOnly } from "./stated-fields";
import { fitString, type StringConstraints, stringConstraints } from "./string-fit";

/** An optional property with nothing to say: left out of its object. */
const OMIT = Symbol("omit");
type Outcome = { ok: true; value: unknown } | { ok: false; reason: string };
const ok = (value: unknown): Outcome => ({ ok: true, value });
const fail = (reason: string): Outcome => ({ ok: false, reason });

const MAX_DEPTH = 12;
/** Beyond this depth lists are kept to their minItems, and beyond twice it optional properties are left out. */
const DEEP = 4;
const NUMERIC_KINDS = new Set<FieldKind>(["count", "readingTime", "score", "year", "index"]);
/** What a free-form top-level object (`{"type": "object"}`) is given. */
const DEFAULT_FIELDS = ["title", "url", "summary", "keywords", "author", "publishedDate"];
/** Values looked at (each subschema visit is one) before the filler turns frugal, and before it gives up. */
const FRUGAL_STEPS = 2_000;
const MAX_STEPS = 20_000;
/** Characters of strings produced before the filler turns frugal; then strings are cut to this length. */
const FRUGAL_CHARS = 64 * 1024;
const FRUGAL_STRING_LENGTH = 40;
/** Matching work for patterns (see `withPatternBudget`), the final validation included: some 0.3 s at worst. */
const PATTERN_BUDGET = 400_000_000;

class BoundsReached extends Error {}

const TOO_DEEP = "the schema nests too deeply";
/** Fills a required string the page does not state, as far as minLength asks. */
const NOT_STATED = "not stated ";

const unsatisfiable = (reason: string) =>
  new GenerationError(`could not produce JSON matching the schema: ${reason}`, false, "schema_unsatisfiable");

export class JsonFiller {
  private readonly locations: Map<object, string>;
  private readonly values: FieldValues;
  private readonly smallest: SmallestValues;
  private steps = 0;
  /** The least depth from which each `anyOf`/`oneOf` branch failed by nesting too deeply. */
  private readonly tooDeep = new WeakMap<object, number>();
  /** Characters of the strings produced so far (those of abandoned branches too). */
  private produced = 0;
  /** Required properties the page does not state, given the least-wrong valid value instead. */
  private readonly unstated = new Set<string>();

  constructor(
    private readonly facts: PageFacts,
    private readonly root: JsonSchemaDocument,
    private readonly compiled: CompiledSchema,
  ) {
    const found = subschemas(root);
    this.locations = schemaLocations(root, found);
    this.values = new FieldValues(facts);
    this.smallest = new SmallestValues(root, found);
  }

  /**
   * An object valid against the schema and within the jsonContent limit, or a `GenerationError` (code
   * `schema_unsatisfiable`) saying what could not be satisfied.
   */
  fill(): Record<string, unknown> {
    try {
      const value = withPatternBudget(PATTERN_BUDGET, () => this.fillWithinBounds());
      if (this.unstated.size > 0) markNotStated(value, [...this.unstated]);
      return value;
    } catch (error) {
      if (error instanceof BoundsReached || error instanceof PatternBudgetExceeded) {
        throw unsatisfiable(`the generator reached its bounds (${error.message})`);
      }
      throw error;
    }
  }

  private fillWithinBounds(): Record<string, unknown> {
    const slot: Slot = { field: classifyField(undefined), subject: PAGE, index: 0, required: true };
    const outcome = this.value(this.root, slot, 0);
    if (!outcome.ok) throw unsatisfiable(outcome.reason);
    const result = this.compiled.validate(outcome.value);
    if (!result.valid) throw unsatisfiable(describeIssues(result.errors));
    const bytes = Buffer.byteLength(JSON.stringify(outcome.value));
    if (bytes > LIMITS.maxJsonContentBytes) {
      throw unsatisfiable(`the value takes ${bytes} bytes, more than the 256 KiB jsonContent limit`);
    }
    return outcome.value as Record<string, unknown>;
  }

  /** Past its first bounds the filler does only what the schema requires. */
  private get frugal(): boolean {
    return this.steps > FRUGAL_STEPS || this.produced > FRUGAL_CHARS;
  }

  private value(node: unknown, slot: Slot, depth: number): Outcome {
    if (++this.steps > MAX_STEPS) throw new BoundsReached(`more than ${MAX_STEPS} steps`);
    if (depth > MAX_DEPTH) return slot.required ? fail(TOO_DEEP) : ok(OMIT);
    let schema: Schema | false;
    try {
      schema = resolveSchema(node, this.root);
    } catch (error) {
      if (error instanceof UnsupportedSchema) return fail(error.message);
      throw error;
    }
    if (schema === false) return fail("the schema allows no value");
    if ("const" in schema) return ok(schema.const);
    if (Array.isArray(schema.anyOf)) return this.fromBranches(schema, "anyOf", slot, depth);
    if (Array.isArray(schema.oneOf)) return this.fromBranches(schema, "oneOf", slot, depth);
    if (Array.isArray(schema.enum)) {
      const missing = this.values.factMissing(slot);
      if (missing && !slot.required) return ok(OMIT);
      if (missing && schema.enum.includes(null)) return ok(null);
      return this.fromEnum(schema, slot);
    }
    return this.byType(schema, slot, depth);
  }

  private fromBranches(schema: Schema, keyword: "anyOf" | "oneOf", slot: Slot, depth: number): Outcome {
    const { [keyword]: listed, ...base } = schema;
    const branches = listed as unknown[];
    const isNull = (branch: unknown) => isSchemaObject(branch) && branch.type === "null";
    const preferNull =
      this.values.factMissing(slot) || branches.some((branch) => this.placeholderOnly(branch));
    let ordered = [...branches].sort(
      (a, b) => Number(isNull(a) !== preferNull) - Number(isNull(b) !== preferNull),
    );
    // Deep down (recursive schemas) or once frugal, the branch with the smallest values first: the one
    // that ends the recursion.
    if (depth > DEEP || this.frugal) {
      ordered = ordered.sort((a, b) => this.smallest.of(a).bytes - this.smallest.of(b).bytes);
    }
    let fallback: Outcome | undefined;
    let reason = `no branch of ${keyword} could be satisfied`;
    for (const branch of ordered) {
      // A branch that nested too deeply from some depth does so from any deeper one: not tried again.
      const tooDeepFrom = isSchemaObject(branch) ? this.tooDeep.get(branch) : undefined;
      if (tooDeepFrom !== undefined && depth + 1 >= tooDeepFrom) {
        reason = "the schema nests too deeply";
        continue;
      }
      // A branch counts as a level: a branch that refers back to its own anyOf must still end.
      const outcome = this.value({ allOf: [base, branch] }, slot, depth + 1);
      if (!outcome.ok) {
        reason = outcome.reason;
        if (isSchemaObject(branch) && outcome.reason.endsWith(TOO_DEEP)) this.tooDeep.set(branch, depth + 1);
        continue;
      }
      if (outcome.value === OMIT) return outcome;
      if (!this.matches(branch, outcome.value)) continue;
      if (
        keyword === "oneOf" &&
        branches.some((other) => other !== branch && this.matches(other, outcome.value))
      ) {
        fallback ??= outcome;
        continue;
      }
      return outcome;
    }
    return fallback ?? fail(reason);
  }

  /** An email branch on a page that shows no address: only a placeholder could fill it. */
  private placeholderOnly(branch: unknown): boolean {
    return isSchemaObject(branch) && branch.format === "email" && this.facts.emails.length === 0;
  }

  /** Whether `value` validates against a subschema of the document (true when it cannot be located). */
  private matches(subschema: unknown, value: unknown): boolean {
    if (!isSchemaObject(subschema)) return subschema !== false;
    const pointer = this.locations.get(subschema);
    if (pointer === undefined) return true;
    let result: ReturnType<CompiledSchema["validateAt"]>;
    try {
      result = this.compiled.validateAt(pointer, value);
    } catch {
      return true; // the final validation of the whole object decides
    }
    // A branch that cannot be checked (a $ref cycle no value ends) will not be checkable at the end
    // either: give up now rather than run it to the stack's end once per branch tried (seconds).
    if (cannotBeChecked(result)) throw unsatisfiable(describeIssues(result.errors));
    return result.valid;
  }

  private fromEnum(schema: Schema, slot: Slot): Outcome {
    const types = allowedTypes(schema);
    const values = (schema.enum as unknown[]).filter((value) => !types || typeAllowedLoose(value, types));
    if (values.length === 0) return fail("no enum value has an allowed type");
    return ok(this.values.rankEnum(values, slot)[0]);
  }

  private byType(schema: Schema, slot: Slot, depth: number): Outcome {
    const types = allowedTypes(schema);
    const missing = this.values.factMissing(slot);
    if (missing && !slot.required) return ok(OMIT);
    if (missing && types?.includes("null")) return ok(null);
    let reason = "no type of the schema could be filled";
    for (const type of this.typeOrder(types, slot)) {
      const outcome = this.ofType(type, schema, slot, depth);
      if (outcome.ok) return outcome;
      reason = outcome.reason;
    }
    return fail(reason);
  }

  private typeOrder(types: JsonType[] | undefined, slot: Slot): JsonType[] {
    const natural: JsonType = NUMERIC_KINDS.has(slot.field.kind) ? "number" : "string";
    if (!types) return [natural];
    const nonNull = types.filter((type) => type !== "null");
    const preferred = nonNull.filter(
      (type) => type === natural || (natural === "number" && type === "integer"),
    );
    const ordered = [...preferred, ...nonNull.filter((type) => !preferred.includes(type))];
    return types.includes("null") ? [...ordered, "null"] : ordered;
  }

  private ofType(type: JsonType, schema: Schema, slot: Slot, depth: number): Outcome {
    switch (type) {
      case "object":
        return this.object(schema, slot, depth);
      case "array":
        return this.array(schema, slot, depth);
      case "string":
        return this.string(schema, slot);
      case "number":
      case "integer":
        return this.number(schema, slot, type === "integer");
      case "boolean":
        return ok(this.values.boolean(slot));
      case "null":
        return ok(null);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Objects and arrays

  private object(schema: Schema, slot: Slot, depth: number): Outcome {
    const subject = this.objectSubject(slot);
    const properties = isSchemaObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required)
      ? schema.required.filter((name): name is string => typeof name === "string")
      : [];
    const extraSchema = schema.additionalProperties === undefined ? {} : schema.additionalProperties;
    let names = Object.keys(properties);
    if (names.length === 0 && required.length === 0 && depth === 0 && extraSchema !== false)
      names = DEFAULT_FIELDS;

    const result: Record<string, unknown> = {};
    for (const name of [...names, ...required.filter((name) => !names.includes(name))]) {
      const isRequired = required.includes(name);
      if (!isRequired && (depth > DEEP * 2 || this.frugal)) continue;
      const propertySchema = name in properties ? properties[name] : extraSchema;
      if (propertySchema === false) {
        if (isRequired) return fail(`the required property "${name}" is not allowed`);
        continue;
      }
      const field = fieldOf(name, propertySchema);
      if (
        isRequired &&
        isStatedOnly(field.kind) &&
        this.values.factMissing({ field, subject, index: 0, required: true })
      )
        this.unstated.add(name);
      const outcome = this.value(
        propertySchema,
        { field, subject, index: slot.index, required: isRequired },
        depth + 1,
      );
      if (!outcome.ok) {
        if (isRequired) return fail(`${name}: ${outcome.reason}`);
        continue;
      }
      if (outcome.value !== OMIT) result[name] = outcome.value;
    }
    const maxProperties =
      typeof schema.maxProperties === "number" ? schema.maxProperties : Number.POSITIVE_INFINITY;
    for (const name of Object.keys(result).reverse()) {
      if (Object.keys(result).length <= maxProperties) break;
      if (!required.includes(name)) delete result[name];
    }
    return ok(result);
  }

  /** Who an object describes: an author object is about the author, a sentiment object about the tone. */
  private objectSubject(slot: Slot): Subject {
    if (slot.subject.type !== "page") return slot.subject;
    const { page } = this.facts;
    switch (slot.field.kind) {
      case "author":
        return { type: "author", name: this.facts.author ?? this.facts.people[0]?.name ?? "Unknown" };
      case "sentiment":
        return { type: "sentiment" };
      case "image":
        return {
          type: "image",
          url: this.facts.image ?? page.analysis.extras.imageLinks[0] ?? page.analysis.favicon,
        };
      default:
        return slot.subject;
    }
  }

  private array(schema: Schema, slot: Slot, depth: number): Outcome {
    const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
    const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Number.POSITIVE_INFINITY;
    const unique = schema.uniqueItems === true;
    // 2020-12: prefixItems + items; draft-07: items as an array + additionalItems.
    const prefix = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : [];
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;

    const collection = prefix.length > 0 ? slot.field.kind : this.collectionKind(slot.field.kind, rest);
    const subjects = listItems(this.facts, collection, slot);
    // A tuple gets its declared items; a list as many as the page offers (within bounds).
    const preferred =
      prefix.length > 0 ? prefix.length : preferredCount(this.facts, collection, subjects.primary.length);
    // Deep down (recursive schemas) lists get only the items they must have.
    const wanted = Math.min(maxItems, Math.max(minItems, depth > DEEP || this.frugal ? 0 : preferred));
    const candidates = [...subjects.primary, ...subjects.backup];
    // Sentences are the last resort for reaching a minItems.
    if (candidates.length < minItems && subjects.primary[0]?.type !== "sentence") {
      candidates.push(...sentenceItems(this.facts, slot));
    }
    const field = collection === slot.field.kind ? slot.field : { ...slot.field, kind: collection };
    const values: unknown[] = [];
    const seen = new Set<string>();
    let reason = "";

    for (
      let position = 0;
      values.length < wanted && position < Math.max(candidates.length, prefix.length);
      position++
    ) {
      const itemSchema = values.length < prefix.length ? prefix[values.length] : (rest ?? {});
      if (itemSchema === false) break;
      const subject = candidates[position] ?? PAGE;
      const outcome = this.value(
        itemSchema,
        { field, subject, index: values.length, required: true },
        depth + 1,
      );
      if (!outcome.ok || outcome.value === OMIT) {
        if (!outcome.ok) reason = outcome.reason;
        continue;
      }
      const key = JSON.stringify(outcome.value);
      if (unique && seen.has(key)) continue;
      seen.add(key);
      values.push(outcome.value);
    }
    if (values.length < minItems) {
      return fail(`found ${values.length} of the ${minItems} items required${reason ? ` (${reason})` : ""}`);
    }
    return ok(values);
  }

  /**
   * What a list holds. The name says it for "people", "sections", "faq" …; for an uninformative name
   * ("items", "quoted", "entries") the shape of its objects does: name + role are people, question +
   * answer questions, date + description events, heading + text sections.
   */
  private collectionKind(kind: FieldKind, items: unknown): FieldKind {
    if (kind !== "other" && kind !== "point") return kind;
    let schema: Schema | false;
    try {
      schema = resolveSchema(items, this.root);
    } catch {
      return kind;
    }
    if (schema === false || !isSchemaObject(schema.properties)) return kind;
    const fields = Object.keys(schema.properties).map((name) => classifyField(name));
    const has = (test: (field: FieldName) => boolean) => fields.some(test);
    if (has((field) => field.kind === "question") && has((field) => field.kind === "answer"))
      return "question";
    if (has((field) => field.kind === "date" || field.kind === "year")) return "event";
    const roleLike = (field: FieldName) =>
      field.kind === "role" || field.words.some((word) => word === "title" || word === "job");
    if (has(roleLike) && has((field) => field.words.includes("name"))) return "people";
    if (has((field) => field.words.includes("heading"))) return "sections";
    return kind;
  }

  // ---------------------------------------------------------------------------------------------
  // Scalars

  private string(schema: Schema, slot: Slot): Outcome {
    const constraints = stringConstraints(schema);
    if (constraints.patternProblem) return fail(constraints.patternProblem);
    if (constraints.minLength > LIMITS.maxJsonContentBytes - this.produced) {
      return fail(
        `minLength ${constraints.minLength} does not fit what is left of the 256 KiB jsonContent limit`,
      );
    }
    // What the page does not state is not made up: a required one is the least-wrong valid string.
    const unstated = isStatedOnly(slot.field.kind) && this.values.factMissing(slot);
    const padding = unstated
      ? () => NOT_STATED.repeat(Math.ceil(constraints.minLength / NOT_STATED.length) + 1)
      : () => `${this.facts.summary(8)} ${this.facts.text}`.trim();
    const fitWithin = (within: StringConstraints) => {
      const short = within.maxLength <= 80;
      const candidates = unstated ? [""] : this.values.strings(slot, within.format, short);
      return fitString(candidates, within, padding);
    };
    // Once frugal, strings are kept short where the schema allows (a URL or a date cannot be cut).
    const frugalLength = Math.max(constraints.minLength, FRUGAL_STRING_LENGTH);
    let value: string | undefined;
    if (this.frugal && frugalLength < constraints.maxLength) {
      value = fitWithin({ ...constraints, maxLength: frugalLength });
    }
    value ??= fitWithin(constraints);
    if (value !== undefined) {
      this.produced += value.length;
      return ok(value);
    }
    const rules = [
      constraints.format && `format ${constraints.format}`,
      ...constraints.patterns.map((pattern) => `pattern ${pattern.source}`),
      constraints.minLength > 0 && `minLength ${constraints.minLength}`,
      Number.isFinite(constraints.maxLength) && `maxLength ${constraints.maxLength}`,
    ].filter(Boolean);
    return fail(`no string from the page fits ${rules.join(", ") || "the schema"}`);
  }

  private number(schema: Schema, slot: Slot, integer: boolean): Outcome {
    const constraints = numberConstraints(schema, integer);
    const { low, high } = boundsOf(constraints);
    let wanted = this.values.number(slot);
    const { kind } = slot.field;
    if (wanted !== undefined && kind === "score") {
      // A 0–1 relevance on the scale the schema uses (0–10, 1–5, 0–100 …).
      if (Number.isFinite(high) && high > 1) {
        const from = Number.isFinite(low) ? low : 0;
        wanted = from + wanted * (high - from);
      } else if (integer && !Number.isFinite(high)) wanted *= 100;
    }
    if (
      wanted !== undefined &&
      kind === "sentiment" &&
      Number.isFinite(low) &&
      low >= 0 &&
      Number.isFinite(high)
    ) {
      wanted = low + ((wanted + 1) / 2) * (high - low);
    }
    if (wanted === undefined)
      wanted = Number.isFinite(low) ? low : Number.isFinite(high) ? Math.min(0, high) : 0;
    const value = fitNumber(integer ? Math.round(wanted) : wanted, constraints);
    return value === undefined ? fail("no number satisfies the bounds and multipleOf") : ok(value);
  }
}

/** A description about a product or a shop: only then does it make a vague name a product field. */
const PRODUCT_DESCRIPTION =
  /\b(?:products?|shops?|stores?|items?|sku|mpn|gtin|ean|upc|isbn|asin|prices?|stock|retailer|seller)\b/i;
/** Names that say too little for their kind to win over a description that names a product field. */
const VAGUE_KINDS = new Set<FieldKind>(["other", "id", "count", "index", "type"]);

function fieldOf(name: string, schema: unknown): FieldName {
  const field = classifyField(name);
  if (!VAGUE_KINDS.has(field.kind) || !isSchemaObject(schema) || typeof schema.description !== "string")
    return field;
  // A name that says little ("x", "value", "id", "number"): the description may say more.
  const described = classifyField(
    schema.description
      .split(/\s+/)
      .filter((word) => !isStopWord(word.toLowerCase()))
      .slice(0, 6)
      .join(" "),
  );
  const topicTerms = [...field.topicTerms, ...described.topicTerms];
  // "id" described as "the identifier the shop uses for this product" is a product code; "number" described
  // as "the article's number in the series" keeps its kind and looks for the description's words.
  const aboutProduct = PRODUCT_DESCRIPTION.test(schema.description);
  if (field.kind === "other" || (isStatedOnly(described.kind) && aboutProduct))
    return { ...described, words: field.words, topicTerms };
  return { ...field, topicTerms };
}

function typeAllowedLoose(value: unknown, types: JsonType[]): boolean {
  if (value === null) return types.includes("null");
  if (Array.isArray(value)) return types.includes("array");
  if (typeof value === "number")
    return types.includes("number") || (Number.isInteger(value) && types.includes("integer"));
  return types.includes(typeof value as JsonType);
}
