/**
 * The one table of keywords holding subschemas (lib/schema/schema-keywords.ts): it names every such keyword
 * of the drafts the service takes (by their meta-schemas, as ajv bundles them, and by the keywords the
 * JSON-Schema-Test-Suite uses), and its two readers, the typed schema's check and the service's walk, see
 * the same subschemas.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemaIssues } from "../../lib/schema/schema-check";
import {
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_LIST_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from "../../lib/schema/schema-keywords";
import { subschemas } from "../../server/schema/schema-walk";
import { sharedTestdata } from "../helpers/shared-testdata";

type Holds = "schema" | "list" | "map";
type Json = Record<string, unknown>;

const TABLE = new Map<string, Holds>([
  ...SUBSCHEMA_KEYWORDS.map((keyword) => [keyword, "schema"] as const),
  ...SUBSCHEMA_LIST_KEYWORDS.map((keyword) => [keyword, "list"] as const),
  ...SUBSCHEMA_MAP_KEYWORDS.map((keyword) => [keyword, "map"] as const),
]);

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------------
// The meta-schemas

const META_SCHEMAS = [
  "json-schema-draft-07.json",
  "json-schema-2020-12/schema.json",
  ...["applicator", "content", "core", "format-annotation", "meta-data", "unevaluated", "validation"].map(
    (vocabulary) => `json-schema-2020-12/meta/${vocabulary}.json`,
  ),
];

const requireFromHere = createRequire(import.meta.url);
const metaSchema = (file: string): Json => requireFromHere(`ajv/dist/refs/${file}`) as Json;

/** A reference to the meta-schema itself: the value is a schema. */
const isSchemaRef = (definition: unknown) =>
  isRecord(definition) && (definition.$ref === "#" || definition.$dynamicRef === "#meta");
const takesSchema = (definition: unknown) =>
  isSchemaRef(definition) ||
  (isRecord(definition) && Array.isArray(definition.anyOf) && definition.anyOf.some(isSchemaRef));

/** How the meta-schema says a keyword holds subschemas, if it does. */
function holdsByMeta(definition: unknown): Holds | undefined {
  if (!isRecord(definition)) return undefined;
  if (takesSchema(definition)) return "schema";
  if (typeof definition.$ref === "string" && definition.$ref.endsWith("schemaArray")) return "list";
  if (definition.type === "object" && takesSchema(definition.additionalProperties)) return "map";
  return undefined;
}

describe("the subschema keyword table", () => {
  it("names every keyword the drafts' meta-schemas give subschemas, as they hold them", () => {
    const byMeta = new Map<string, Holds>();
    for (const file of META_SCHEMAS) {
      const properties = metaSchema(file).properties;
      if (!isRecord(properties)) continue;
      for (const [keyword, definition] of Object.entries(properties)) {
        const holds = holdsByMeta(definition);
        if (holds) byMeta.set(keyword, holds);
      }
    }
    expect(byMeta.size).toBeGreaterThan(15);
    expect(Object.fromEntries(TABLE)).toEqual(Object.fromEntries(byMeta));
  });

  it("lists each keyword once", () => {
    expect(TABLE.size).toBe(
      SUBSCHEMA_KEYWORDS.length + SUBSCHEMA_LIST_KEYWORDS.length + SUBSCHEMA_MAP_KEYWORDS.length,
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// The JSON-Schema-Test-Suite

const SUITE = sharedTestdata("json-schema-test-suite");

/** Keywords whose values are data, not schemas, even when they are objects or lists of objects. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples", "$vocabulary", "dependentRequired"]);

/** Every schema of the suite's required tests, in the drafts the service takes. */
function suiteSchemas(suite: string): Json[] {
  const schemas: Json[] = [];
  for (const folder of ["draft2020-12", "draft7"]) {
    for (const file of readdirSync(join(suite, folder)).filter((name) => name.endsWith(".json"))) {
      const groups = JSON.parse(readFileSync(join(suite, folder, file), "utf8")) as { schema: unknown }[];
      for (const { schema } of groups) if (isRecord(schema)) schemas.push(schema);
    }
  }
  return schemas;
}

const holdsSchemas = (value: unknown) =>
  isRecord(value) || (Array.isArray(value) && value.some((item) => isRecord(item) || item === false));

describe.skipIf(!SUITE)("the table on the JSON-Schema-Test-Suite", () => {
  it("covers every keyword the suite's schemas give a schema, a list or a map of schemas", () => {
    const missing = new Set<string>();
    let keywords = 0;
    for (const schema of suiteSchemas(SUITE as string)) {
      for (const node of subschemas(schema).keys()) {
        for (const [keyword, value] of Object.entries(node)) {
          keywords++;
          if (!holdsSchemas(value) || TABLE.has(keyword) || DATA_KEYWORDS.has(keyword)) continue;
          missing.add(keyword);
        }
      }
    }
    expect(keywords).toBeGreaterThan(1_000);
    expect([...missing].sort()).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Its two readers

describe("the typed schema's check and the service's walk", () => {
  /** A schema with a malformed subschema (`type: "text"`, each its own object) under every keyword of the table. */
  const bad = () => ({ type: "text" });
  const schema: Json = { type: "object" };
  for (const [keyword, holds] of TABLE) {
    schema[keyword] = holds === "schema" ? bad() : holds === "list" ? [bad()] : { a: bad() };
  }

  it("both reach the subschema under every keyword of the table", () => {
    const walked = [...subschemas(schema).values()].map((path) => path.join("."));
    const checked = schemaIssues(schema)
      .filter((issue) => issue.kind === "type_unknown")
      .map((issue) => issue.path.replace(/\.type$/, ""));
    const expected = [...TABLE].map(([keyword, holds]) =>
      holds === "schema" ? keyword : holds === "list" ? `${keyword}.0` : `${keyword}.a`,
    );
    expect(walked.sort()).toEqual(["", ...expected].sort());
    expect(checked.sort()).toEqual(expected.sort());
  });
});
