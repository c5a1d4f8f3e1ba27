/**
 * The pieces every route definition (server/routes/*) shares, and the OpenAPI 3.1 document the app serves:
 * generated from the routes the app registered with `app.openapi`, so the document lists exactly what the
 * app answers.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import type { z } from "zod";
import { ErrorBody, type ErrorStatus } from "../lib/api/contract";

/** A JSON response of `schema`. */
export const jsonContent = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A required JSON request body of `schema` (read and checked first by `jsonBody`, server/http/request-body.ts). */
export const jsonRequestBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** The contract's error body under each of `statuses`. */
export const errorResponses = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(
    statuses.map((status) => [status, jsonContent(ErrorBody, "The contract's error body.")]),
  );

/** Every /v1 route needs the `x-api-key` header. */
export const apiKeySecurity = [{ apiKey: [] }];

const DOCUMENT = { openapi: "3.1.0", info: { title: "Link Analysis Service", version: "1.0.0" } };

/** Serves GET /openapi.json: the document of `app`'s routes, built once, on its first request. */
export function serveOpenApiDocument<E extends Env>(app: OpenAPIHono<E>, path = "/openapi.json"): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
  });
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get(path, (c) => {
    document ??= app.getOpenAPI31Document(DOCUMENT);
    return c.json(document);
  });
}
