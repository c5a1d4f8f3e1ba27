import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { API_PREFIX, ERROR_CODES, type ErrorStatus } from "../lib/api/contract";
import type { AnalyzeDeps } from "./analyze-links";
import { createAuthenticator, type KnownKey } from "./auth";
import { HttpError } from "./http/http-error";
import { refuseInvalid } from "./http/validation-hook";
import { idempotencyInProgress } from "./idempotency";
import { newId } from "./ids";
import { serveOpenApiDocument } from "./openapi";
import { createRateLimiter } from "./rate-limit";
import { registerAnalysesRoutes } from "./routes/analyses";
import type { AppEnv } from "./routes/env";
import { analyzeLinksRoute, registerLinksRoutes } from "./routes/links";
import { IdempotencyClaimLostError } from "./store/types";

export interface AppOptions extends AnalyzeDeps {
  /** Every accepted API key, as its hash and tenant. */
  keys: KnownKey[];
  rateAnalyzePerMinute: number;
  rateOtherPerMinute: number;
  log?: (line: string) => void;
}

export function createApp(options: AppOptions) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalid });
  const authenticate = createAuthenticator(options.keys);
  const analyzeLimit = createRateLimiter("analyze", options.rateAnalyzePerMinute, options.store.rateBuckets);
  const otherLimit = createRateLimiter("other", options.rateOtherPerMinute, options.store.rateBuckets);
  const log = options.log ?? ((line) => console.error(line));

  // Every id is the service's own: with `limitLength: 0`, any X-Request-Id a client sends is too long to keep.
  app.use(requestId({ headerName: "x-request-id", limitLength: 0, generator: () => newId("req") }));

  app.get("/healthz", (c) => c.json({ ok: true as const }));
  serveOpenApiDocument(app);

  // Under /v1: an unknown path is 404 and a wrong method 405 (before the key is looked at), from the
  // routes registered below; then the key (401) and its rate (429).
  let methodsByPath: Map<string, string[]> | undefined;
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    methodsByPath ??= registeredMethods(app.openAPIRegistry);
    const { path } = c.req;
    const methods = methodsByPath.get(path);
    if (!methods) throw new HttpError(404, `no route ${c.req.method} ${path}`);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (!methods.includes(method)) {
      const message = `${c.req.method} is not allowed on ${path}; use ${methods.join(" or ")}`;
      throw new HttpError(405, message, undefined, { Allow: methods.join(", ") });
    }
    const tenantId = authenticate(c.req.header("x-api-key"));
    await (path === analyzeLinksRoute.path ? analyzeLimit : otherLimit)(tenantId);
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
    const known = httpErrorOf(error);
    if (!known) {
      log(`[${requestId}] ${c.req.method} ${c.req.path} ${failureText(error, c.req.raw.signal.aborted)}`);
    }
    const httpError = known ?? new HttpError(500, `internal error; quote request id ${requestId}`);
    for (const [name, value] of Object.entries(httpError.headers)) c.header(name, value);
    c.header("x-request-id", requestId);
    return c.json(httpError.body(requestId), httpError.status);
  });

  return app;
}

/** The methods each path answers, as the routes registered with `app.openapi` define them. */
function registeredMethods(registry: OpenAPIHono["openAPIRegistry"]): Map<string, string[]> {
  const methods = new Map<string, string[]>();
  for (const definition of registry.definitions) {
    if (definition.type !== "route") continue;
    const { path, method } = definition.route;
    methods.set(path, [...(methods.get(path) ?? []), method.toUpperCase()].sort());
  }
  return methods;
}

/** The contract's answer to an error that is one (every other error is a bug: 500, logged). */
function httpErrorOf(error: Error): HttpError | undefined {
  if (error instanceof HttpError) return error;
  // The store found the request's Idempotency-Key taken over by another request.
  if (error instanceof IdempotencyClaimLostError) return idempotencyInProgress();
  // Hono's and its middleware's own refusals.
  if (error instanceof HTTPException && error.status in ERROR_CODES && error.status < 500) {
    return new HttpError(error.status as ErrorStatus, error.message);
  }
  return undefined;
}

/**
 * What the log says of an unexpected error: a bug's stack, or, when the client had already gone away (which
 * breaks whatever was still reading its request), one line and no stack.
 */
function failureText(error: Error, clientGone: boolean): string {
  if (!clientGone) return `failed: ${error.stack ?? error}`;
  return `ended early, the client closed the connection: ${error.message.split("\n", 1)[0]}`;
}
