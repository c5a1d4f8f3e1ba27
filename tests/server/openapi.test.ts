/** GET /openapi.json: the document of the routes the service registered, against what it answers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_PATTERN, PROMPT_PATTERN, RECORD_FIELDS } from "../../lib/api/contract";
import { linkProblem, normalizeLink } from "../../lib/links/link-check";
import { KEY, startTestService, type TestService } from "./helpers/service";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

async function openApiDocument() {
  const response = await fetch(`${service.url}/openapi.json`);
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /openapi.json", () => {
  it("documents every endpoint from the contract's schemas", async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual(["/v1/analyses", "/v1/analyses/related", "/v1/links"]);
    expect(Object.keys(document.paths["/v1/analyses"]).sort()).toEqual(["get", "post"]);
    expect(document.components.schemas.AnalyzeRequest.required).toEqual(
      expect.arrayContaining(["link", "prompt"]),
    );
    expect(document.components.schemas.ErrorBody).toBeDefined();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ in: "header", name: "x-api-key" });
    const idempotencyKey = document.paths["/v1/links"].post.parameters.find(
      (parameter: { name: string }) => parameter.name === "idempotency-key",
    );
    expect(idempotencyKey).toMatchObject({ in: "header", required: false });
    const unused = await service.call("GET", "/v1/analyses?analysisId=x", { key: KEY });
    expect(unused.status).toBe(404);
  });

  it("lists every route the service answers under /v1, and nothing else", async () => {
    const document = await openApiDocument();
    const documented = new Map<string, string[]>(
      Object.entries(document.paths as Record<string, object>).map(([path, operations]) => [
        path,
        Object.keys(operations).map((method) => method.toUpperCase()),
      ]),
    );
    const probed = [...documented.keys(), "/v1", "/v1/", "/v1/link", "/v1/analyses/", "/v1/analyses/x"];
    const answered: string[] = [];
    for (const path of probed) {
      for (const method of METHODS) {
        // Without a key, a route the service answers says 401; any other request, 404 or 405.
        const response = await service.call(method, path, { key: null });
        const { status, headers } = response;
        expect([401, 404, 405], `${method} ${path}`).toContain(status);
        if (status === 401) answered.push(`${method} ${path}`);
        if (status === 405) {
          expect(headers.get("allow"), `${method} ${path}`).toBe(documented.get(path)?.sort().join(", "));
        }
      }
    }
    const listed = [...documented].flatMap(([path, methods]) => methods.map((method) => `${method} ${path}`));
    expect(answered.sort()).toEqual(listed.sort());
  });
});

describe("the document states the service's rules", () => {
  it("states the limits of links, prompts, metadata, updates, paging, fields and filters", async () => {
    const document = await openApiDocument();
    const schemas = document.components.schemas;
    const links = schemas.AnalyzeRequest.properties.link;
    expect(links).toMatchObject({ minItems: 1, maxItems: 20, uniqueItems: true });
    expect(links.items).toMatchObject({ type: "string", maxLength: 2048, pattern: LINK_PATTERN });
    expect(links.description).toMatch(/normalization/);
    expect(schemas.AnalyzeRequest.properties.prompt).toMatchObject({
      pattern: PROMPT_PATTERN,
      maxLength: 10_000,
    });
    expect(schemas.Metadata).toMatchObject({ maxProperties: 32 });
    expect(schemas.UpdateAnalysisRequest).toMatchObject({ minProperties: 2, additionalProperties: false });
    expect(schemas.ResponseSchema.anyOf).toEqual([{ required: ["type"] }, { required: ["properties"] }]);
    const related = document.paths["/v1/analyses/related"].get.parameters;
    const parameter = (name: string) => related.find((item: { name: string }) => item.name === name);
    expect(parameter("pageNum").schema).toMatchObject({ type: "integer", minimum: 1 });
    expect(parameter("pageSize").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(parameter("selectFields")).toMatchObject({ style: "form", explode: false });
    expect(parameter("selectFields").schema.items.enum).toEqual([...RECORD_FIELDS]);
    for (const name of ["jsonContent", "metadata"]) {
      expect(parameter(name).schema).toBeUndefined();
      expect(parameter(name).content["application/json"].schema).toEqual({
        $ref: "#/components/schemas/Filter",
      });
    }
  });

  it("states the request and response headers of every operation", async () => {
    const document = await openApiDocument();
    const update = document.paths["/v1/analyses"].post;
    expect(
      update.parameters.map((item: { name: string; in: string }) => `${item.in} ${item.name}`).sort(),
    ).toEqual(["header idempotency-key", "header if-match"]);
    for (const [path, method] of [
      ["/v1/links", "post"],
      ["/v1/analyses", "get"],
      ["/v1/analyses", "post"],
      ["/v1/analyses/related", "get"],
    ] as const) {
      const responses = document.paths[path][method].responses as Record<string, { headers: object }>;
      for (const [status, response] of Object.entries(responses)) {
        expect(Object.keys(response.headers), `${method} ${path} ${status}`).toContain("x-request-id");
      }
      expect(Object.keys(responses[429]?.headers ?? {})).toContain("Retry-After");
    }
    expect(Object.keys(document.paths["/v1/analyses"].get.responses[200].headers)).toContain("ETag");
    expect(Object.keys(update.responses[200].headers)).toEqual([
      "x-request-id",
      "ETag",
      "Idempotent-Replayed",
    ]);
    expect(Object.keys(update.responses[412].headers)).toContain("ETag");
    expect(Object.keys(update.responses[409].headers)).toContain("Retry-After");
    expect(Object.keys(document.paths["/v1/links"].post.responses[200].headers)).toContain(
      "Idempotent-Replayed",
    );
    expect(document.components.responses.MethodNotAllowed.headers.Allow.required).toBe(true);
  });

  it("writes patterns the service agrees with: canonical links pass, blank prompts fail both", async () => {
    const link = new RegExp(LINK_PATTERN, "u");
    for (const ok of ["https://example.com/", "https://a-b.c9.io/x/y.html?q=1&r=a,b", "https://x/"]) {
      expect(link.test(ok), ok).toBe(true);
      expect(linkProblem(ok), ok).toBeNull();
      expect(normalizeLink(ok), ok).toBe(ok);
    }
    for (const other of [
      "https://Example.com/",
      "https://a.com",
      "https://a.com:443/",
      "https://a.com/#x",
      "https://1.2.3.4/",
      "https://a.com/./b",
      "https://xn--a.com/",
    ]) {
      expect(link.test(other), other).toBe(false);
    }
    const prompt = new RegExp(PROMPT_PATTERN, "u");
    for (const blank of ["\n", " \t", "\ufeff", "\u3000\u00a0", "\u2028"]) {
      expect(prompt.test(blank), JSON.stringify(blank)).toBe(false);
      const response = await service.call("POST", "/v1/links", {
        body: { link: ["https://example.com/"], prompt: blank },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details[0].path).toBe("prompt");
    }
    expect(prompt.test(" a ")).toBe(true);
  });
});

describe("one rule for NUL, one for the request id of a replay", () => {
  it("refuses U+0000 in every string of every request with 400 naming where", async () => {
    const nul = "a\u0000b";
    const analyze = (body: object) =>
      service.call("POST", "/v1/links", { body: { link: ["https://example.com/"], prompt: "p", ...body } });
    const update = (body: object) =>
      service.call("POST", "/v1/analyses", { body: { analysisId: "ana_x", ...body } });
    const related = (query: string) => service.call("GET", `/v1/analyses/related?analysisId=ana_x&${query}`);
    const cases: [Promise<{ status: number; body: any }>, string][] = [
      [analyze({ prompt: nul }), "prompt"],
      [analyze({ link: [`https://example.com/${nul}`] }), "link.0"],
      [analyze({ metadata: { key: nul } }), "metadata.key"],
      [analyze({ metadata: { [nul]: 1 } }), "metadata.a\\u0000b"],
      [
        analyze({
          responseFormat: { type: "json_schema", json_schema: { type: "object", description: nul } },
        }),
        "responseFormat.json_schema.description",
      ],
      [update({ textContent: nul }), "textContent"],
      [update({ jsonContent: { deep: [{ text: nul }] } }), "jsonContent.deep.0.text"],
      [update({ jsonContent: { [nul]: true } }), "jsonContent.a\\u0000b"],
      [update({ metadata: { k: nul } }), "metadata.k"],
      [service.call("GET", "/v1/analyses?analysisId=ana_%00"), "analysisId"],
      [related(`jsonContent=${encodeURIComponent(JSON.stringify({ k: nul }))}`), "jsonContent"],
      [related(`metadata=${encodeURIComponent(JSON.stringify({ [nul]: 1 }))}`), "metadata"],
    ];
    for (const [pending, path] of cases) {
      const response = await pending;
      expect(response.status, path).toBe(400);
      expect(
        response.body.error.details.map((detail: { path: string }) => detail.path),
        path,
      ).toContain(path);
    }
  });

  it("replays a stored error with its original requestId in the body and a new x-request-id header", async () => {
    const send = () =>
      service.call("POST", "/v1/analyses", {
        body: { analysisId: "ana_never", textContent: "x" },
        headers: { "Idempotency-Key": "replayed-error-1" },
      });
    const first = await send();
    expect(first.status).toBe(404);
    expect(first.body.error.requestId).toBe(first.headers.get("x-request-id"));
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await send();
    expect(again.status).toBe(404);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });
});
