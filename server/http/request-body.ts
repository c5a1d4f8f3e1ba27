import type { Context } from "hono";
import { LIMITS } from "../../lib/api/contract";
import { HttpError, invalidRequest } from "./http-error";

const tooLarge = () =>
  new HttpError(413, `the request body is larger than ${LIMITS.maxBodyBytes / 1024 / 1024} MiB`);

/** Reads a POST body as the contract wants it: JSON content type (415), at most 1 MiB (413), valid JSON (400). */
export async function readJsonBody(c: Context): Promise<unknown> {
  const contentType = c.req.header("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json" && !mediaType?.endsWith("+json")) {
    throw new HttpError(415, "the request body must be JSON, sent with Content-Type: application/json");
  }
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > LIMITS.maxBodyBytes) throw tooLarge();

  const text = await readCapped(c.req.raw, LIMITS.maxBodyBytes);
  if (text.trim() === "")
    throw invalidRequest([{ path: "body", message: "is empty; a JSON object is expected" }]);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidRequest([{ path: "body", message: `is not valid JSON (${(error as Error).message})` }]);
  }
}

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
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
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
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
