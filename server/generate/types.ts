import type { JsonSchemaDocument } from "../../lib/api/contract";
import type { ExtractedPage } from "../pages/types";

interface GenerationInput {
  prompt: string;
  /** 0 to 2; the extractive generator uses it to vary which sentences it picks (0 = deterministic). */
  temperature: number;
  page: ExtractedPage;
  signal?: AbortSignal;
}

/**
 * Turns a page and a prompt into content. Both the offline extractive generator and the
 * OpenAI-compatible one implement it. Errors: `GenerationError` (a per-link failure).
 */
export interface Generator {
  readonly name: string;
  generateText(input: GenerationInput): Promise<string>;
  /** Returns an object that validates against `schema`, or throws `GenerationError`. */
  generateJson(input: GenerationInput & { schema: JsonSchemaDocument }): Promise<Record<string, unknown>>;
}

/** Why generation failed, when the per-link failure has a code of its own. */
export type GenerationErrorCode = "schema_unsatisfiable";

export class GenerationError extends Error {
  constructor(
    message: string,
    /** True when the provider itself failed (network, 5xx): the server answers 502 if every link failed so. */
    readonly upstream = false,
    /** The per-link failure code; absent for the generic `generation_failed` (or `upstream_error`). */
    readonly code?: GenerationErrorCode,
  ) {
    super(message);
    this.name = "GenerationError";
  }
}
