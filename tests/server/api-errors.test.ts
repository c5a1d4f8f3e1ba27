import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../lib/api/contract";
import { type FakeProvider, PROVIDER_FAILURE, startFakeProvider } from "./helpers/fake-provider";
import { fixtureSitePerFile } from "./helpers/fixture-site";
import { KEY, startTestService, type TestService } from "./helpers/service";

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

function expectErrorBody(response: { body: any; headers: Headers }, code: string) {
  expect(response.body).toEqual({
    error: {
      code,
      message: expect.any(String),
      requestId: response.headers.get("x-request-id"),
      ...(response.body.error.details && { details: expect.any(Array) }),
    },
  });
  expect(response.body.error.message.length).toBeGreaterThan(5);
}

describe("errors every endpoint shares", () => {
  it("401 without a key or with an unknown key, on every endpoint", async () => {
    for (const [method, path] of [
      ["POST", "/v1/links"],
      ["POST", "/v1/analyses"],
      ["GET", "/v1/analyses?analysisId=x"],
      ["GET", "/v1/analyses/related?analysisId=x"],
    ] as const) {
      const missing = await service.call(method, path, {
        key: null,
        body: method === "POST" ? {} : undefined,
      });
      expect(missing.status, `${method} ${path}`).toBe(401);
      expectErrorBody(missing, "unauthorized");
      const wrong = await service.call(method, path, {
        key: "lk_wrong",
        body: method === "POST" ? {} : undefined,
      });
      expect(wrong.status).toBe(401);
    }
  });

  it("404 for an unknown route, 405 with Allow for a wrong method", async () => {
    const unknown = await service.call("GET", "/v1/nothing");
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown, "not_found");
    expect((await service.call("GET", "/elsewhere")).status).toBe(404);

    const wrongMethod = await service.call("GET", "/v1/links");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expectErrorBody(wrongMethod, "method_not_allowed");
    const deleteAnalysis = await service.call("DELETE", "/v1/analyses?analysisId=x");
    expect(deleteAnalysis.status).toBe(405);
    expect(deleteAnalysis.headers.get("allow")).toBe("GET, POST");
  });

  it("415 for a POST that is not JSON, 400 for malformed or empty JSON", async () => {
    const text = await service.call("POST", "/v1/links", {
      rawBody: "link=https://a",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expectErrorBody(text, "unsupported_media_type");
    const none = await service.call("POST", "/v1/analyses", { rawBody: "{}" });
    expect(none.status).toBe(415);

    const malformed = await service.call("POST", "/v1/links", {
      rawBody: '{"link": [',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expectErrorBody(malformed, "invalid_request");
    expect(malformed.body.error.message).toMatch(/JSON/);
    const empty = await service.call("POST", "/v1/links", {
      rawBody: "",
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(empty.status).toBe(400);
  });

  it("413 for a body over 1 MiB", async () => {
    const huge = JSON.stringify({ analysisId: "x", textContent: "x".repeat(LIMITS.maxBodyBytes) });
    const response = await service.call("POST", "/v1/analyses", {
      rawBody: huge,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expectErrorBody(response, "payload_too_large");
    // The refused body is drained, not left on the connection: the client's next requests on it are answered.
    for (let i = 0; i < 5; i++) {
      expect((await service.call("POST", "/v1/analyses", { body: [] })).status).toBe(400);
    }
  });

  it("413 for a body over 1 MiB sent without Content-Length (chunked), cut off while it streams", async () => {
    const chunk = "x".repeat(64 * 1024);
    const answer = await new Promise<{ status?: number; headers: IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        const request = httpRequest(`${service.url}/v1/analyses`, {
          method: "POST",
          agent: false,
          headers: { "content-type": "application/json", "x-api-key": KEY },
        });
        request.on("response", (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (part) => {
            text += part;
          });
          response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, text }));
        });
        request.on("error", reject);
        request.write('{"analysisId":"x","textContent":"');
        for (let sent = 0; sent <= LIMITS.maxBodyBytes; sent += chunk.length) request.write(chunk);
        request.end('"}');
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        code: "payload_too_large",
        message: expect.stringMatching(/1 MiB/),
        requestId: answer.headers["x-request-id"],
      },
    });
  });

  it("never answers 500 to odd input", async () => {
    const bodies = [
      "[]",
      "0",
      '"text"',
      "true",
      "null",
      '{"link":null,"prompt":null}',
      '{"__proto__":{"x":1}}',
      '{"link":[1],"prompt":{}}',
    ];
    for (const rawBody of bodies) {
      for (const path of ["/v1/links", "/v1/analyses"]) {
        const response = await service.call("POST", path, {
          rawBody,
          headers: { "content-type": "application/json" },
        });
        expect(response.status, `${path} ${rawBody}`).toBe(400);
      }
    }
    const queries = [
      "analysisId=%E0%A4%A",
      "analysisId=x&pageNum=-1",
      "analysisId=x&metadata=null",
      "analysisId=x&selectFields=",
    ];
    for (const query of queries) {
      const response = await service.call("GET", `/v1/analyses/related?${query}`);
      expect(response.status, query).toBeGreaterThanOrEqual(400);
      expect(response.status, query).toBeLessThan(500);
    }
  });

  it("every response carries x-request-id, and healthz needs no key", async () => {
    const health = await service.call("GET", "/healthz", { key: null });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true });
    expect(health.headers.get("x-request-id")).toMatch(/^req_/);
    // The id is always the service's own, never one the client sent.
    const sent = await service.call("GET", "/v1/nothing", { headers: { "x-request-id": "client-id-1" } });
    expect(sent.headers.get("x-request-id")).toMatch(/^req_/);
    expect(sent.body.error.requestId).toBe(sent.headers.get("x-request-id"));
  });
});

describe("429 rate limits", () => {
  it("limits other requests per key with Retry-After, leaving other keys alone", async () => {
    const limited = await startTestService({ rateOtherPerMinute: 3 });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<TestService["call"]>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await limited.call("GET", "/v1/analyses?analysisId=x");
        statuses.push(last.status);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      expectErrorBody(last as never, "rate_limited");
      expect(Number(last?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await limited.call("GET", "/v1/analyses?analysisId=x", { key: "lk_test_beta" })).status).toBe(
        404,
      );
    } finally {
      await limited.close();
    }
  });

  it("limits analyze requests on their own budget", async () => {
    const limited = await startTestService({ rateAnalyzePerMinute: 1 });
    try {
      const body = { link: ["http://not-https.example/"], prompt: "x" };
      expect((await limited.call("POST", "/v1/links", { body })).status).toBe(400);
      const second = await limited.call("POST", "/v1/links", { body });
      expect(second.status).toBe(429);
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThanOrEqual(30);
      expect((await limited.call("GET", "/v1/analyses?analysisId=x")).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe("502 upstream errors", () => {
  const fixture = fixtureSitePerFile();
  let provider: FakeProvider;
  beforeAll(async () => {
    provider = await startFakeProvider(() => PROVIDER_FAILURE);
  });
  afterAll(async () => {
    await provider?.close();
  });

  it("answers 502 when the configured generation provider fails for every link", async () => {
    const upstream = await startTestService({ ca: fixture.site.caPem, llm: provider.llm });
    try {
      const response = await upstream.call("POST", "/v1/links", {
        body: { link: [fixture.site.url("/blog/post.html")], prompt: "x" },
      });
      expect(response.status).toBe(502);
      expectErrorBody(response, "upstream_error");
    } finally {
      await upstream.close();
    }
  });
});
