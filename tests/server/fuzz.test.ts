/**
 * Seeded fuzz test of the reference service: a few thousand random and mutated requests (bodies, headers,
 * schemas, hostile pages of the fixture site), several at once. It fails on any 5xx, any error without the
 * contract's error body, any answer over its time budget, and a service that stops answering.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createFuzzer, type FuzzRequest } from "./helpers/fuzz-requests";
import { KEY, OTHER_KEY, siteAndServicePerFile } from "./helpers/service";

const SEED = 20261125;
const REQUESTS = 3_000;
const CONCURRENCY = 6;

/** The contract's error table: the codes each status may carry. */
const CODES_BY_STATUS: Record<number, string[]> = {
  400: ["invalid_request"],
  401: ["unauthorized"],
  402: ["insufficient_credits"],
  404: ["not_found"],
  405: ["method_not_allowed"],
  409: ["idempotency_in_progress"],
  412: ["precondition_failed"],
  413: ["payload_too_large"],
  415: ["unsupported_media_type"],
  422: ["unprocessable", "idempotency_key_reused"],
  429: ["rate_limited"],
  431: ["headers_too_large"],
};

const PAGES = [
  "/blog/post.html",
  "/news/article.html",
  "/fr/article.html",
  "/text/notes.txt",
  "/gallery/base.html",
  "/plain/no-meta.html",
  "/charset/latin1.html",
  "/compressed/article.html",
  "/redirect/ok",
  "/redirect/chain?n=7",
  "/redirect/to-http",
  "/status/404",
  "/status/500",
  "/big.html",
  "/doc.pdf",
  "/slow?ms=50",
  "/many/3.html",
  "/hostile/nested.html",
  "/hostile/many-elements.html",
  "/hostile/empty.html",
  "/hostile/blank.txt",
  "/hostile/no-text.html",
  "/hostile/odd-bytes.html",
  "/hostile/no-root.html",
  "/hostile/frameset.html",
  "/hostile/bom-only.html",
  "/pdf/report.pdf",
  "/pdf/scanned.pdf",
  "/pdf/truncated.pdf",
  "/pdf/encrypted.pdf",
  "/pdf/bomb.pdf",
];

interface Outcome {
  request: FuzzRequest;
  status: number;
  ms: number;
  problem?: string;
}

const env = siteAndServicePerFile({
  apiKeys: [
    { key: KEY, credits: 1_000_000 },
    { key: OTHER_KEY, credits: 1_000_000 },
  ],
});
const analysisIds: string[] = [];

beforeAll(async () => {
  const created = await env.service.call("POST", "/v1/links", {
    body: { link: PAGES.slice(0, 4).map((path) => env.site.url(path)), prompt: "Summarize the page" },
  });
  expect(created.status).toBe(200);
  for (const result of created.body.results) analysisIds.push(result.analysisId);
});

async function send(request: FuzzRequest): Promise<Outcome> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(env.service.url + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.budgetMs + 5_000),
    });
  } catch (error) {
    return {
      request,
      status: 0,
      ms: performance.now() - started,
      problem: `no answer (${(error as Error).message})`,
    };
  }
  const text = await response.text();
  const ms = performance.now() - started;
  return { request, status: response.status, ms, problem: problemOf(request, response, text, ms) };
}

function problemOf(request: FuzzRequest, response: Response, text: string, ms: number): string | undefined {
  if (response.status >= 500) return `answered ${response.status}: ${text.slice(0, 300)}`;
  if (ms > request.budgetMs) return `took ${Math.round(ms)} ms (budget ${request.budgetMs} ms)`;
  if (request.method === "HEAD" || response.ok) return undefined;
  let body: { error?: { code?: unknown; message?: unknown; requestId?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${response.status} without a JSON body: ${text.slice(0, 200)}`;
  }
  const error = body.error;
  const codes = CODES_BY_STATUS[response.status];
  if (!codes) return `answered ${response.status}, a status the contract does not list`;
  if (!error || typeof error.message !== "string" || typeof error.requestId !== "string") {
    return `answered ${response.status} without the contract's error body: ${text.slice(0, 200)}`;
  }
  if (!codes.includes(String(error.code)))
    return `answered ${response.status} with code ${String(error.code)}`;
  return undefined;
}

async function assertAnswering(): Promise<void> {
  const response = await fetch(`${env.service.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  expect(response.status).toBe(200);
}

describe("fuzzing the service", () => {
  it(`answers ${REQUESTS} random and mutated requests within the contract`, {
    timeout: 150_000,
  }, async () => {
    const fuzzer = createFuzzer(SEED, {
      keys: [KEY, OTHER_KEY],
      analysisIds,
      pages: PAGES.map((path) => env.site.url(path)),
    });
    const outcomes: Outcome[] = [];
    let sent = 0;
    const lane = async () => {
      while (sent < REQUESTS) {
        sent++;
        outcomes.push(await send(fuzzer.next()));
        if (sent % 500 === 0) await assertAnswering();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    await assertAnswering();

    const statuses = new Map<number, number>();
    for (const { status } of outcomes) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const slowest = outcomes.reduce((worst, outcome) => (outcome.ms > worst.ms ? outcome : worst));
    const slowestOther = outcomes
      .filter((outcome) => outcome.request.path !== "/v1/links")
      .reduce((worst, outcome) => (outcome.ms > worst.ms ? outcome : worst));
    console.log(
      [
        `fuzz seed ${SEED}: ${outcomes.length} requests`,
        `statuses: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(" ")}`,
        `slowest: ${Math.round(slowest.ms)} ms (${slowest.request.label})`,
        `slowest not analyzing: ${Math.round(slowestOther.ms)} ms (${slowestOther.request.label})`,
      ].join("\n"),
    );

    const problems = outcomes
      .filter((outcome) => outcome.problem)
      .map(
        ({ request, problem }) =>
          `${request.label} [${JSON.stringify(request.headers).slice(0, 120)}] ${String(request.body ?? "").slice(0, 160)}: ${problem}`,
      );
    expect(problems.slice(0, 15)).toEqual([]);
  });
});
