/**
 * The related list's `metadata` filter as the served OpenAPI document states it and as the service applies it:
 * a filter holding U+0000 is refused by both (it once passed the document and got a 400 from the service).
 */
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../lib/api/contract";
import { startTestService, type TestService } from "./helpers/service";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

const DOCUMENT_ID = "https://linklens.test/openapi.json";

/** A validator of the `metadata` parameter's value, from the document the service serves. */
async function metadataParameterCheck() {
  const response = await fetch(`${service.url}/openapi.json`);
  expect(response.status).toBe(200);
  const document = await response.json();
  const parameter = document.paths["/v1/analyses/related"].get.parameters.find(
    (item: { in: string; name: string }) => item.in === "query" && item.name === "metadata",
  );
  const schema = parameter.content["application/json"].schema;
  // The parameter's schema may point into the document's components: it is read against the document.
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  return ajv.compile(schema.$ref ? { $ref: `${DOCUMENT_ID}${schema.$ref}` } : schema);
}

describe("GET /v1/analyses/related?metadata=", () => {
  it("the document's schema for the metadata filter refuses NUL in a value and in a key", async () => {
    const check = await metadataParameterCheck();
    expect(check({ team: "city", rank: 1, done: true, gone: null })).toBe(true);
    expect(check({ team: "ci\u0000ty" })).toBe(false);
    expect(check({ "te\u0000am": "city" })).toBe(false);
    expect(check({ team: { nested: 1 } })).toBe(false);
  });

  it("the service answers 400 with the contract's error body for NUL, as the document says", async () => {
    const check = await metadataParameterCheck();
    const related = (filter: object) =>
      service.call(
        "GET",
        `/v1/analyses/related?analysisId=ana_none&metadata=${encodeURIComponent(JSON.stringify(filter))}`,
      );
    for (const filter of [{ team: "ci\u0000ty" }, { "te\u0000am": "city" }]) {
      expect(check(filter)).toBe(false);
      const response = await related(filter);
      expect(response.status).toBe(400);
      expect(ErrorBody.safeParse(response.body).success).toBe(true);
      expect(response.body.error).toMatchObject({
        code: "invalid_request",
        requestId: response.headers.get("x-request-id"),
      });
      expect(response.body.error.details).toEqual([
        { path: "metadata", message: expect.stringMatching(/NUL/) },
      ]);
    }
    // The same filter without NUL passes both: the service goes on to look for the analysis.
    expect(check({ team: "city" })).toBe(true);
    expect((await related({ team: "city" })).status).toBe(404);
  });
});
