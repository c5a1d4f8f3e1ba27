import type { IdempotencyClaim } from "../store/types";

/** What the middleware puts on a request's context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    tenantId: string;
    /** The request's JSON body, read and checked by `jsonBody` (routes that take a body). */
    jsonBody: unknown;
    /** The `Idempotency-Key` claimed for this request, when it carries one (`idempotent`). */
    idempotencyClaim: IdempotencyClaim | undefined;
  };
}
