import {
  type AnalyzeRequest,
  type AnalyzeResponse,
  type AnalyzeResult,
  type JsonSchemaDocument,
  type LinkFailure,
  PAGE_TEXT_SOURCE,
  schemaOfResponseFormat,
} from "../lib/api/contract";
import type { Generator } from "./generate/types";
import { HttpError, invalidRequest } from "./http/http-error";
import { newId } from "./ids";
import { type FetchedPage, PageFailure } from "./pages/types";
import { toRecord } from "./records";
import type { IdempotencyCompletion, Store, StoredAnalysis, Tenant } from "./store/types";
import { InsufficientCreditsError } from "./store/types";
import { type GeneratedContent, type PerLinkFailure, perLinkFailureOf } from "./work/page-job";
import type { PagePool } from "./work/page-pool";

export interface AnalyzeDeps {
  store: Store;
  /** Parses, extracts and scores each page off the event loop; generates too when `generator` is absent. */
  pages: PagePool;
  /**
   * A generator that runs here, after the pool read the page: one that waits on the network (the
   * OpenAI-compatible one). Without it the pool's offline generator writes the content.
   */
  generator?: Generator;
  fetchPage: (url: string, signal?: AbortSignal) => Promise<FetchedPage>;
  /** Links fetched and generated at once per request. */
  concurrency?: number;
}

type ParsedAnalyzeRequest = Omit<AnalyzeRequest, "prompt"> & { prompt: string };

type LinkOutcome =
  | { ok: true; result: StoredAnalysis }
  | { ok: false; failure: LinkFailure; upstream: boolean };

/** Fetching, reading and generating one link (the contract's "all its work"): past this, the link fails. */
const LINK_DEADLINE_MS = 20_000;

const creditsPerLink = (structured: boolean) => (structured ? 2 : 1);

/** POST /v1/links: checks the worst-case cost, analyzes every link, stores and charges the successes. */
export async function analyzeLinks(
  deps: AnalyzeDeps,
  tenantId: string,
  request: ParsedAnalyzeRequest,
  signal?: AbortSignal,
  /** The keyed request's completion, stored in the transaction that stores and charges the analyses. */
  completion?: (response: AnalyzeResponse) => IdempotencyCompletion,
): Promise<AnalyzeResponse> {
  const tenant = await deps.store.getTenant(tenantId);
  if (!tenant) throw new Error(`tenant ${tenantId} of a known key is missing from the store`);
  const schema = request.responseFormat ? schemaOfResponseFormat(request.responseFormat) : undefined;
  if (request.responseFormat && schema)
    await assertSchemaAccepted(deps.pages, request.responseFormat, schema, signal);

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
  const response: AnalyzeResponse = {
    usageId,
    costCredits,
    results: stored.map(toAnalyzeResult),
    ...(request.metadata && { metadata: request.metadata }),
    ...(failures.length > 0 && { failures }),
  };
  try {
    await deps.store.saveAnalyses(
      stored,
      {
        usageId,
        tenantId: tenant.id,
        costCredits,
        links: stored.length,
        createdAt: new Date().toISOString(),
      },
      completion?.(response),
    );
  } catch (error) {
    if (error instanceof InsufficientCreditsError) throw insufficientCredits(error.balance, error.needed);
    throw error;
  }
  return response;
}

async function analyzeOneLink(
  deps: AnalyzeDeps,
  tenant: Tenant,
  request: ParsedAnalyzeRequest,
  link: string,
  schema: JsonSchemaDocument | undefined,
  signal: AbortSignal | undefined,
): Promise<LinkOutcome> {
  const deadline = AbortSignal.timeout(LINK_DEADLINE_MS);
  const linkSignal = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    const prompt = request.prompt;
    const temperature = request.temperature ?? 0;
    const fetched = await deps.fetchPage(link, linkSignal);
    const read = await deps.pages
      .run({ page: fetched, prompt, temperature, schema, generate: !deps.generator }, linkSignal)
      .catch((error: unknown) => {
        throw linkSignal.aborted ? abortedFailure(fetched.url, deadline) : error;
      });
    if (!read.ok) return failed(link, read.failure);
    const { textContent, jsonContent }: GeneratedContent =
      read.content ??
      (await generateHere(
        deps.generator,
        { prompt, temperature, page: read.page, signal: linkSignal },
        schema,
      ));
    const now = new Date().toISOString();
    return {
      ok: true,
      result: {
        tenantId: tenant.id,
        analysisId: newId("ana"),
        createdAt: now,
        updatedAt: now,
        analysis: {
          ...read.page.analysis,
          // The text is the page's own, which the seed does not say: this tells a client so.
          extras: { ...read.page.analysis.extras, textSource: PAGE_TEXT_SOURCE },
          score: read.score,
        },
        textContent,
        ...(jsonContent && { jsonContent }),
        ...(request.metadata && { metadata: request.metadata }),
        ...(schema && { responseSchema: schema }),
      },
    };
  } catch (error) {
    const failure =
      perLinkFailureOf(error) ??
      (linkSignal.aborted ? perLinkFailureOf(abortedFailure(link, deadline)) : undefined);
    if (failure) return failed(link, failure);
    throw error;
  }
}

/** Content from the main-thread generator (network-bound: it does not hold the event loop). */
async function generateHere(
  generator: Generator | undefined,
  input: Parameters<Generator["generateText"]>[0],
  schema: JsonSchemaDocument | undefined,
): Promise<GeneratedContent> {
  if (!generator) throw new Error("the page pool generated no content and no generator is configured");
  const textContent = await generator.generateText(input);
  const jsonContent = schema ? await generator.generateJson({ ...input, schema }) : undefined;
  return { textContent, ...(jsonContent && { jsonContent }) };
}

function failed(link: string, { code, message, upstream }: PerLinkFailure): LinkOutcome {
  return { ok: false, upstream, failure: { link, code, message } };
}

/** Why the pool's work on a page stopped: the link's deadline passed, or the client went away. */
function abortedFailure(url: string, deadline: AbortSignal): PageFailure {
  return deadline.aborted
    ? new PageFailure("page_too_complex", `${url} could not be analyzed within ${LINK_DEADLINE_MS / 1000} s`)
    : new PageFailure("network_error", `the analysis of ${url} was cancelled`);
}

/** The request-time schema check (bounds, RE2 patterns, compiling), on a pool thread: 400 when refused. */
async function assertSchemaAccepted(
  pages: PagePool,
  format: NonNullable<AnalyzeRequest["responseFormat"]>,
  schema: JsonSchemaDocument,
  signal: AbortSignal | undefined,
): Promise<void> {
  const check = await pages.checkSchema({ schema }, signal);
  if (check.ok || !("schemaProblem" in check)) return;
  const { message, path } = check.schemaProblem;
  const schemaPath =
    schema === format.json_schema ? "responseFormat.json_schema" : "responseFormat.json_schema.schema";
  throw invalidRequest([{ path: path ? `${schemaPath}.${path}` : schemaPath, message }]);
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
