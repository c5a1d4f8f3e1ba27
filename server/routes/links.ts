import type { Hono } from "hono";
import { AnalyzeRequest } from "../../lib/api/contract";
import { type AnalyzeDeps, analyzeLinks } from "../analyze-links";
import { parseOrThrow } from "../http/http-error";
import { readJsonBody } from "../http/request-body";
import type { AppEnv } from "./env";

export function registerLinksRoutes(app: Hono<AppEnv>, deps: AnalyzeDeps) {
  app.post("/v1/links", async (c) => {
    const request = parseOrThrow(AnalyzeRequest, await readJsonBody(c));
    return c.json(await analyzeLinks(deps, c.var.tenantId, request, c.req.raw.signal));
  });
}
