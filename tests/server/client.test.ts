import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createApiClient, normalizeBaseUrl } from "../../lib/api/client";
import { ApiError } from "../../lib/api/errors";
import { KEY, siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();

/** Real fetch, counted: proves what left the machine. */
function countingFetch() {
  const calls: string[] = [];
  const counted: typeof fetch = (input, init) => {
    calls.push(`${init?.method ?? "GET"} ${String(input)}`);
    return fetch(input, init);
  };
  return { calls, fetch: counted };
}

/** Another service that made other decisions than ours: answers what each test scripts, in order. */
async function startScriptedService(script: ((req: IncomingMessage, res: ServerResponse) => void)[]) {
  let index = 0;
  const server: Server = createServer((req, res) => {
    const step = script[Math.min(index++, script.length - 1)];
    step?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => index,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

describe("the API client against the reference service", () => {
  it("analyzes, reads, updates with If-Match and lists related records", async () => {
    const client = createApiClient({ baseUrl: `${env.service.url}/v1/`, apiKey: KEY });
    const analyzed = await client.analyzeLinks({
      link: [env.site.url("/news/article.html"), env.site.url("/fr/article.html")],
      prompt: "What changes for commuters?",
      metadata: { source: "client-test" },
    });
    expect(analyzed.results).toHaveLength(2);
    const [first] = analyzed.results;
    const read = await client.getAnalysis(first?.analysisId as string);
    expect(read.metadata).toEqual({ source: "client-test" });

    const updated = await client.updateAnalysis(
      { analysisId: read.analysisId, textContent: "edited" },
      { ifMatch: read.updatedAt },
    );
    expect(updated.textContent).toBe("edited");
    const stale = await client
      .updateAnalysis({ analysisId: read.analysisId, textContent: "stale" }, { ifMatch: read.updatedAt })
      .catch((error) => error);
    expect(stale).toBeInstanceOf(ApiError);
    expect(stale).toMatchObject({
      status: 412,
      code: "precondition_failed",
      requestId: expect.stringMatching(/^req_/),
    });

    // Another analysis of the same page: the related search has a page that shares its words to find.
    await client.analyzeLinks({ link: [env.site.url("/news/article.html")], prompt: "Who runs the trams?" });
    const related = await client.listRelated({
      analysisId: read.analysisId,
      selectFields: ["analysis"],
      pageSize: 5,
    });
    expect(related.length).toBeGreaterThan(0);
    expect(Object.keys(related[0] ?? {}).sort()).toEqual(["analysis", "analysisId"]);
  });

  it("checks inputs with the contract before sending anything", async () => {
    const { calls, fetch } = countingFetch();
    const client = createApiClient({ baseUrl: env.service.url, apiKey: KEY, fetch });
    const refusals = await Promise.all([
      client.analyzeLinks({ link: ["http://example.com/"], prompt: "x" }).catch((e) => e),
      client.analyzeLinks({ link: ["https://example.com/"], prompt: "x", temperature: 3 }).catch((e) => e),
      client.listRelated({ analysisId: "a", pageSize: 0 }).catch((e) => e),
      client.updateAnalysis({ analysisId: "a" }).catch((e) => e),
      client.getAnalysis("").catch((e) => e),
    ]);
    expect(calls).toEqual([]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 0, code: "invalid_request" });
    expect(refusals[0].details[0]).toEqual({ path: "link.0", message: "must start with https://" });
    expect(refusals[1].details[0].path).toBe("temperature");
    expect(refusals[2].details[0].path).toBe("pageSize");
  });

  it("turns the service's errors into ApiError with status, code, details and request id", async () => {
    const client = createApiClient({ baseUrl: env.service.url, apiKey: "wrong" });
    const error = await client.getAnalysis("x").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "unauthorized", message: "the API key is not valid" });
    expect(error.requestId).toMatch(/^req_/);

    const allFailed = await createApiClient({ baseUrl: env.service.url, apiKey: KEY })
      .analyzeLinks({ link: [env.site.url("/doc.pdf")], prompt: "x" })
      .catch((e) => e);
    expect(allFailed).toMatchObject({ status: 422, code: "unprocessable" });
    expect(allFailed.details[0].path).toBe("link.0");
  });

  it("reports an unreachable service, a timeout and a cancellation distinctly", async () => {
    const unreachable = await createApiClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: KEY,
      retry: { retries: 0 },
    })
      .getAnalysis("x")
      .catch((e) => e);
    expect(unreachable).toMatchObject({ status: 0, code: "network_error" });
    expect(unreachable.message).toContain("http://127.0.0.1:9");

    const slow = await startScriptedService([() => {}]);
    try {
      const timedOut = await createApiClient({
        baseUrl: slow.url,
        apiKey: KEY,
        timeoutMs: 200,
        retry: { retries: 0 },
      })
        .getAnalysis("x")
        .catch((e) => e);
      expect(timedOut).toMatchObject({ status: 0, code: "timeout" });

      const controller = new AbortController();
      const pending = createApiClient({ baseUrl: slow.url, apiKey: KEY }).getAnalysis("x", {
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 50);
      await expect(pending).rejects.toMatchObject({ code: "aborted" });
    } finally {
      await slow.close();
    }
  });
});

describe("the API client against a service that decided differently", () => {
  it("keeps unknown fields and accepts an analysis object with fields missing", async () => {
    const remote = await startScriptedService([
      json(200, {
        analysisId: "r1",
        createdAt: "2026-01-01",
        updatedAt: "2026-01-02",
        analysis: { url: "https://x/" },
        extra: { a: 1 },
      }),
    ]);
    try {
      const record = await createApiClient({ baseUrl: remote.url, apiKey: KEY }).getAnalysis("r1");
      expect(record).toMatchObject({ analysisId: "r1", analysis: { url: "https://x/" }, extra: { a: 1 } });
    } finally {
      await remote.close();
    }
  });

  it("reads any error body shape, and a body that is not JSON", async () => {
    const remote = await startScriptedService([
      json(400, { message: "prompt is required" }),
      json(403, { error: "forbidden for this plan" }),
      (_req, res) => {
        res.writeHead(502, { "content-type": "text/html" });
        res.end("<html><body>Bad gateway</body></html>");
      },
      json(200, { unexpected: true }),
    ]);
    try {
      const client = createApiClient({ baseUrl: remote.url, apiKey: KEY, retry: { retries: 0 } });
      await expect(client.getAnalysis("a")).rejects.toMatchObject({
        status: 400,
        message: "prompt is required",
      });
      await expect(client.getAnalysis("a")).rejects.toMatchObject({
        status: 403,
        message: "forbidden for this plan",
      });
      await expect(client.getAnalysis("a")).rejects.toMatchObject({ status: 502, code: "http_502" });
      await expect(client.getAnalysis("a")).rejects.toMatchObject({ status: 200, code: "invalid_response" });
    } finally {
      await remote.close();
    }
  });

  it("retries 429 and 503 after Retry-After, also for POST", async () => {
    const remote = await startScriptedService([
      json(429, { error: { code: "rate_limited", message: "slow down" } }, { "retry-after": "1" }),
      json(503, { message: "maintenance" }),
      json(200, { usageId: "u", costCredits: 1, results: [] }),
    ]);
    try {
      const waits: number[] = [];
      const client = createApiClient({
        baseUrl: remote.url,
        apiKey: KEY,
        retry: { baseDelayMs: 10 },
        onRetry: ({ delayMs, error }) => waits.push(delayMs, error.status),
      });
      const response = await client.analyzeLinks({ link: ["https://example.com/"], prompt: "x" });
      expect(response.usageId).toBe("u");
      expect(remote.requests()).toBe(3);
      expect(waits[0]).toBe(1000);
      expect(waits[1]).toBe(429);
      expect(waits[3]).toBe(503);
    } finally {
      await remote.close();
    }
  });

  it("gives up when Retry-After is longer than it will wait, passing the wait on", async () => {
    const remote = await startScriptedService([json(429, { message: "later" }, { "retry-after": "120" })]);
    try {
      const error = await createApiClient({ baseUrl: remote.url, apiKey: KEY })
        .getAnalysis("a")
        .catch((e) => e);
      expect(error).toMatchObject({ status: 429, retryAfter: 120 });
      expect(remote.requests()).toBe(1);
    } finally {
      await remote.close();
    }
  });

  it("retries a GET after a network failure, never a POST", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    let revived: Server | undefined;
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      retry: { baseDelayMs: 300, retries: 3 },
      onRetry: () => {
        revived ??= createServer(
          json(200, { analysisId: "back", createdAt: "t", updatedAt: "t", analysis: {} }),
        ).listen(port, "127.0.0.1");
      },
    });
    try {
      await expect(client.getAnalysis("back")).resolves.toMatchObject({ analysisId: "back" });
    } finally {
      await new Promise<void>((resolve) => (revived ? revived.close(() => resolve()) : resolve()));
    }

    const attempts: number[] = [];
    const post = await createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      onRetry: ({ attempt }) => attempts.push(attempt),
    })
      .updateAnalysis({ analysisId: "a", textContent: "x" })
      .catch((e) => e);
    expect(post).toMatchObject({ code: "network_error" });
    expect(attempts).toEqual([]);
  });

  it("normalizes the base URL users paste", () => {
    expect(normalizeBaseUrl(" https://api.example.com/v1/ ")).toBe("https://api.example.com");
    expect(normalizeBaseUrl("https://api.example.com/prefix/")).toBe("https://api.example.com/prefix");
  });
});
