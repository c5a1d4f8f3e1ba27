import type { Hono } from "hono";
import { AnalyzeRequest } from "../../lib/api/contract";
import { type AnalyzeDeps, analyzeLinks } from "../analyze-links";
import { parseOrThrow } from "../http/http-error";
import { createIdempotency, jsonResponse } from "../idempotency";
import type { AppEnv } from "./env";

export function registerLinksRoutes(app: Hono<AppEnv>, deps: AnalyzeDeps) {
  const keyed = createIdempotency(deps.store, "POST /v1/links");

  app.post("/v1/links", (c) =>
    keyed(c, async (body, claim) => {
      const request = parseOrThrow(AnalyzeRequest, body);
      // A keyed request runs to its end even when the client goes away (a timeout, a stopped worker):
      // its retry with the same key then gets this answer instead of starting the work again.
      const signal = claim ? undefined : c.req.raw.signal;
      const completion = claim && ((response: unknown) => ({ claim, response: jsonResponse(200, response) }));
      return c.json(await analyzeLinks(deps, c.var.tenantId, request, signal, completion));
    }),
  );
}
