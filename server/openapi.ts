import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  AnalysisRecord,
  AnalyzeRequest,
  AnalyzeResponse,
  ErrorBody,
  GetAnalysisParams,
  RelatedQuery,
  RelatedResponse,
  UpdateAnalysisRequest,
} from "../lib/api/contract";

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, json(ErrorBody, "The contract's error body.")]));

const security = [{ apiKey: [] }];

/** The optional `Idempotency-Key` of the POST endpoints (CONTRACT.md, "Idempotency-Key"). */
const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/)
    .optional()
    .meta({ description: "Replays the stored response to a repeat of the same request for 24 hours." }),
});

/** The OpenAPI 3.1 document of the /v1 API, generated from the contract's zod schemas. */
export function createOpenApiDocument() {
  const api = new OpenAPIHono();
  const registry = api.openAPIRegistry;
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
  });

  registry.registerPath(
    createRoute({
      method: "post",
      path: "/v1/links",
      summary: "Analyze links",
      security,
      request: {
        headers: idempotencyHeaders,
        body: { required: true, content: { "application/json": { schema: AnalyzeRequest } } },
      },
      responses: {
        200: json(AnalyzeResponse, "The analyses that succeeded, their cost, and the links that failed."),
        ...errors(400, 401, 402, 409, 413, 415, 422, 429, 502),
      },
    }),
  );
  registry.registerPath(
    createRoute({
      method: "post",
      path: "/v1/analyses",
      summary: "Update an analysis (each supplied field replaces the stored one)",
      security,
      request: {
        headers: idempotencyHeaders,
        body: { required: true, content: { "application/json": { schema: UpdateAnalysisRequest } } },
      },
      responses: {
        200: json(AnalysisRecord, "The whole updated record."),
        ...errors(400, 401, 404, 409, 412, 413, 415, 422, 429),
      },
    }),
  );
  registry.registerPath(
    createRoute({
      method: "get",
      path: "/v1/analyses/related",
      summary: "List related analyses, page by page",
      security,
      request: { query: RelatedQuery },
      responses: {
        200: json(RelatedResponse, "One page of related records."),
        ...errors(400, 401, 404, 429),
      },
    }),
  );
  registry.registerPath(
    createRoute({
      method: "get",
      path: "/v1/analyses",
      summary: "Read an analysis",
      security,
      request: { query: GetAnalysisParams },
      responses: { 200: json(AnalysisRecord, "The record, with an ETag."), ...errors(400, 401, 404, 429) },
    }),
  );

  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Link Analysis Service", version: "1.0.0" },
  });
}
