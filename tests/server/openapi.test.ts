/** GET /openapi.json: the document of the routes the service registered, against what it answers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
