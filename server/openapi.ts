/**
 * The pieces every route definition (server/routes/*) shares, and the OpenAPI 3.1 document the app serves:
 * generated from the routes the app registered with `app.openapi`, so the document lists exactly what the
 * app answers, with the headers each answer carries.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import type { z } from "zod";
import {
  ErrorBody,
  type ErrorStatus,
  FILTER_COMPONENT,
  FILTER_SCHEMA,
  JSON_VALUE_COMPONENT,
  JSON_VALUE_SCHEMA,
  RESPONSE_SCHEMA_COMPONENT,
  RESPONSE_SCHEMA_SCHEMA,
} from "../lib/api/contract";

interface HeaderObject {
  description: string;
  required: boolean;
  schema: { type: "string" | "integer"; enum?: string[]; minimum?: number };
}

/** The response headers the service sends, as the document states them. */
const HEADERS = {
  "x-request-id": {
    description:
      "Names this request. An error body repeats it as `error.requestId`; a replayed response's body is the " +
      "stored one, so its `requestId` names the request that produced it while this header names the replay.",
    required: true,
    schema: { type: "string" },
  },
  ETag: {
    description:
      'The record\'s version: its `updatedAt` in quotes (`"2026-11-22T09:30:00.000Z"`), for `If-Match`.',
    required: true,
    schema: { type: "string" },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored response to an earlier request with the same `Idempotency-Key`.",
    required: false,
    schema: { type: "string", enum: ["true"] },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "integer", minimum: 0 },
  },
  Allow: {
    description: "The methods the path answers, comma-separated.",
    required: true,
    schema: { type: "string" },
  },
} satisfies Record<string, HeaderObject>;

type HeaderName = keyof typeof HEADERS;

const headersOf = (names: HeaderName[]) =>
  Object.fromEntries(["x-request-id" as const, ...names].map((name) => [name, HEADERS[name]]));

/** A JSON response of `schema`, with the `x-request-id` header and any of `headers`. */
export const jsonContent = (schema: z.ZodType, description: string, ...headers: HeaderName[]) => ({
  description,
  headers: headersOf(headers),
  content: { "application/json": { schema } },
});

/** A required JSON request body of `schema` (read and checked first by `jsonBody`, server/http/request-body.ts). */
export const jsonRequestBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** The headers an error of each status carries besides `x-request-id`. */
const ERROR_HEADERS: Partial<Record<ErrorStatus, HeaderName[]>> = {
  409: ["Retry-After"],
  412: ["ETag"],
  429: ["Retry-After"],
};

/**
 * The contract's error body under each of `statuses`, and under 431 (headers too large) and 500 (a bug),
 * which any request may meet.
 */
export const errorResponses = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(
    [...new Set<ErrorStatus>([...statuses, 431, 500])].map((status) => [
      status,
      jsonContent(ErrorBody, "The contract's error body.", ...(ERROR_HEADERS[status] ?? [])),
    ]),
  );

/**
 * The answers of a POST route that takes an `Idempotency-Key`: each one stored with the key (any status the
 * route's own work answers, below 500) may come again as a replay, marked `Idempotent-Replayed: true`.
 */
export function withReplays<R extends Record<string, { headers: Record<string, HeaderObject> }>>(
  responses: R,
): R {
  const REPLAYABLE = ["200", "400", "402", "404", "412", "422"];
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      REPLAYABLE.includes(status)
        ? { ...response, headers: { ...response.headers, ...headersOf(["Idempotent-Replayed"]) } }
        : response,
    ]),
  ) as R;
}

/** Every /v1 route needs the `x-api-key` header. */
export const apiKeySecurity = [{ apiKey: [] }];

const DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Link Analysis Service",
    version: "1.0.0",
    description:
      "Every string of every request (bodies at any depth, keys included, and query parameters) is " +
      "well-formed Unicode without U+0000; a request body is at most 1 MiB and 64 levels deep. A method a " +
      "path does not answer gets 405 with an `Allow` header (`components.responses.MethodNotAllowed`).",
  },
};

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/**
 * A parameter described by `content` (a JSON-encoded value) has no `schema` beside it: OpenAPI takes one or the
 * other, and the route's schema is the string the wire carries.
 */
function dropSchemasBesideContent(document: Document): Document {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const parameters = (operation as { parameters?: Record<string, unknown>[] }).parameters;
      for (const parameter of parameters ?? []) {
        if (parameter.content) delete parameter.schema;
      }
    }
  }
  return document;
}

/** Serves GET /openapi.json: the document of `app`'s routes, built once, on its first request. */
export function serveOpenApiDocument<E extends Env>(app: OpenAPIHono<E>, path = "/openapi.json"): void {
  const { openAPIRegistry: registry } = app;
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
  });
  registry.registerComponent("schemas", JSON_VALUE_COMPONENT, JSON_VALUE_SCHEMA as never);
  registry.registerComponent("schemas", RESPONSE_SCHEMA_COMPONENT, RESPONSE_SCHEMA_SCHEMA as never);
  registry.registerComponent("schemas", FILTER_COMPONENT, FILTER_SCHEMA as never);
  registry.registerComponent("responses", "MethodNotAllowed", {
    description: "The path does not answer this method.",
    headers: headersOf(["Allow"]),
    content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
  });
  let document: Document | undefined;
  app.get(path, (c) => {
    document ??= dropSchemasBesideContent(app.getOpenAPI31Document(DOCUMENT));
    return c.json(document);
  });
}
