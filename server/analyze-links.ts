import {
  type AnalyzeRequest,
  type AnalyzeResponse,
  type AnalyzeResult,
  type JsonSchemaDocument,
  type LinkFailure,
  schemaOfResponseFormat,
} from "../lib/api/contract";
import { compileResponseSchema, InvalidSchemaError, scoreRelevance } from "./generate";
import { GenerationError, type Generator } from "./generate/types";
import { HttpError, invalidRequest } from "./http/http-error";
import { newId } from "./ids";
import { extractPage } from "./pages/extract-page";
import { type FetchedPage, PageFailure } from "./pages/types";
import { toRecord } from "./records";
import type { RelatedIndex } from "./related/types";
import type { Store, StoredAnalysis, Tenant } from "./store/types";
import { InsufficientCreditsError } from "./store/types";

export interface AnalyzeDeps {
  store: Store;
  relatedIndex: RelatedIndex;
  generator: Generator;
  fetchPage: (url: string, signal?: AbortSignal) => Promise<FetchedPage>;
  /** Links fetched and generated at once per request. */
  concurrency?: number;
}

type ParsedAnalyzeRequest = Omit<AnalyzeRequest, "prompt"> & { prompt: string };

type LinkOutcome =
  | { ok: true; result: StoredAnalysis }
  | { ok: false; failure: LinkFailure; upstream: boolean };

export const creditsPerLink = (structured: boolean) => (structured ? 2 : 1);

/** POST /v1/links: checks the worst-case cost, analyzes every link, stores and charges the successes. */
export async function analyzeLinks(
  deps: AnalyzeDeps,
  tenantId: string,
  request: ParsedAnalyzeRequest,
  signal?: AbortSignal,
): Promise<AnalyzeResponse> {
  const tenant = await deps.store.getTenant(tenantId);
  if (!tenant) throw new Error(`tenant ${tenantId} of a known key is missing from the store`);
  const schema = request.responseFormat ? schemaOfResponseFormat(request.responseFormat) : undefined;
  if (schema) assertSchemaCompiles(schema);

  const unitCost = creditsPerLink(schema !== undefined);
  const worstCase = request.link.length * unitCost;
  if (tenant.credits < worstCase) throw insufficientCredits(tenant.credits, worstCase);

  const outcomes = await mapWithConcurrency(request.link, deps.concurrency ?? 4, (link) =>
    analyzeOneLink(deps, tenant, request, link, schema, signal),
  );

  const stored = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.result] : []));
  const failures = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.failure]));
  if (stored.length === 0) throw allLinksFailed(outcomes);

  const usageId = newId("use");
  const costCredits = stored.length * unitCost;
  try {
    await deps.store.saveAnalyses(stored, {
      usageId,
      tenantId: tenant.id,
      costCredits,
      links: stored.length,
      createdAt: new Date().toISOString(),
    });
  } catch (error) {
    if (error instanceof InsufficientCreditsError) throw insufficientCredits(error.balance, error.needed);
    throw error;
  }
  for (const analysis of stored) deps.relatedIndex.upsert(analysis);

  return {
    usageId,
    costCredits,
    results: stored.map(toAnalyzeResult),
    ...(request.metadata && { metadata: request.metadata }),
    ...(failures.length > 0 && { failures }),
  };
}

async function analyzeOneLink(
  deps: AnalyzeDeps,
  tenant: Tenant,
  request: ParsedAnalyzeRequest,
  link: string,
  schema: JsonSchemaDocument | undefined,
  signal: AbortSignal | undefined,
): Promise<LinkOutcome> {
  try {
    const page = extractPage(await deps.fetchPage(link, signal));
    const input = { prompt: request.prompt, temperature: request.temperature ?? 0, page, signal };
    const textContent = await deps.generator.generateText(input);
    const jsonContent = schema ? await deps.generator.generateJson({ ...input, schema }) : undefined;
    const now = new Date().toISOString();
    return {
      ok: true,
      result: {
        tenantId: tenant.id,
        analysisId: newId("ana"),
        createdAt: now,
        updatedAt: now,
        analysis: { ...page.analysis, score: scoreRelevance(request.prompt, page.analysis.text) },
        textContent,
        ...(jsonContent && { jsonContent }),
        ...(request.metadata && { metadata: request.metadata }),
        ...(schema && { responseSchema: schema }),
      },
    };
  } catch (error) {
    if (error instanceof PageFailure) {
      return { ok: false, upstream: false, failure: { link, code: error.code, message: error.message } };
    }
    if (error instanceof GenerationError) {
      return {
        ok: false,
        upstream: error.upstream,
        failure: {
          link,
          code: error.upstream ? "upstream_error" : "generation_failed",
          message: error.message,
        },
      };
    }
    throw error;
  }
}

function assertSchemaCompiles(schema: JsonSchemaDocument): void {
  try {
    compileResponseSchema(schema);
  } catch (error) {
    if (error instanceof InvalidSchemaError) {
      throw invalidRequest([{ path: "responseFormat.json_schema", message: error.message }]);
    }
    throw error;
  }
}

function insufficientCredits(balance: number, needed: number): HttpError {
  return new HttpError(402, `this request may cost up to ${needed} credits and the key holds ${balance}`);
}

function allLinksFailed(outcomes: LinkOutcome[]): HttpError {
  const failed = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome]));
  const details = failed.map((outcome, index) => ({
    path: `link.${index}`,
    message: outcome.failure.message,
    link: outcome.failure.link,
    code: outcome.failure.code,
  }));
  if (failed.every((outcome) => outcome.upstream)) {
    return new HttpError(502, `the text-generation provider failed: ${failed[0]?.failure.message}`, details);
  }
  const summary =
    failed.length === 1
      ? `the link could not be analyzed: ${failed[0]?.failure.message}`
      : `none of the ${failed.length} links could be analyzed`;
  return new HttpError(422, summary, details);
}

/** An analyze result is the record without its metadata (the response carries that once). */
function toAnalyzeResult(stored: StoredAnalysis): AnalyzeResult {
  const { metadata: _metadata, ...result } = toRecord(stored);
  return result;
}

async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
