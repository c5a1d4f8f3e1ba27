import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { LIMITS } from "../../lib/api/contract";
import { illFormedStrings } from "../../lib/api/well-formed";
import type { AppEnv } from "../routes/env";
import { HttpError, invalidRequest } from "./http-error";
import { nestsDeeperThan } from "./json-nesting";

/**
 * The JSON content types accepted: exactly those the route's JSON validator (@hono/zod-openapi's media type
 * check) accepts, so that no body passed here is refused there with another answer.
 */
const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

const tooLarge = () =>
  new HttpError(413, `the request body is larger than ${LIMITS.maxBodyBytes / 1024 / 1024} MiB`);

/** At most 1 MiB (413): a body sent without Content-Length (chunked) is cut off as soon as it passes it. */
const limitBody = bodyLimit({
  maxSize: LIMITS.maxBodyBytes,
  onError: () => {
    throw tooLarge();
  },
});

/**
 * The one reader of a request body, first in the middleware of every route that takes one. It checks the
 * body as the contract wants it: JSON content type (415), at most 1 MiB (413), valid UTF-8, at most 64
 * levels deep, valid JSON, every string and key well-formed Unicode (400, in that order); then it puts the
 * parsed body in `c.var.jsonBody`. The route's schema validation reads the same checked bytes afterwards
 * (Hono keeps the body it read: `c.req.arrayBuffer()` is cached and `c.req.json()` parses that cache).
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (!JSON_CONTENT_TYPE.test(c.req.header("content-type") ?? "")) {
    throw new HttpError(415, "the request body must be JSON, sent with Content-Type: application/json");
  }
  // A declared Content-Length over the limit is refused here, before `limitBody` opens the body's stream
  // (which it does even to refuse): with that stream open, @hono/node-server no longer drains the unread
  // body after the answer, and drops the keep-alive connection under the client's next request.
  if (Number(c.req.header("content-length")) > LIMITS.maxBodyBytes) throw tooLarge();
  return limitBody(c, async () => {
    c.set("jsonBody", await readJsonBody(c));
    await next();
  });
});

async function readJsonBody(c: Context): Promise<unknown> {
  let bytes: ArrayBuffer;
  try {
    bytes = await c.req.arrayBuffer();
  } catch {
    throw bodyCutShort();
  }
  const text = decodeUtf8(bytes);
  if (text.trim() === "")
    throw invalidRequest([{ path: "body", message: "is empty; a JSON object is expected" }]);
  if (nestsDeeperThan(text, LIMITS.maxJsonDepth)) {
    throw invalidRequest([{ path: "body", message: `is nested deeper than ${LIMITS.maxJsonDepth} levels` }]);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw invalidRequest([{ path: "body", message: `is not valid JSON (${(error as Error).message})` }]);
  }
  const illFormed = illFormedStrings(body);
  if (illFormed.length > 0) throw invalidRequest(illFormed);
  return body;
}

/** A client that goes away mid-body is no server failure: a 400 nobody reads, and nothing logged. */
const bodyCutShort = () =>
  invalidRequest([{ path: "body", message: "ended before it was complete (the connection was closed)" }]);

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's text; bytes that are not UTF-8 are refused, never replaced with U+FFFD. */
function decodeUtf8(bytes: ArrayBuffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw invalidRequest([{ path: "body", message: "is not valid UTF-8" }]);
  }
}
