/**
 * One page's CPU work, run on a pool thread: the page's limits, extraction (HTML, plain text or PDF),
 * relevance and (offline) generation. Failures the response reports come back as data.
 */
// Not the generate index: it also loads the OpenAI client, which a pool thread never uses.

import { createExtractiveGenerator, warmUpExtractiveGenerator } from "../generate/extractive";
import { withNotStatedNote } from "../generate/json/not-stated";
import { scoreRelevance } from "../generate/text/relevance";
import { extractPage } from "../pages/extract-page";
import { extractPdf } from "../pages/extract-pdf";
import { assertPageHasText, assertPageWithinLimits } from "../pages/page-limits";
import { compileResponseSchema, InvalidSchemaError } from "../schema/json-schema";
import {
  type PageJob,
  type PageJobResult,
  type PerLinkFailure,
  perLinkFailureOf,
  type SchemaCheck,
  type SchemaCheckResult,
} from "./page-job";

const generator = createExtractiveGenerator();

export async function runPageJob(job: PageJob): Promise<PageJobResult> {
  try {
    assertPageWithinLimits(job.page);
    const page =
      job.page.contentType === "application/pdf" ? await extractPdf(job.page) : extractPage(job.page);
    assertPageHasText(page);
    const score = scoreRelevance(job.prompt, page.analysis.text, page.language);
    if (!job.generate) return { ok: true, page, score };

    const input = { prompt: job.prompt, temperature: job.temperature, page };
    const text = await generator.generateText(input);
    const jsonContent = job.schema
      ? await generator.generateJson({ ...input, schema: job.schema })
      : undefined;
    const textContent = withNotStatedNote(text, jsonContent);
    return { ok: true, page, score, content: { textContent, ...(jsonContent && { jsonContent }) } };
  } catch (error) {
    return { ok: false, failure: perLinkFailureOf(error) ?? unreadablePage(job.page.url, error) };
  }
}

/**
 * A page the extractor or generator broke on (a bug, met on odd markup) fails its own link, never the
 * request; the stack goes to the log so the bug can be found, the caller gets the contract's code.
 */
function unreadablePage(url: string, error: unknown): PerLinkFailure {
  console.error(`page job: ${url} could not be read:`, error);
  return { code: "page_too_complex", message: `${url} could not be read as a page`, upstream: false };
}

/** Compiles a response schema (ajv can take most of a second on a large one) and validates `value`. */
export function checkSchema({ schema, value }: SchemaCheck): SchemaCheckResult {
  try {
    const validate = compileResponseSchema(schema);
    if (value === undefined) return { ok: true };
    const result = validate(value);
    return result.valid ? { ok: true } : { ok: false, violations: result.errors };
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    return { ok: false, schemaProblem: { message: error.message, ...(error.path && { path: error.path }) } };
  }
}

/** Loads what the first job would otherwise load (the sentence model). */
export async function warmUpPageJob(): Promise<void> {
  await warmUpExtractiveGenerator();
}
