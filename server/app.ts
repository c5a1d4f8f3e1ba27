import { Hono } from "hono";
import { API_PREFIX } from "../lib/api/contract";
import type { AnalyzeDeps } from "./analyze-links";
import { createAuthenticator, type KnownKey } from "./auth";
import { HttpError } from "./http/http-error";
import { newId } from "./ids";
import { createOpenApiDocument } from "./openapi";
import { createRateLimiter } from "./rate-limit";
import { registerAnalysesRoutes } from "./routes/analyses";
import type { AppEnv } from "./routes/env";
import { registerLinksRoutes } from "./routes/links";

export interface AppOptions extends AnalyzeDeps {
  /** Every accepted API key, as its hash and tenant. */
  keys: KnownKey[];
  rateAnalyzePerMinute: number;
  rateOtherPerMinute: number;
  log?: (line: string) => void;
}

/** Every /v1 path and the methods it answers; anything else under /v1 is 404, a wrong method 405. */
const ROUTES: Record<string, string[]> = {
  [`${API_PREFIX}/links`]: ["POST"],
  [`${API_PREFIX}/analyses`]: ["GET", "POST"],
  [`${API_PREFIX}/analyses/related`]: ["GET"],
};

export function createApp(options: AppOptions) {
  const app = new Hono<AppEnv>();
  const authenticate = createAuthenticator(options.keys);
  const analyzeLimit = createRateLimiter("analyze", options.rateAnalyzePerMinute, options.store.rateBuckets);
  const otherLimit = createRateLimiter("other", options.rateOtherPerMinute, options.store.rateBuckets);
  const log = options.log ?? ((line) => console.error(line));

  app.use(async (c, next) => {
    const requestId = newId("req");
    c.set("requestId", requestId);
    c.header("x-request-id", requestId);
    await next();
  });

  app.get("/healthz", (c) => c.json({ ok: true as const }));
  const openApi = createOpenApiDocument();
  app.get("/openapi.json", (c) => c.json(openApi));

  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const path = c.req.path.replace(/\/+$/, "") || "/";
    const methods = ROUTES[path];
    if (!methods) throw new HttpError(404, `no route ${c.req.method} ${c.req.path}`);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (!methods.includes(method)) {
      throw new HttpError(
        405,
        `${c.req.method} is not allowed on ${path}; use ${methods.join(" or ")}`,
        undefined,
        {
          Allow: methods.join(", "),
        },
      );
    }
    const tenantId = authenticate(c.req.header("x-api-key"));
    await (path === `${API_PREFIX}/links` ? analyzeLimit : otherLimit)(tenantId);
    c.set("tenantId", tenantId);
    await next();
  });

  registerLinksRoutes(app, options);
  registerAnalysesRoutes(app, options);

  app.notFound((c) => {
    throw new HttpError(404, `no route ${c.req.method} ${c.req.path}`);
  });

  app.onError((error, c) => {
    const requestId = c.get("requestId") ?? newId("req");
    const httpError =
      error instanceof HttpError
        ? error
        : new HttpError(500, `internal error; quote request id ${requestId}`);
    if (!(error instanceof HttpError)) {
      log(`[${requestId}] ${c.req.method} ${c.req.path} ${failureText(error, c.req.raw.signal.aborted)}`);
    }
    for (const [name, value] of Object.entries(httpError.headers)) c.header(name, value);
    c.header("x-request-id", requestId);
    return c.json(httpError.body(requestId), httpError.status);
  });

  return app;
}

/**
 * What the log says of an unexpected error: a bug's stack, or, when the client had already gone away (which
 * breaks whatever was still reading its request), one line and no stack.
 */
function failureText(error: Error, clientGone: boolean): string {
  if (!clientGone) return `failed: ${error.stack ?? error}`;
  return `ended early, the client closed the connection: ${error.message.split("\n", 1)[0]}`;
}
