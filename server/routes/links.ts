import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { AnalyzeRequest, AnalyzeResponse } from "../../lib/api/contract";
import { type AnalyzeDeps, analyzeLinks } from "../analyze-links";
import { jsonBody } from "../http/request-body";
import { idempotencyHeaders, idempotent, jsonResponse } from "../idempotency";
import { apiKeySecurity, errorResponses, jsonContent, jsonRequestBody, withReplays } from "../openapi";
import type { AppEnv } from "./env";

/** POST /v1/links: its path, what it accepts (validated) and what it answers (documented). */
export const analyzeLinksRoute = createRoute({
  method: "post",
  path: "/v1/links",
  operationId: "analyzeLinks",
  summary: "Analyze links",
  security: apiKeySecurity,
  request: { headers: idempotencyHeaders, body: jsonRequestBody(AnalyzeRequest) },
  responses: withReplays({
    200: jsonContent(AnalyzeResponse, "The analyses that succeeded, their cost, and the links that failed."),
    ...errorResponses(400, 401, 402, 409, 413, 415, 422, 429, 502),
  }),
});

export function registerLinksRoutes(app: OpenAPIHono<AppEnv>, deps: AnalyzeDeps) {
  const middleware = [jsonBody, idempotent(deps.store, "POST /v1/links")];
  app.openapi({ ...analyzeLinksRoute, middleware }, async (c) => {
    const request = c.req.valid("json");
    const claim = c.var.idempotencyClaim;
    // A keyed request runs to its end even when the client goes away (a timeout, a stopped worker):
    // its retry with the same key then gets this answer instead of starting the work again.
    const signal = claim ? undefined : c.req.raw.signal;
    const completion = claim && ((response: unknown) => ({ claim, response: jsonResponse(200, response) }));
    return c.json(await analyzeLinks(deps, c.var.tenantId, request, signal, completion), 200);
  });
}
