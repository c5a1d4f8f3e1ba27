/**
 * The typed client generated from the service's OpenAPI document: its types are those of the document the
 * service serves now (the file is not stale), and calls made through it (openapi-fetch) get the answers its
 * types describe from the real service. tests/server/openapi-client/contract-types.ts holds the same types
 * against the contract's zod types, checked by the compiler.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AnalysisRecord, AnalyzeResponse, ErrorBody, RelatedResponse } from "../../lib/api/contract";
import { OPENAPI_TYPES_FILE, openApiTypesSource } from "../../scripts/openapi-types";
import { KEY, siteAndServicePerFile } from "./helpers/service";
import { createTypedClient } from "./openapi-client/typed-client";

const env = siteAndServicePerFile();

describe("the client generated from /openapi.json", () => {
  it("is generated from the document the service serves (npm run openapi:types after a change)", async () => {
    const document = await (await fetch(`${env.service.url}/openapi.json`)).json();
    expect(readFileSync(OPENAPI_TYPES_FILE, "utf8")).toBe(await openApiTypesSource(document));
  });

  it("analyzes, reads, edits with If-Match and lists related analyses through the typed calls", async () => {
    const client = createTypedClient(env.service.url, KEY);
    const analyzed = await client.POST("/v1/links", {
      body: {
        link: [`${env.site.origin}/blog/post.html`, `${env.site.origin}/news/article.html`],
        prompt: "What is this page about?",
        metadata: { topic: "otters" },
      },
      headers: { "idempotency-key": "typed-client-1" },
    });
    expect(analyzed.response.status).toBe(200);
    const results = AnalyzeResponse.parse(analyzed.data).results;
    const [first, second] = results.map((result) => result.analysisId);
    expect(first && second).toBeTruthy();

    const read = await client.GET("/v1/analyses", { params: { query: { analysisId: first as string } } });
    expect(read.response.status).toBe(200);
    expect(AnalysisRecord.parse(read.data).analysisId).toBe(first);
    const etag = read.response.headers.get("etag") as string;
    expect(etag).toBe(`"${read.data?.updatedAt}"`);

    const stale = await client.POST("/v1/analyses", {
      body: { analysisId: first as string, textContent: "edited" },
      params: { header: { "if-match": '"2000-01-01T00:00:00.000Z"' } },
    });
    expect(stale.response.status).toBe(412);
    expect(ErrorBody.parse(stale.error).error.code).toBe("precondition_failed");
    expect(stale.response.headers.get("etag")).toBe(etag);

    const edited = await client.POST("/v1/analyses", {
      body: { analysisId: first as string, textContent: "edited", metadata: { topic: "otters", kept: true } },
      params: { header: { "if-match": etag } },
    });
    expect(edited.response.status).toBe(200);
    expect(AnalysisRecord.parse(edited.data).textContent).toBe("edited");

    const related = await client.GET("/v1/analyses/related", {
      params: {
        query: {
          analysisId: second as string,
          pageSize: 5,
          selectFields: ["analysisId", "metadata"],
          metadata: JSON.stringify({ kept: true }),
        },
      },
    });
    expect(related.response.status).toBe(200);
    expect(RelatedResponse.parse(related.data)).toEqual([
      { analysisId: first, metadata: { topic: "otters", kept: true } },
    ]);

    const missing = await client.GET("/v1/analyses", { params: { query: { analysisId: "ana_missing" } } });
    expect(missing.response.status).toBe(404);
    expect(ErrorBody.parse(missing.error).error.requestId).toBe(missing.response.headers.get("x-request-id"));
  });
});
