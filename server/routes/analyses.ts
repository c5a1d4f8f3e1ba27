import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import {
  AnalysisRecord,
  GetAnalysisParams,
  LIMITS,
  RelatedQuery,
  RelatedResponse,
  UpdateAnalysisRequest,
} from "../../lib/api/contract";
import { HttpError, invalidRequest } from "../http/http-error";
import { jsonBody } from "../http/request-body";
import { IfMatch } from "../http/request-headers";
import { errorResponse, idempotencyHeaders, idempotent, jsonResponse } from "../idempotency";
import { apiKeySecurity, errorResponses, jsonContent, jsonRequestBody, withReplays } from "../openapi";
import { etagOf, parseIfMatch, selectFields, toRecord } from "../records";
import type { Store, StoredResponse, UpdateOutcome } from "../store/types";
import type { PagePool } from "../work/page-pool";
import type { AppEnv } from "./env";

/** GET /v1/analyses. */
const getAnalysisRoute = createRoute({
  method: "get",
  path: "/v1/analyses",
  operationId: "getAnalysis",
  summary: "Read an analysis",
  security: apiKeySecurity,
  request: { query: GetAnalysisParams },
  responses: {
    200: jsonContent(AnalysisRecord, "The record, with an ETag.", "ETag"),
    ...errorResponses(400, 401, 404, 429),
  },
});

/** POST /v1/analyses. */
const updateAnalysisRoute = createRoute({
  method: "post",
  path: "/v1/analyses",
  operationId: "updateAnalysis",
  summary: "Update an analysis (each supplied field replaces the stored one)",
  security: apiKeySecurity,
  request: {
    headers: idempotencyHeaders.extend({ "if-match": IfMatch.optional() }),
    body: jsonRequestBody(UpdateAnalysisRequest),
  },
  responses: withReplays({
    200: jsonContent(AnalysisRecord, "The whole updated record.", "ETag"),
    ...errorResponses(400, 401, 404, 409, 412, 413, 415, 422, 429),
  }),
});

/** GET /v1/analyses/related. */
const relatedAnalysesRoute = createRoute({
  method: "get",
  path: "/v1/analyses/related",
  operationId: "relatedAnalyses",
  summary: "List related analyses, page by page",
  security: apiKeySecurity,
  request: { query: RelatedQuery },
  responses: {
    200: jsonContent(RelatedResponse, "One page of related records."),
    ...errorResponses(400, 401, 404, 429),
  },
});

const notFound = (analysisId: string) =>
  new HttpError(404, `no analysis ${JSON.stringify(analysisId)} for this key`);

export function registerAnalysesRoutes(app: OpenAPIHono<AppEnv>, deps: { store: Store; pages: PagePool }) {
  const { store, pages } = deps;

  app.openapi(getAnalysisRoute, async (c) => {
    const { analysisId } = c.req.valid("query");
    const record = await store.getRecord(c.var.tenantId, analysisId);
    if (!record) throw notFound(analysisId);
    c.header("ETag", etagOf(record));
    return c.json(record, 200);
  });

  const middleware = [jsonBody, idempotent(store, "POST /v1/analyses")];
  app.openapi({ ...updateAnalysisRoute, middleware }, async (c) => {
    const body = c.req.valid("json");
    const tenantId = c.var.tenantId;
    const existing = await store.getAnalysis(tenantId, body.analysisId);
    if (!existing) throw notFound(body.analysisId);
    if (body.jsonContent !== undefined && existing.responseSchema) {
      const check = await pages.checkSchema({ schema: existing.responseSchema, value: body.jsonContent });
      if (!check.ok) {
        // A schema stored before today's bounds may no longer be accepted: the edit cannot be checked.
        const problems =
          "violations" in check
            ? check.violations
            : [{ path: "", message: `cannot be checked: ${check.schemaProblem.message}` }];
        throw invalidRequest(
          problems.map((problem) => ({
            path: ["jsonContent", problem.path].filter(Boolean).join("."),
            message: `${problem.message} (the analysis was created with a response schema)`,
          })),
        );
      }
    }
    const { analysisId, ...patch } = body;
    const ifMatch = c.req.header("if-match");
    const claim = c.var.idempotencyClaim;
    const respond = (outcome: UpdateOutcome): StoredResponse =>
      outcome.kind === "updated"
        ? jsonResponse(200, toRecord(outcome.record), { etag: etagOf(outcome.record) })
        : errorResponse(refusalOf(outcome, analysisId, ifMatch), c.var.requestId);
    const outcome = await store.updateAnalysis(
      tenantId,
      analysisId,
      patch,
      parseIfMatch(ifMatch),
      claim && { claim, respond },
    );
    if (outcome.kind !== "updated") throw refusalOf(outcome, analysisId, ifMatch);
    const { record } = outcome;
    c.header("ETag", etagOf(record));
    return c.json(toRecord(record), 200);
  });

  app.openapi(relatedAnalysesRoute, async (c) => {
    const query = c.req.valid("query");
    const tenantId = c.var.tenantId;
    const pageSize = query.pageSize ?? LIMITS.defaultPageSize;
    const ids = await store.relatedAnalysisIds({
      tenantId,
      analysisId: query.analysisId,
      jsonContent: query.jsonContent,
      metadata: query.metadata,
      offset: ((query.pageNum ?? 1) - 1) * pageSize,
      limit: pageSize,
    });
    if (ids === null) throw notFound(query.analysisId);
    const page = await store.getAnalyses(tenantId, ids);
    return c.json(
      page.map((stored) => selectFields(toRecord(stored), query.selectFields)),
      200,
    );
  });
}

/** The error an update that was not applied answers. */
function refusalOf(
  outcome: Exclude<UpdateOutcome, { kind: "updated" }>,
  analysisId: string,
  ifMatch: string | undefined,
): HttpError {
  if (outcome.kind === "not_found") return notFound(analysisId);
  return new HttpError(
    412,
    `the analysis changed since ${ifMatch}; it is now at "${outcome.current.updatedAt}"`,
    undefined,
    { ETag: etagOf(outcome.current) },
  );
}
