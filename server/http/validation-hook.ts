import type { Hook } from "@hono/zod-openapi";
import { issueDetails } from "../../lib/api/issue-details";
import type { AppEnv } from "../routes/env";
import { invalidRequest } from "./http-error";

/**
 * The app's `defaultHook`: a request a route's schema refuses (query, headers, JSON body) gets the contract's
 * 400, whose details name every problem by its path ("link.0", "metadata.__proto__", "pageNum").
 */
export const refuseInvalid: Hook<unknown, AppEnv, string, void> = (result, c) => {
  if (result.success) return;
  if (result.target === "query") {
    // A parameter given twice reaches the schema as an array, which no query schema accepts: it is
    // ambiguous, and said so rather than "must be a string".
    const repeated = Object.entries(c.req.queries()).filter(([, values]) => values.length > 1);
    if (repeated.length > 0) {
      throw invalidRequest(repeated.map(([name]) => ({ path: name, message: "is given more than once" })));
    }
  }
  throw invalidRequest(issueDetails(result.error));
};
