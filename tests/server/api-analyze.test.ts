import { describe, expect, it } from "vitest";
import { KEY, siteAndServicePerFile, startTestService } from "./helpers/service";

const env = siteAndServicePerFile();

const analyze = (body: unknown, key?: string) => env.service.call("POST", "/v1/links", { body, key });

describe("POST /v1/links", () => {
  it("analyzes a page: the record, its cost and its usage id", async () => {
    const link = env.site.url("/news/article.html");
    const { status, body, headers } = await analyze({
      link: [link],
      prompt: "What does the new tram line change?",
    });
    expect(status).toBe(200);
    expect(headers.get("x-request-id")).toMatch(/^req_/);
    expect(body.usageId).toMatch(/^use_/);
    expect(body.costCredits).toBe(1);
    expect(body.failures).toBeUndefined();
    expect(body.metadata).toBeUndefined();
    const [result] = body.results;
    expect(result.analysisId).toMatch(/^ana_/);
    expect(result.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(result.updatedAt).toBe(result.createdAt);
    expect(result.analysis.url).toBe(link);
    expect(result.analysis.title).not.toBe("");
    expect(result.analysis.id).toMatch(/\S/);
    expect(result.analysis.score).toBeGreaterThan(0);
    expect(result.analysis.score).toBeLessThanOrEqual(1);
    // The text is the page's own, and the record says so (the seed does not): the extension's sources rest on it.
    expect(result.analysis.text).toContain("412 million pounds");
    expect(result.analysis.extras.textSource).toBe("page");
    expect(result.textContent.length).toBeGreaterThan(40);
    expect(result.jsonContent).toBeUndefined();
  });

  it("keeps the order of the links, stores each result with the request's metadata, and echoes it", async () => {
    const links = [
      env.site.url("/blog/post.html"),
      env.site.url("/plain/no-meta.html"),
      env.site.url("/fr/article.html"),
    ];
    const metadata = { project: "alpha", priority: 2, reviewed: false, owner: null };
    const { status, body } = await analyze({ link: links, prompt: "Summarize", metadata, temperature: 0.7 });
    expect(status).toBe(200);
    expect(body.results.map((r: { analysis: { url: string } }) => r.analysis.url)).toEqual(links);
    expect(body.metadata).toEqual(metadata);
    expect(body.costCredits).toBe(3);
    const stored = await env.service.call("GET", `/v1/analyses?analysisId=${body.results[1].analysisId}`);
    expect(stored.body.metadata).toEqual(metadata);
  });

  it("gives different prompts on the same page different text", async () => {
    const link = env.site.url("/blog/post.html");
    const first = await analyze({
      link: [link],
      prompt: "How long does the dough rise and at what temperature?",
    });
    const second = await analyze({ link: [link], prompt: "Which flour does the author recommend?" });
    expect(first.body.results[0].textContent).not.toBe(second.body.results[0].textContent);
  });

  it("returns jsonContent that validates against the response schema, and charges 2 credits a link", async () => {
    const schema = {
      type: "object",
      properties: {
        title: { type: "string" },
        summary: { type: "string", maxLength: 400 },
        published: { type: "string", format: "date-time" },
        tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 5 },
        sentiment: { enum: ["positive", "neutral", "negative"] },
      },
      required: ["title", "summary", "tags", "sentiment"],
      additionalProperties: false,
    };
    const { status, body } = await analyze({
      link: [env.site.url("/news/article.html")],
      prompt: "Extract the facts",
      responseFormat: { type: "json_schema", json_schema: { name: "facts", schema, strict: true } },
    });
    expect(status).toBe(200);
    expect(body.costCredits).toBe(2);
    const json = body.results[0].jsonContent;
    expect(Object.keys(json).every((key) => key in schema.properties)).toBe(true);
    expect(json.title).toBe(body.results[0].analysis.title);
    expect(["positive", "neutral", "negative"]).toContain(json.sentiment);
    expect(json.tags.length).toBeGreaterThanOrEqual(1);
  });

  it("accepts json_schema being the schema itself", async () => {
    const { status, body } = await analyze({
      link: [env.site.url("/blog/post.html")],
      prompt: "Extract",
      responseFormat: {
        type: "json_schema",
        json_schema: { type: "object", properties: { author: { type: "string" } }, required: ["author"] },
      },
    });
    expect(status).toBe(200);
    expect(typeof body.results[0].jsonContent.author).toBe("string");
  });

  it("reports the links that failed beside the ones that succeeded, and charges only successes", async () => {
    const links = [
      env.site.url("/doc.pdf"),
      env.site.url("/blog/post.html"),
      env.site.url("/redirect/to-http"),
    ];
    const { status, body } = await analyze({ link: links, prompt: "Summarize" });
    expect(status).toBe(200);
    expect(body.costCredits).toBe(1);
    expect(body.results).toHaveLength(1);
    expect(body.failures).toEqual([
      expect.objectContaining({ link: links[0], code: "unsupported_content_type" }),
      expect.objectContaining({ link: links[2], code: "insecure_redirect" }),
    ]);
  });

  it("answers 422 with one detail per link when every link fails, storing and charging nothing", async () => {
    const links = [
      env.site.url("/status/404"),
      env.site.url("/big.html"),
      env.site.url("/redirect/chain?n=8"),
    ];
    const { status, body } = await analyze({ link: links, prompt: "Summarize" }, "lk_test_beta");
    expect(status).toBe(422);
    expect(body.error.code).toBe("unprocessable");
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(["link.0", "link.1", "link.2"]);
    expect(body.error.details[1].message).toMatch(/5 MiB/);
  });

  it("answers 402 before any work when the key cannot cover the worst case", async () => {
    const poor = await startTestService({ ca: env.site.caPem, apiKeys: [{ key: "poor", credits: 3 }] });
    try {
      const links = [env.site.url("/blog/post.html"), env.site.url("/fr/article.html")];
      const structured = { type: "json_schema", json_schema: { schema: { type: "object", properties: {} } } };
      const refused = await poor.call("POST", "/v1/links", {
        key: "poor",
        body: { link: links, prompt: "x", responseFormat: structured },
      });
      expect(refused.status).toBe(402);
      expect(refused.body.error).toMatchObject({
        code: "insufficient_credits",
        requestId: expect.stringMatching(/^req_/),
      });

      const accepted = await poor.call("POST", "/v1/links", {
        key: "poor",
        body: { link: links, prompt: "x" },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.costCredits).toBe(2);
      const drained = await poor.call("POST", "/v1/links", {
        key: "poor",
        body: { link: links, prompt: "x" },
      });
      expect(drained.status).toBe(402);
    } finally {
      await poor.close();
    }
  });

  it("refuses links that resolve to private addresses unless private networks are allowed", async () => {
    const guarded = await startTestService({ ca: env.site.caPem, allowPrivateNetworks: false });
    try {
      const { status, body } = await guarded.call("POST", "/v1/links", {
        body: { link: [env.site.url("/blog/post.html")], prompt: "x" },
      });
      expect(status).toBe(422);
      expect(body.error.details[0]).toMatchObject({ path: "link.0", code: "blocked_address" });
    } finally {
      await guarded.close();
    }
  });

  it("validates the request and names every problem", async () => {
    const cases: [unknown, string][] = [
      [{ link: ["http://example.com/"], prompt: "x" }, "link.0"],
      [{ link: [], prompt: "x" }, "link"],
      [{ prompt: "x" }, "link"],
      [{ link: ["https://a.example/", "https://A.example/#top"], prompt: "x" }, "link.1"],
      [{ link: Array.from({ length: 21 }, (_, i) => `https://a.example/${i}`), prompt: "x" }, "link"],
      [{ link: ["https://user:pw@a.example/"], prompt: "x" }, "link.0"],
      [{ link: ["https://a.example/"], prompt: "   " }, "prompt"],
      [{ link: ["https://a.example/"], prompt: "x".repeat(10_001) }, "prompt"],
      [{ link: ["https://a.example/"], prompt: "x", temperature: 3 }, "temperature"],
      [{ link: ["https://a.example/"], prompt: "x", temperature: "1" }, "temperature"],
      [{ link: ["https://a.example/"], promt: "x", prompt: "x" }, "promt"],
      [{ link: ["https://a.example/"], prompt: "x", metadata: { nested: { a: 1 } } }, "metadata.nested"],
      [{ link: ["https://a.example/"], prompt: "x", metadata: { list: [1] } }, "metadata.list"],
      [{ link: ["https://a.example/"], prompt: "x", metadata: { long: "x".repeat(2001) } }, "metadata.long"],
      [
        { link: ["https://a.example/"], prompt: "x", metadata: { ["k".repeat(65)]: 1 } },
        `metadata.${"k".repeat(65)}`,
      ],
      [
        {
          link: ["https://a.example/"],
          prompt: "x",
          metadata: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])),
        },
        "metadata",
      ],
      [
        { link: ["https://a.example/"], prompt: "x", responseFormat: { type: "json_object" } },
        "responseFormat.type",
      ],
      [
        {
          link: ["https://a.example/"],
          prompt: "x",
          responseFormat: { type: "json_schema", json_schema: { type: "array" } },
        },
        "responseFormat.json_schema",
      ],
      [
        {
          link: ["https://a.example/"],
          prompt: "x",
          responseFormat: {
            type: "json_schema",
            json_schema: { schema: { type: "object", properties: { a: { type: "nope" } } } },
          },
        },
        "responseFormat.json_schema.schema",
      ],
      [["https://a.example/"], "body"],
      [null, "body"],
    ];
    const missingPrompt = await analyze({ link: ["https://a.example/"], temperature: "hot" });
    expect(missingPrompt.body.error.details).toEqual([
      { path: "prompt", message: "is required" },
      { path: "temperature", message: "must be a number" },
    ]);
    for (const [body, path] of cases) {
      const response = await analyze(body);
      expect(response.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.body.error.code).toBe("invalid_request");
      expect(
        response.body.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(body).slice(0, 120),
      ).toContain(path);
    }
  });

  it("is isolated per key: another key cannot read the analysis", async () => {
    const { body } = await analyze({ link: [env.site.url("/plain/no-meta.html")], prompt: "birds" }, KEY);
    const id = body.results[0].analysisId;
    expect((await env.service.call("GET", `/v1/analyses?analysisId=${id}`)).status).toBe(200);
    const other = await env.service.call("GET", `/v1/analyses?analysisId=${id}`, { key: "lk_test_beta" });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("not_found");
  });
});
