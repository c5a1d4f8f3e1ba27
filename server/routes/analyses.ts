import type { Hono } from "hono";
import { GetAnalysisParams, LIMITS, RelatedQuery, UpdateAnalysisRequest } from "../../lib/api/contract";
import { HttpError, invalidRequest, parseOrThrow } from "../http/http-error";
import { readQuery } from "../http/request-body";
import { createIdempotency, errorResponse, jsonResponse } from "../idempotency";
import { etagOf, parseIfMatch, selectFields, toRecord } from "../records";
import { relatedAnalysisIds } from "../related/related-query";
import type { Store, StoredResponse, UpdateOutcome } from "../store/types";
import type { PagePool } from "../work/page-pool";
import type { AppEnv } from "./env";

const notFound = (analysisId: string) =>
  new HttpError(404, `no analysis ${JSON.stringify(analysisId)} for this key`);

export function registerAnalysesRoutes(app: Hono<AppEnv>, deps: { store: Store; pages: PagePool }) {
  const { store, pages } = deps;
  const keyed = createIdempotency(store, "POST /v1/analyses");

  app.get("/v1/analyses", async (c) => {
    const { analysisId } = parseOrThrow(GetAnalysisParams, readQuery(c));
    const record = await store.getRecord(c.var.tenantId, analysisId);
    if (!record) throw notFound(analysisId);
    c.header("ETag", etagOf(record));
    return c.json(record);
  });

  app.post("/v1/analyses", (c) =>
    keyed(c, async (raw, claim) => {
      const body = parseOrThrow(UpdateAnalysisRequest, raw);
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
      return c.json(toRecord(record));
    }),
  );

  app.get("/v1/analyses/related", async (c) => {
    const query = parseOrThrow(RelatedQuery, readQuery(c));
    const tenantId = c.var.tenantId;
    const pageSize = query.pageSize ?? LIMITS.defaultPageSize;
    const ids = await relatedAnalysisIds(store.db, {
      tenantId,
      analysisId: query.analysisId,
      jsonContent: query.jsonContent,
      metadata: query.metadata,
      offset: ((query.pageNum ?? 1) - 1) * pageSize,
      limit: pageSize,
    });
    if (ids === null) throw notFound(query.analysisId);
    const page = await store.getAnalyses(tenantId, ids);
    return c.json(page.map((stored) => selectFields(toRecord(stored), query.selectFields)));
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
