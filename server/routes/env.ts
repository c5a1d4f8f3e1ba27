import type { Tenant } from "../store/types";

/** What the middleware puts on every request's context. */
export interface AppEnv {
  Variables: { requestId: string; tenant: Tenant };
}
