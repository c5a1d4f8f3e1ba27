/**
 * The /v1 contract as code: the seed's interface with the decisions of CONTRACT.md.
 *
 * Request schemas are strict (what we send and what the reference server accepts); response schemas are
 * tolerant (unknown fields kept, every analysis-object field optional) so the client copes with a remote
 * service that decided the open points differently. Every type in the project is inferred from here.
 */
import { z } from "zod";
import { LINK_PROBLEM_MESSAGES, linkProblem, MAX_LINK_LENGTH, normalizeLink } from "../links/link-check";
import {
  METADATA_KEY_CHECKS,
  METADATA_STRING_CHECKS,
  PROMPT_CHECKS,
  TEMPERATURE_CHECKS,
  tooManyMetadataKeys,
} from "./field-schemas";
import { LIMITS } from "./limits";
import { illFormedStrings } from "./well-formed";

export { LIMITS } from "./limits";

export const API_PREFIX = "/v1";

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

// ---------------------------------------------------------------------------------------------------
// What the OpenAPI document states beyond what zod's own JSON Schema says (server/openapi.ts serves it).
// The patterns are ECMA-262 and Python `re` alike, so that generators in either language read them the same.

/** A string without U+0000: the contract refuses NUL in every string of every request (CONTRACT.md "NUL"). */
const NO_NUL_PATTERN = "^[^\\u0000]*$";
const noNul = { pattern: NO_NUL_PATTERN };
const NUL_MESSAGE = "must not contain NUL (U+0000) characters";

/**
 * What `String.prototype.trim` removes (and the C1 and separator controls some languages count as
 * space): a prompt needs one character outside it.
 */
const BLANK =
  "\\t\\n\\v\\f\\r \\u001c-\\u001f\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";
/** A prompt that is not blank and holds no NUL. */
export const PROMPT_PATTERN = `^[^\\u0000]*[^\\u0000${BLANK}][^\\u0000]*$`;

const LABEL = "[a-z0-9]+(?:-[a-z0-9]+)*";
const TOP_LABEL = "[a-z][a-z0-9]*(?:-[a-z0-9]+)*";
const SEGMENT = "[A-Za-z0-9_~!$&'()*+,;=:@-][A-Za-z0-9._~!$&'()*+,;=:@-]*";
/**
 * A link in the canonical form `URL.href` writes: `https://`, a lower-case DNS host (its last label starts
 * with a letter, so it is never read as an IPv4 number), no port, no user-info, a path of segments that are
 * not dot-segments, an optional query, no fragment. Two different links of this form never normalize to the
 * same link. The service reads any absolute `https:` URL without user-info (WHATWG URL parsing); the
 * document states this form, which every client can send.
 */
export const LINK_PATTERN = `^https://(?:${LABEL}\\.)*${TOP_LABEL}/(?:${SEGMENT}(?:/${SEGMENT})*/?)?(?:\\?[A-Za-z0-9._~!$&()*+,;=:@/?-]*)?$`;

/**
 * Any JSON value whose strings and keys hold no NUL, at any depth: `JsonContent`'s values. The schema is
 * recursive, so it is a component of its own, registered by server/openapi.ts.
 */
export const JSON_VALUE_COMPONENT = "JsonValue";
const jsonValueRef = { $ref: `#/components/schemas/${JSON_VALUE_COMPONENT}` };
export const JSON_VALUE_SCHEMA = {
  type: ["string", "number", "boolean", "null", "array", "object"],
  ...noNul,
  items: jsonValueRef,
  propertyNames: noNul,
  additionalProperties: jsonValueRef,
  description: "Any JSON value; no string or key holds U+0000.",
};

/** A JSON object whose keys and strings hold no NUL. */
const documentedJsonObject = {
  type: "object",
  propertyNames: noNul,
  additionalProperties: jsonValueRef,
};

/**
 * The response schema as the document states it: a JSON Schema (2020-12, or draft-07 by its `$schema`) that
 * describes an object at the top level: `type` is "object" (or a list of "object" and "null"), or there is no
 * `type` and `properties` is given. A registered component (server/openapi.ts).
 */
export const RESPONSE_SCHEMA_COMPONENT = "ResponseSchema";
const SUBSCHEMA = {
  type: ["object", "boolean"],
  propertyNames: noNul,
  additionalProperties: jsonValueRef,
  description: "A JSON Schema.",
};
export const RESPONSE_SCHEMA_SCHEMA = {
  ...documentedJsonObject,
  properties: {
    type: {
      anyOf: [
        { const: "object" },
        {
          type: "array",
          items: { enum: ["object", "null"] },
          contains: { const: "object" },
          uniqueItems: true,
        },
      ],
    },
    properties: { type: "object", propertyNames: noNul, additionalProperties: SUBSCHEMA },
  },
  anyOf: [{ required: ["type"] }, { required: ["properties"] }],
  description:
    "A JSON Schema (2020-12, or draft-07 when `$schema` says so) that compiles and describes an object at " +
    'its top level (`type` "object", or `properties` without `type`); at most 64 KiB serialized and 32 ' +
    "levels deep; patterns run with RE2 semantics, so no lookaround and no backreferences.",
};
const responseSchemaRef = { $ref: `#/components/schemas/${RESPONSE_SCHEMA_COMPONENT}` };

// ---------------------------------------------------------------------------------------------------
// Shared pieces

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A JSON object whose keys are data. `z.record` leaves a `__proto__` key out of what it returns (and never
 * checks its value), to keep it from replacing the prototype of the object it builds; the contract stores
 * `__proto__` like any other key. So this checks every own key and value and hands back the object it was
 * given, untouched: `value` must be a schema that checks, never one that transforms. The JSON Schema is the
 * equivalent `z.record`'s.
 */
function dataRecord<V extends z.ZodType>(key: z.ZodString, value: V) {
  const { $schema: _dialect, ...documented } = z.toJSONSchema(z.record(key, value), { io: "input" });
  return z
    .custom<Record<string, z.output<V>>>(isJsonObject, { message: "must be a JSON object" })
    .superRefine((object, ctx) => {
      for (const [name, item] of Object.entries(object)) {
        for (const issue of key.safeParse(name).error?.issues ?? []) {
          ctx.addIssue({ code: "custom", path: [name], message: issue.message });
        }
        for (const issue of value.safeParse(item).error?.issues ?? []) {
          ctx.addIssue({ code: "custom", path: [name, ...issue.path], message: issue.message });
        }
      }
    })
    .meta(documented);
}

export const MetadataValue = z
  .union(
    [
      z
        .string()
        .check(...METADATA_STRING_CHECKS)
        .meta(noNul),
      z.number(),
      z.boolean(),
      z.null(),
    ],
    {
      error: "must be a string, a number, true or false, or null (not an object or an array)",
    },
  )
  .meta({ description: "A string (at most 2,000 characters), a finite number, a boolean or null." });
export type MetadataValue = z.infer<typeof MetadataValue>;

/** Strict metadata, as requests must carry it: keys and values by field-schemas.ts, the editors' rules too. */
export const Metadata = dataRecord(
  z
    .string()
    .check(...METADATA_KEY_CHECKS)
    .meta(noNul),
  MetadataValue,
)
  .refine((value) => !tooManyMetadataKeys(Object.keys(value).length), {
    message: `must have at most ${LIMITS.maxMetadataKeys} keys`,
  })
  .meta({
    id: "Metadata",
    maxProperties: LIMITS.maxMetadataKeys,
    description: `User-defined flat key-value pairs: at most ${LIMITS.maxMetadataKeys} keys.`,
  });
export type Metadata = z.infer<typeof Metadata>;

/** A JSON object (not an array, not a scalar) of at most 256 KiB serialized. */
const JsonContent = dataRecord(z.string(), z.unknown())
  .refine((value) => byteLength(value) <= LIMITS.maxJsonContentBytes, {
    message: "must be at most 256 KiB serialized",
  })
  .meta({
    id: "JsonContent",
    ...documentedJsonObject,
    description: "The JSON object of the generated content: at most 256 KiB serialized.",
  });

const Link = z
  .string()
  .superRefine((link, ctx) => {
    const problem = linkProblem(link);
    if (problem) ctx.addIssue({ code: "custom", message: LINK_PROBLEM_MESSAGES[problem] });
  })
  .meta({
    pattern: LINK_PATTERN,
    maxLength: MAX_LINK_LENGTH,
    description:
      "An absolute `https:` URL without user-info, at most 2,048 characters. The pattern is the canonical " +
      "form (as `URL.href` writes it, without port or fragment); the service also reads any other spelling " +
      "the WHATWG URL parser takes as such a URL.",
  });

const Links = z
  .array(Link)
  .min(1, { message: "must hold at least one link" })
  .max(LIMITS.maxLinks, { message: `must hold at most ${LIMITS.maxLinks} links` })
  .superRefine((links, ctx) => {
    const seen = new Map<string, number>();
    links.forEach((link, index) => {
      const normalized = normalizeLink(link);
      if (normalized === null) return;
      const first = seen.get(normalized);
      if (first === undefined) seen.set(normalized, index);
      else ctx.addIssue({ code: "custom", path: [index], message: `duplicates link ${first}` });
    });
  })
  .meta({
    uniqueItems: true,
    description:
      "1 to 20 links, no two equal after normalization (lower-case host, fragment dropped, default port " +
      "dropped, dot-segments resolved: what `URL.href` writes); a duplicate is refused with 400 naming it.",
  });

export const Prompt = z
  .string()
  .check(...PROMPT_CHECKS)
  .meta({
    pattern: PROMPT_PATTERN,
    description: "Not blank: 1 to 10,000 characters after trimming white space.",
  });

export const Temperature = z.number().check(...TEMPERATURE_CHECKS);

const Timestamp = z.string().meta({ description: "ISO 8601 in UTC with milliseconds." });

/** A JSON Schema document; whether it compiles is checked where ajv runs (the server). */
export const JsonSchemaDocument = z.record(z.string(), z.unknown());
export type JsonSchemaDocument = z.infer<typeof JsonSchemaDocument>;

export const ResponseFormat = z
  .strictObject({
    type: z.literal("json_schema"),
    json_schema: z
      .union([
        z.strictObject({
          name: z.string().min(1).max(64).optional(),
          schema: JsonSchemaDocument,
          strict: z.boolean().optional(),
          description: z.string().optional(),
        }),
        JsonSchemaDocument,
      ])
      .meta({
        anyOf: [
          {
            type: "object",
            properties: {
              name: { type: "string", minLength: 1, maxLength: 64, ...noNul },
              schema: responseSchemaRef,
              strict: { type: "boolean" },
              description: { type: "string", ...noNul },
            },
            required: ["schema"],
            additionalProperties: false,
          },
          responseSchemaRef,
        ],
      }),
  })
  .meta({
    id: "ResponseFormat",
    description: "Structured output: `json_schema.schema` holds the schema (or `json_schema` is the schema).",
  });
export type ResponseFormat = z.infer<typeof ResponseFormat>;

/** The schema a response format carries, whichever of the two accepted shapes it uses. */
export function schemaOfResponseFormat(format: ResponseFormat): JsonSchemaDocument {
  const inner = format.json_schema;
  const isWrapper =
    "schema" in inner && typeof inner.schema === "object" && inner.schema !== null && !("type" in inner);
  return isWrapper ? (inner.schema as JsonSchemaDocument) : inner;
}

// ---------------------------------------------------------------------------------------------------
// Records (tolerant: what a service may answer)

/**
 * `analysis.extras.textSource` when `analysis.text` is the page's own text (our service's extraction): a
 * passage of it is on the page. The seed does not say what `text` is, so without this value it may be a
 * service's own description of the page (lib/sources/service-page-text.ts).
 */
export const PAGE_TEXT_SOURCE = "page";

export const AnalysisObject = z
  .looseObject({
    title: z.string().optional(),
    url: z.string().optional(),
    id: z.string().optional(),
    text: z.string().optional(),
    publishedDate: z.string().optional(),
    author: z.string().optional(),
    score: z.number().optional(),
    image: z.string().optional(),
    favicon: z.string().optional(),
    extras: z
      .looseObject({
        imageLinks: z.array(z.string()).optional(),
        textSource: z
          .string()
          .optional()
          .meta({
            description: `\`${PAGE_TEXT_SOURCE}\` when \`text\` is the page's own text, as extracted from it (this project's addition).`,
          }),
      })
      .optional(),
  })
  .meta({ id: "AnalysisObject", description: "Descriptive data of the analyzed page." });
export type AnalysisObject = z.infer<typeof AnalysisObject>;

/** A JSON value that is not an object or an array. */
const JsonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const LooseMetadata = dataRecord(z.string(), JsonScalar);
const LooseJson = dataRecord(z.string(), z.unknown());

export const AnalysisRecord = z
  .looseObject({
    analysisId: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    analysis: AnalysisObject,
    textContent: z.string().optional(),
    jsonContent: LooseJson.optional(),
    metadata: LooseMetadata.optional(),
  })
  .meta({ id: "AnalysisRecord" });
export type AnalysisRecord = z.infer<typeof AnalysisRecord>;

/** A record as `selectFields` may trim it: only `analysisId` is sure to be there. */
export const PartialAnalysisRecord = AnalysisRecord.partial()
  .required({ analysisId: true })
  .meta({ id: "PartialAnalysisRecord" });
export type PartialAnalysisRecord = z.infer<typeof PartialAnalysisRecord>;

export const AnalyzeResult = z
  .looseObject({
    analysisId: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    analysis: AnalysisObject,
    textContent: z.string().optional(),
    jsonContent: LooseJson.optional(),
  })
  .meta({ id: "AnalyzeResult" });
export type AnalyzeResult = z.infer<typeof AnalyzeResult>;

export const LinkFailure = z
  .looseObject({ link: z.string(), code: z.string(), message: z.string() })
  .meta({ id: "LinkFailure", description: "A link that could not be analyzed (this project's addition)." });
export type LinkFailure = z.infer<typeof LinkFailure>;

// ---------------------------------------------------------------------------------------------------
// POST /v1/links

export const AnalyzeRequest = z
  .strictObject({
    link: Links,
    prompt: Prompt,
    metadata: Metadata.optional(),
    temperature: Temperature.optional(),
    responseFormat: ResponseFormat.optional(),
  })
  .meta({ id: "AnalyzeRequest" });
export type AnalyzeRequest = z.input<typeof AnalyzeRequest>;

export const AnalyzeResponse = z
  .looseObject({
    usageId: z.string(),
    costCredits: z.number().int().nonnegative(),
    results: z.array(AnalyzeResult),
    metadata: LooseMetadata.optional(),
    failures: z.array(LinkFailure).optional(),
  })
  .meta({ id: "AnalyzeResponse" });
export type AnalyzeResponse = z.infer<typeof AnalyzeResponse>;

// ---------------------------------------------------------------------------------------------------
// POST /v1/analyses

export const UpdateAnalysisRequest = z
  .strictObject({
    analysisId: z.string().min(1).meta(noNul),
    textContent: z
      .string()
      .max(LIMITS.maxTextContentLength, {
        message: `must be at most ${LIMITS.maxTextContentLength} characters`,
      })
      .refine((text) => !text.includes("\u0000"), { message: NUL_MESSAGE })
      .meta(noNul)
      .optional(),
    jsonContent: JsonContent.optional(),
    metadata: Metadata.optional(),
  })
  .refine(
    (body) => body.textContent !== undefined || body.jsonContent !== undefined || body.metadata !== undefined,
    {
      message: "must hold at least one of textContent, jsonContent, metadata",
    },
  )
  .meta({
    id: "UpdateAnalysisRequest",
    // analysisId and at least one of the others: the object is closed, so this says exactly that.
    minProperties: 2,
    description: "`analysisId` and at least one of `textContent`, `jsonContent`, `metadata`.",
  });
export type UpdateAnalysisRequest = z.input<typeof UpdateAnalysisRequest>;

// ---------------------------------------------------------------------------------------------------
// GET /v1/analyses and GET /v1/analyses/related

export const RECORD_FIELDS = [
  "analysisId",
  "createdAt",
  "updatedAt",
  "analysis",
  "textContent",
  "jsonContent",
  "metadata",
] as const;
export const RecordField = z.enum(RECORD_FIELDS);
export type RecordField = z.infer<typeof RecordField>;

/** A flat filter object: string keys, scalar values. */
export const FilterObject = dataRecord(z.string(), JsonScalar);
export type FilterObject = z.infer<typeof FilterObject>;

const AnalysisId = z
  .string()
  .min(1, { message: "is required" })
  .refine((id) => !id.includes("\u0000"), { message: NUL_MESSAGE })
  .meta(noNul);

export const GetAnalysisParams = z.strictObject({ analysisId: AnalysisId }).meta({ id: "GetAnalysisParams" });
export type GetAnalysisParams = z.infer<typeof GetAnalysisParams>;

/** What a caller asks of the related list, typed. */
export const RelatedParams = z
  .strictObject({
    analysisId: AnalysisId,
    pageNum: z.number().int().min(1).optional(),
    pageSize: z.number().int().min(1).max(LIMITS.maxPageSize).optional(),
    selectFields: z.array(RecordField).min(1).optional(),
    jsonContent: FilterObject.optional(),
    metadata: FilterObject.optional(),
  })
  .meta({ id: "RelatedParams" });
export type RelatedParams = z.infer<typeof RelatedParams>;

const positiveIntegerString = (max?: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: "must be a whole number" })
    .transform(Number)
    .pipe(max === undefined ? z.number().int().min(1) : z.number().int().min(1).max(max));

/**
 * A filter as the service takes it: a flat object of scalars whose strings, keys included, are well-formed
 * and hold no NUL (well-formed.ts). The refusal and the pattern the document shows live in this one schema,
 * which both the query's validation and the document's `Filter` component come from.
 */
const ServiceFilter = dataRecord(
  z.string().meta(noNul),
  z.union([z.string().meta(noNul), z.number(), z.boolean(), z.null()]),
)
  .superRefine((filter, ctx) => {
    const [illFormed] = illFormedStrings(filter);
    if (illFormed)
      ctx.addIssue({
        code: "custom",
        params: { strings: true },
        message: `must hold only well-formed strings without NUL: ${illFormed.path} ${illFormed.message}`,
      });
  })
  .meta({
    description: "A flat object: a candidate matches when each top-level value equals the given one.",
  });

const filterString = z.string().transform((raw, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be a JSON-encoded object" });
    return z.NEVER;
  }
  const result = ServiceFilter.safeParse(parsed);
  if (!result.success) {
    // The shape's problems come first; only a well-shaped filter gets the message about its strings.
    const [first] = result.error.issues;
    const aboutStrings = first?.code === "custom" && first.params?.strings === true;
    ctx.addIssue({
      code: "custom",
      message: aboutStrings
        ? first.message
        : "must be a JSON object whose values are string, number, boolean or null",
    });
    return z.NEVER;
  }
  return result.data;
});

const fieldListString = z.string().transform((raw, ctx) => {
  const names = raw.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(RECORD_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    ctx.addIssue({
      code: "custom",
      message: `unknown field ${unknown.map((name) => JSON.stringify(name)).join(", ")}; allowed: ${RECORD_FIELDS.join(", ")}`,
    });
    return z.NEVER;
  }
  return names as RecordField[];
});

/** A filter parameter's value as the document states it: `ServiceFilter`'s JSON Schema, a component. */
export const FILTER_COMPONENT = "Filter";
const { $schema: _filterDialect, ...filterSchema } = z.toJSONSchema(ServiceFilter, {
  io: "input",
  unrepresentable: "any",
});
export const FILTER_SCHEMA = filterSchema;

/** A filter parameter: JSON-encoded in the query string. */
const documentedFilter = {
  param: {
    content: { "application/json": { schema: { $ref: `#/components/schemas/${FILTER_COMPONENT}` } } },
  },
};

/** The related list's query string as the wire carries it (every value a string). */
export const RelatedQuery = z
  .strictObject({
    analysisId: AnalysisId,
    pageNum: positiveIntegerString()
      .meta({ type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
      .optional(),
    pageSize: positiveIntegerString(LIMITS.maxPageSize)
      .meta({ type: "integer", minimum: 1, maximum: LIMITS.maxPageSize })
      .optional(),
    selectFields: fieldListString
      .meta({
        type: "array",
        items: { enum: [...RECORD_FIELDS] },
        minItems: 1,
        param: { style: "form", explode: false },
        description: "Comma-separated field names; each record keeps only these, and `analysisId`.",
      })
      .optional(),
    jsonContent: filterString.meta(documentedFilter).optional(),
    metadata: filterString.meta(documentedFilter).optional(),
  })
  .meta({ id: "RelatedQuery" });

/** Encodes typed related parameters as the query string the contract defines. */
export function relatedParamsToQuery(params: RelatedParams): Record<string, string> {
  const query: Record<string, string> = { analysisId: params.analysisId };
  if (params.pageNum !== undefined) query.pageNum = String(params.pageNum);
  if (params.pageSize !== undefined) query.pageSize = String(params.pageSize);
  if (params.selectFields) query.selectFields = params.selectFields.join(",");
  if (params.jsonContent) query.jsonContent = JSON.stringify(params.jsonContent);
  if (params.metadata) query.metadata = JSON.stringify(params.metadata);
  return query;
}

export const RelatedResponse = z.array(PartialAnalysisRecord).meta({ id: "RelatedResponse" });

// ---------------------------------------------------------------------------------------------------
// Errors

export const ERROR_CODES = {
  400: "invalid_request",
  401: "unauthorized",
  402: "insufficient_credits",
  404: "not_found",
  405: "method_not_allowed",
  409: "idempotency_in_progress",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "rate_limited",
  431: "headers_too_large",
  500: "internal_error",
  502: "upstream_error",
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;

export const ErrorDetail = z.looseObject({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** The error body this project's server sends; the client accepts any shape and reads what it can. */
export const ErrorBody = z
  .object({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      details: z.array(ErrorDetail).optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof ErrorBody>;
