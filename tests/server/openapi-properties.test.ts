/**
 * Property-based test of the service against its own /openapi.json, Schemathesis-style: for every operation,
 * seeded requests made from the document's parameters, headers and body schemas (fast-check), sent over HTTP
 * with a valid key, a wrong key and no key. It fails when the service refuses (400, 413, 415) a request the
 * document allows, answers a status the operation does not declare or any 5xx, sends a body that does not
 * fit the declared schema, leaves out a header the document says it sends, or sends one of the contract's
 * headers where the document does not declare it.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { schemaArbitraries } from "./helpers/json-schema-arbitrary";
import { type Answer, KEY, readAnswer, siteAndServicePerFile } from "./helpers/service";

const SEED = 20261126;
/**
 * Requests per operation with the valid key (an analyze request looks up every link's host, so fewer of
 * those), and per operation with a wrong key or none; the whole file stays under 2 minutes.
 */
const RUNS = 120;
const ANALYZE_RUNS = 30;
const UNAUTHORIZED_RUNS = 30;
const WRONG_KEY = "lk_test_not_a_key";
/** The contract's headers whose presence the document must declare. */
const TRACKED_HEADERS = ["etag", "idempotent-replayed", "retry-after", "allow"];

type Json = Record<string, any>;

interface Parameter {
  name: string;
  in: "query" | "header" | "path" | "cookie";
  required?: boolean;
  schema?: Json;
  content?: Record<string, { schema: Json }>;
  style?: string;
  explode?: boolean;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Json;
  responses: Record<string, Json>;
}

interface GeneratedRequest {
  query: [string, string][];
  headers: Record<string, string>;
  body?: unknown;
}

const env = siteAndServicePerFile();
let document: Json;
let operations: Operation[];
let ajv: Ajv2020;
/** Analyses the valid key owns, so that reads and updates reach past 404. */
let analysisIds: string[];

beforeAll(async () => {
  document = await (await fetch(`${env.service.url}/openapi.json`)).json();
  operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: (operation.parameters ?? []) as Parameter[],
      body: operation.requestBody?.content?.["application/json"]?.schema,
      responses: operation.responses,
    })),
  );
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: "openapi.json", components: document.components });
  const seeded = await env.service.call("POST", "/v1/links", {
    body: {
      link: [`${env.site.origin}/blog/post.html`, `${env.site.origin}/news/article.html`],
      prompt: "Summarize the page",
      metadata: { topic: "otters" },
    },
  });
  expect(seeded.status).toBe(200);
  analysisIds = seeded.body.results.map((result: { analysisId: string }) => result.analysisId);
}, 120_000);

/** A schema of the document, its `$ref`s resolving among the document's components. */
const validatorOf = (schema: Json): ValidateFunction =>
  ajv.compile({ $ref: "#/$defs/it", $defs: { it: rebase(schema) } });

/** `#/components/…` refs as refs into the document added to ajv under "openapi.json". */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith("#/")
        ? `openapi.json${value}`
        : rebase(value),
    ]),
  );
}

/** A request the document allows for `operation`: every required parameter, optional ones at random. */
function requestsOf(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const arbitraries = schemaArbitraries(document);
  const idOrAny = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...analysisIds) }, { weight: 1, arbitrary });
  const parameters = operation.parameters.map((parameter) => {
    const schema = parameter.schema ?? parameter.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${parameter.name}: neither a schema nor JSON content`);
    const value = parameter.name === "analysisId" ? idOrAny(arbitraries.of(schema)) : arbitraries.of(schema);
    const encoded = value.map((item) => encodeParameter(parameter, item));
    return parameter.required
      ? encoded.map((text) => [parameter, text] as const)
      : fc.option(
          encoded.map((text) => [parameter, text] as const),
          { nil: undefined },
        );
  });
  const body =
    operation.body === undefined
      ? fc.constant(undefined)
      : arbitraries.of(operation.body).chain((value) =>
          // Updates name an analysis the key owns most of the time, as a client's would.
          typeof value === "object" && value !== null && "analysisId" in value
            ? fc
                .constantFrom(...analysisIds)
                .map((id) => ({ ...value, analysisId: id }))
                .chain((owned) => fc.constantFrom(owned, value))
            : fc.constant(value),
        );
  return fc.tuple(fc.tuple(...parameters), body).map(([chosen, bodyValue]) => {
    const request: GeneratedRequest = { query: [], headers: {}, body: bodyValue };
    for (const entry of chosen) {
      if (!entry) continue;
      const [parameter, text] = entry;
      if (parameter.in === "query") request.query.push([parameter.name, text]);
      else if (parameter.in === "header") request.headers[parameter.name] = text;
      else throw new Error(`${parameter.name}: parameters in ${parameter.in} are not generated`);
    }
    return request;
  });
}

/** A parameter's value as the wire carries it, by its `content` or `style`. */
function encodeParameter(parameter: Parameter, value: unknown): string {
  if (parameter.content) return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (parameter.style !== "form" || parameter.explode !== false)
      throw new Error(`${parameter.name}: style`);
    return value.map(String).join(",");
  }
  return String(value);
}

async function send(operation: Operation, request: GeneratedRequest, key: string | null): Promise<Answer> {
  const query = new URLSearchParams(request.query).toString();
  const headers: Record<string, string> = { ...request.headers };
  if (key !== null) headers["x-api-key"] = key;
  let body: string | undefined;
  if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  // A body that is not JSON stays text: the schema check below says so.
  return readAnswer(
    await fetch(`${env.service.url}${operation.path}${query ? `?${query}` : ""}`, {
      method: operation.method,
      headers,
      body,
    }),
  );
}

/** Every way the answer breaks the document, as readable lines (none when it keeps it). */
function breaches(
  operation: Operation,
  request: GeneratedRequest,
  key: string | null,
  sent: Answer,
): string[] {
  const found: string[] = [];
  const declared = operation.responses[String(sent.status)];
  if (sent.status >= 500) found.push(`answered ${sent.status}: ${JSON.stringify(sent.body).slice(0, 300)}`);
  if (!declared) return [...found, `answered ${sent.status}, which the operation does not declare`];
  if (key === KEY && [400, 401, 413, 415].includes(sent.status)) {
    found.push(`refused a request the document allows: ${JSON.stringify(sent.body).slice(0, 400)}`);
  }
  if (key !== KEY && sent.status !== 401)
    found.push(`answered ${sent.status} to ${key === null ? "no key" : "a wrong key"}`);
  const schema = declared.content?.["application/json"]?.schema;
  if (schema) {
    const validate = validatorOf(schema);
    if (!validate(sent.body)) found.push(`body outside the document: ${ajv.errorsText(validate.errors)}`);
  }
  const headers = (declared.headers ?? {}) as Record<string, { required?: boolean; schema: Json }>;
  const names = new Map(Object.keys(headers).map((name) => [name.toLowerCase(), name]));
  for (const [lower, name] of names) {
    const value = sent.headers.get(lower);
    const header = headers[name] as { required?: boolean; schema: Json };
    if (value === null) {
      if (header.required) found.push(`header ${name} missing`);
      continue;
    }
    const typed = header.schema.type === "integer" ? Number(value) : value;
    if (!validatorOf(header.schema)(typed)) found.push(`header ${name}: ${value} outside its schema`);
  }
  for (const lower of TRACKED_HEADERS) {
    if (sent.headers.has(lower) && !names.has(lower)) found.push(`header ${lower} sent but not declared`);
  }
  if (sent.status >= 400 && sent.headers.get("idempotent-replayed") === null) {
    const requestId = sent.body?.error?.requestId;
    if (requestId !== sent.headers.get("x-request-id"))
      found.push("error body's requestId is not x-request-id");
  }
  if (found.length > 0) found.unshift(describeRequest(operation, request, key));
  return found;
}

function runsOf(operation: Operation, key: string | null): number {
  if (key !== KEY) return UNAUTHORIZED_RUNS;
  return operation.path === "/v1/links" ? ANALYZE_RUNS : RUNS;
}

const describeRequest = (operation: Operation, request: GeneratedRequest, key: string | null) =>
  `${operation.method} ${operation.path}?${new URLSearchParams(request.query)} key=${key === KEY ? "valid" : key === null ? "none" : "wrong"} headers=${JSON.stringify(request.headers)} body=${JSON.stringify(request.body)?.slice(0, 600)}`;

describe("the service against its OpenAPI document", () => {
  it("documents every operation the test generates for", () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual([
      "GET /v1/analyses",
      "GET /v1/analyses/related",
      "POST /v1/analyses",
      "POST /v1/links",
    ]);
  });

  for (const [label, key] of [
    ["a valid key", KEY],
    ["a wrong key", WRONG_KEY],
    ["no key", null],
  ] as const) {
    it(`answers every request the document allows as it declares, with ${label}`, async () => {
      let sentCount = 0;
      const statuses = new Map<string, number>();
      // The operations at once, each its own seeded sequence: the file's time is the slowest operation's.
      await Promise.all(
        operations.map((operation) => {
          const bodyValidator = operation.body ? validatorOf(operation.body) : undefined;
          return fc.assert(
            fc.asyncProperty(requestsOf(operation), async (request) => {
              // The generator's own check: a request outside the document would prove nothing.
              if (bodyValidator && !bodyValidator(request.body)) {
                throw new Error(
                  `generated a body outside the document: ${ajv.errorsText(bodyValidator.errors)}`,
                );
              }
              const sent = await send(operation, request, key);
              sentCount++;
              const tally = `${operation.method} ${operation.path} ${sent.status}`;
              statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
              const found = breaches(operation, request, key, sent);
              if (found.length > 0) throw new Error(found.join("\n"));
            }),
            { seed: SEED, numRuns: runsOf(operation, key), endOnFailure: true },
          );
        }),
      );
      expect(sentCount).toBeGreaterThan(0);
      if (key === KEY) {
        // The valid key reaches the operations' work, not only their refusals.
        expect([...statuses.keys()]).toEqual(
          expect.arrayContaining([
            "GET /v1/analyses 200",
            "POST /v1/analyses 200",
            "GET /v1/analyses/related 200",
          ]),
        );
      }
    }, 120_000);
  }
});
