import { describe, expect, it } from "vitest";
import { siteAndServicePerFile } from "./helpers/service";

const env = siteAndServicePerFile();

async function createAnalysis(extra: Record<string, unknown> = {}) {
  const { status, body } = await env.service.call("POST", "/v1/links", {
    body: {
      link: [env.site.url("/blog/post.html")],
      prompt: "Summarize",
      metadata: { stage: "draft" },
      ...extra,
    },
  });
  expect(status).toBe(200);
  return body.results[0] as { analysisId: string; updatedAt: string; createdAt: string; analysis: unknown };
}

const read = (analysisId: string) =>
  env.service.call("GET", `/v1/analyses?analysisId=${encodeURIComponent(analysisId)}`);
const update = (body: unknown, headers?: Record<string, string>) =>
  env.service.call("POST", "/v1/analyses", { body, headers });

describe("GET /v1/analyses", () => {
  it("reads one record as an object with an ETag of its updatedAt", async () => {
    const created = await createAnalysis();
    const { status, body, headers } = await read(created.analysisId);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(false);
    expect(body).toMatchObject({
      analysisId: created.analysisId,
      createdAt: created.createdAt,
      metadata: { stage: "draft" },
    });
    expect(body.analysis).toEqual(created.analysis);
    expect(headers.get("etag")).toBe(`"${body.updatedAt}"`);
  });

  it("answers 400 without analysisId, for unknown or repeated parameters, and 404 for an unknown id", async () => {
    expect((await env.service.call("GET", "/v1/analyses")).status).toBe(400);
    expect((await env.service.call("GET", "/v1/analyses?analysisId=")).status).toBe(400);
    const unknown = await env.service.call("GET", "/v1/analyses?analysisId=a&foo=1");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe("foo");
    expect((await env.service.call("GET", "/v1/analyses?analysisId=a&analysisId=b")).status).toBe(400);
    const missing = await read("ana_does_not_exist");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
  });
});

describe("POST /v1/analyses", () => {
  it("replaces each supplied field wholesale, keeps the others, and moves updatedAt forward", async () => {
    const created = await createAnalysis();
    const before = (await read(created.analysisId)).body;

    const first = await update({ analysisId: created.analysisId, metadata: { reviewed: true } });
    expect(first.status).toBe(200);
    expect(first.body.metadata).toEqual({ reviewed: true });
    expect(first.body.textContent).toBe(before.textContent);
    expect(first.body.createdAt).toBe(before.createdAt);
    expect(first.body.analysis).toEqual(before.analysis);
    expect(first.body.updatedAt > before.updatedAt).toBe(true);

    const second = await update({
      analysisId: created.analysisId,
      textContent: "My notes",
      jsonContent: { a: { b: [1] } },
    });
    expect(second.body).toMatchObject({
      textContent: "My notes",
      jsonContent: { a: { b: [1] } },
      metadata: { reviewed: true },
    });
    expect(second.body.updatedAt > first.body.updatedAt).toBe(true);
    expect((await read(created.analysisId)).body).toEqual(second.body);
  });

  it("refuses a stale If-Match with 412 and accepts the current one", async () => {
    const created = await createAnalysis();
    const moved = await update({ analysisId: created.analysisId, textContent: "theirs" });
    const stale = await update(
      { analysisId: created.analysisId, textContent: "mine" },
      { "if-match": `"${created.updatedAt}"` },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe("precondition_failed");
    expect((await read(created.analysisId)).body.textContent).toBe("theirs");

    const fresh = await update(
      { analysisId: created.analysisId, textContent: "mine" },
      { "if-match": `"${moved.body.updatedAt}"` },
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.textContent).toBe("mine");
  });

  it("checks a new jsonContent against the schema the analysis was created with", async () => {
    const schema = {
      type: "object",
      properties: { rating: { type: "integer", minimum: 1, maximum: 5 } },
      required: ["rating"],
    };
    const created = await createAnalysis({
      responseFormat: { type: "json_schema", json_schema: { schema } },
    });
    const bad = await update({ analysisId: created.analysisId, jsonContent: { rating: 9 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("jsonContent.rating");
    const good = await update({ analysisId: created.analysisId, jsonContent: { rating: 4 } });
    expect(good.status).toBe(200);
    expect(good.body.jsonContent).toEqual({ rating: 4 });
  });

  it("validates the body", async () => {
    const created = await createAnalysis();
    const id = created.analysisId;
    const cases: [unknown, string][] = [
      [{ analysisId: id }, "body"],
      [{ textContent: "x" }, "analysisId"],
      [{ analysisId: id, textContent: 5 }, "textContent"],
      [{ analysisId: id, textContent: "x".repeat(200_001) }, "textContent"],
      [{ analysisId: id, jsonContent: [1, 2] }, "jsonContent"],
      [{ analysisId: id, jsonContent: "text" }, "jsonContent"],
      [{ analysisId: id, metadata: { a: { b: 1 } } }, "metadata.a"],
      [{ analysisId: id, textContent: "x", analysis: {} }, "analysis"],
      [{ analysisId: id, textContent: "nul \u0000 inside" }, "textContent"],
    ];
    for (const [body, path] of cases) {
      const response = await update(body);
      expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(response.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const big = await update({ analysisId: id, jsonContent: { blob: "x".repeat(300 * 1024) } });
    expect(big.status).toBe(400);
    expect(big.body.error.details[0].path).toBe("jsonContent");
    expect((await update({ analysisId: "ana_nope", textContent: "x" })).status).toBe(404);
    expect(
      (
        await env.service.call("POST", "/v1/analyses", {
          key: "lk_test_beta",
          body: { analysisId: id, textContent: "x" },
        })
      ).status,
    ).toBe(404);
  });
});
