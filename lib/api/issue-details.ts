import type { z } from "zod";
import type { ErrorDetail } from "./contract";

/** One `{path, message}` per problem of a zod error; an unknown field is named by its own path. */
export function issueDetails(error: z.ZodError, prefix = ""): ErrorDetail[] {
  const pathOf = (path: readonly PropertyKey[]) =>
    [prefix, ...path.map(String)].filter(Boolean).join(".") || "body";
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: "is not a known field" }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
}

/** "link.0 must start with https:// (and 2 more problems)". */
export function summarizeDetails(details: ErrorDetail[], fallback = "the request is invalid"): string {
  const first = details[0];
  if (!first) return fallback;
  const more = details.length - 1;
  return `${first.path} ${first.message}${more > 0 ? ` (and ${more} more problem${more > 1 ? "s" : ""})` : ""}`;
}
