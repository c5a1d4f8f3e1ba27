/** What the middleware puts on every request's context. */
export interface AppEnv {
  Variables: { requestId: string; tenantId: string };
}
