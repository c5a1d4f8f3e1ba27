import type { Context } from "hono";
import { LIMITS } from "../../lib/api/contract";
import { illFormedStrings } from "../../lib/api/well-formed";
import { HttpError, invalidRequest } from "./http-error";
import { nestsDeeperThan } from "./json-nesting";

const tooLarge = () =>
  new HttpError(413, `the request body is larger than ${LIMITS.maxBodyBytes / 1024 / 1024} MiB`);

/**
 * Reads a POST body as the contract wants it: JSON content type (415), at most 1 MiB (413), valid UTF-8, at
 * most 64 levels deep, valid JSON, every string and key well-formed Unicode (400, in that order).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const contentType = c.req.header("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json" && !mediaType?.endsWith("+json")) {
    throw new HttpError(415, "the request body must be JSON, sent with Content-Type: application/json");
  }
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > LIMITS.maxBodyBytes) throw tooLarge();

  const text = decodeUtf8(await readCapped(c.req.raw, LIMITS.maxBodyBytes));
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

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw bodyCutShort();
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body's text; bytes that are not UTF-8 are refused, never replaced with U+FFFD. */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw invalidRequest([{ path: "body", message: "is not valid UTF-8" }]);
  }
}

/** The query string as an object, refusing a parameter given twice (it would be ambiguous). */
export function readQuery(c: Context): Record<string, string> {
  const all = c.req.queries();
  const query: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [name, values] of Object.entries(all)) {
    if (values.length > 1) repeated.push(name);
    query[name] = values[0] ?? "";
  }
  if (repeated.length > 0) {
    throw invalidRequest(repeated.map((name) => ({ path: name, message: "is given more than once" })));
  }
  return query;
}
