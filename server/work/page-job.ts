/**
 * The work the page pool does for one fetched page, and what it hands back. Both cross a thread
 * boundary, so they are plain data: errors come back as a `PerLinkFailure`, never as an exception class.
 */
import type { JsonSchemaDocument } from "../../lib/api/contract";
import { GenerationError } from "../generate/types";
import { type ExtractedPage, type FetchedPage, PageFailure } from "../pages/types";

export interface PageJob {
  page: FetchedPage;
  prompt: string;
  temperature: number;
  schema?: JsonSchemaDocument;
  /** Generate the content with the offline generator too (else the caller generates it). */
  generate: boolean;
}

export interface GeneratedContent {
  textContent: string;
  jsonContent?: Record<string, unknown>;
}

/** A link that failed for a reason the response reports (`failures`, or a 422 / 502 when all failed). */
export interface PerLinkFailure {
  code: string;
  message: string;
  /** The text-generation provider failed (network, 5xx). */
  upstream: boolean;
}

export type PageJobResult =
  | { ok: true; page: ExtractedPage; score: number; content?: GeneratedContent }
  | { ok: false; failure: PerLinkFailure };

/** The per-link failure an error stands for; `undefined` for anything else (a bug: a 500). */
export function perLinkFailureOf(error: unknown): PerLinkFailure | undefined {
  if (error instanceof PageFailure) return { code: error.code, message: error.message, upstream: false };
  if (error instanceof GenerationError) {
    return {
      code: error.upstream ? "upstream_error" : (error.code ?? "generation_failed"),
      message: error.message,
      upstream: error.upstream,
    };
  }
  return undefined;
}

/** A response schema to check at request time, and optionally a value to validate against it. */
export interface SchemaCheck {
  schema: JsonSchemaDocument;
  value?: unknown;
}

export type SchemaCheckResult =
  | { ok: true }
  /** The schema itself is refused (`path` inside the schema, when known). */
  | { ok: false; schemaProblem: { message: string; path?: string } }
  /** The value does not validate. */
  | { ok: false; violations: { path: string; message: string }[] };
