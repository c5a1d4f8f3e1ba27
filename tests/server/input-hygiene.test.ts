import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { siteAndServicePerFile, startTestService } from "./helpers/service";

const env = siteAndServicePerFile();

/** Posts JSON text as given, so it can carry what `JSON.stringify` would never write (`\ud800`, `__proto__`). */
const postRaw = (path: string, rawBody: string) =>
  env.service.call("POST", path, {
    rawBody,
    headers: { "content-type": "application/json" },
  });

/** Posts raw bytes: a body that is not valid UTF-8. */
async function postBytes(path: string, bytes: Uint8Array<ArrayBuffer>) {
  const response = await fetch(env.service.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "lk_test_alpha" },
    body: bytes,
  });
  return { status: response.status, body: await response.json() };
}

async function createAnalysis(metadataJson = '{"stage":"draft"}') {
  const link = JSON.stringify(env.site.url("/news/article.html"));
  const { status, body } = await postRaw(
    "/v1/links",
    `{"link":[${link}],"prompt":"Summarize","metadata":${metadataJson}}`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { metadata?: Record<string, unknown>; results: { analysisId: string }[] };
}

const read = (analysisId: string) =>
  env.service.call("GET", `/v1/analyses?analysisId=${encodeURIComponent(analysisId)}`);

/** An own property, read without touching the prototype chain (`object.__proto__` would not do). */
const own = (object: object, key: string) => Object.getOwnPropertyDescriptor(object, key)?.value;

const paths = (body: { error: { details?: { path: string }[] } }) =>
  (body.error.details ?? []).map((detail) => detail.path);

describe("strings must be well-formed Unicode", () => {
  it("refuses a lone surrogate (a \\ud800 escape) in every string and key, naming its path", async () => {
    const { analysisId } = (await createAnalysis()).results[0] as { analysisId: string };
    const id = JSON.stringify(analysisId);
    const cases: [string, string, string][] = [
      ["/v1/analyses", `{"analysisId":${id},"textContent":"ok \\ud800 not ok"}`, "textContent"],
      ["/v1/analyses", `{"analysisId":${id},"textContent":"reversed \\udc00\\ud800 pair"}`, "textContent"],
      ["/v1/analyses", `{"analysisId":${id},"metadata":{"note":"\\udfff"}}`, "metadata.note"],
      ["/v1/analyses", `{"analysisId":${id},"metadata":{"k\\ud800":"v"}}`, "metadata.k\\ud800"],
      ["/v1/analyses", `{"analysisId":${id},"jsonContent":{"a":[{"b":"x\\ud83d"}]}}`, "jsonContent.a.0.b"],
      ["/v1/analyses", `{"analysisId":${id},"jsonContent":{"a":{"\\udc00":1}}}`, "jsonContent.a.\\udc00"],
      [
        "/v1/links",
        `{"link":[${JSON.stringify(env.site.url("/news/article.html"))}],"prompt":"Sum\\ud800marize"}`,
        "prompt",
      ],
    ];
    for (const [path, rawBody, expectedPath] of cases) {
      const { status, body } = await postRaw(path, rawBody);
      expect(status, rawBody).toBe(400);
      expect(body.error.code).toBe("invalid_request");
      expect(paths(body), rawBody).toEqual([expectedPath]);
      expect(body.error.message).toMatch(/surrogate/);
    }
    // A well-formed pair written as escapes is an ordinary character.
    const pair = await postRaw("/v1/analyses", `{"analysisId":${id},"textContent":"smile \\ud83d\\ude00"}`);
    expect(pair.status).toBe(200);
    expect(pair.body.textContent).toBe("smile \u{1F600}");
    // Nothing was stored by the refused updates.
    expect((await read(analysisId)).body.metadata).toEqual({ stage: "draft" });
  });

  it("refuses a body that is not valid UTF-8 instead of storing U+FFFD", async () => {
    const { analysisId } = (await createAnalysis()).results[0] as { analysisId: string };
    const encoder = new TextEncoder();
    const head = encoder.encode(`{"analysisId":${JSON.stringify(analysisId)},"textContent":"bad `);
    const tail = encoder.encode(' byte"}');
    // 0xFF never occurs in UTF-8; ED A0 80 is a surrogate encoded as if it were a character (CESU-8).
    for (const bad of [[0xff], [0xed, 0xa0, 0x80], [0xc3]]) {
      const { status, body } = await postBytes("/v1/analyses", new Uint8Array([...head, ...bad, ...tail]));
      expect(status, String(bad)).toBe(400);
      expect(body.error.details).toEqual([{ path: "body", message: expect.stringMatching(/UTF-8/) }]);
    }
    expect((await read(analysisId)).body.textContent).not.toContain("\uFFFD");
  });

  it("refuses a lone surrogate in a related filter", async () => {
    const { analysisId } = (await createAnalysis()).results[0] as { analysisId: string };
    for (const name of ["metadata", "jsonContent"]) {
      const filter = encodeURIComponent('{"k":"\\ud800"}');
      const { status, body } = await env.service.call(
        "GET",
        `/v1/analyses/related?analysisId=${analysisId}&${name}=${filter}`,
      );
      expect(status).toBe(400);
      expect(paths(body)).toEqual([name]);
    }
  });
});

describe("JSON nesting", () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

  it("refuses a body nested deeper than 64 levels with 400, never 500", async () => {
    const { analysisId } = (await createAnalysis()).results[0] as { analysisId: string };
    const id = JSON.stringify(analysisId);
    // The body itself is level 1, so jsonContent may hold 63 more.
    const deepest = await postRaw("/v1/analyses", `{"analysisId":${id},"jsonContent":${nested(63)}}`);
    expect(deepest.status).toBe(200);
    for (const levels of [100_000, 3_000, 64]) {
      const { status, body } = await postRaw(
        "/v1/analyses",
        `{"analysisId":${id},"jsonContent":${nested(levels)}}`,
      );
      expect(status, `${levels} levels`).toBe(400);
      expect(body.error.message).toMatch(/64 levels/);
    }
    const arrays = await postRaw("/v1/links", `${"[".repeat(50_000)}${"]".repeat(50_000)}`);
    expect(arrays.status).toBe(400);
    // Brackets inside strings are text, not nesting.
    const text = await postRaw(
      "/v1/analyses",
      `{"analysisId":${id},"textContent":${JSON.stringify("[{".repeat(500))}}`,
    );
    expect(text.status).toBe(200);
  });
});

describe("object keys are data", () => {
  const SPECIAL = '{"__proto__":"p","constructor":"c","prototype":1}';

  it("stores and returns __proto__, constructor and prototype in the metadata of POST /v1/links", async () => {
    const created = await createAnalysis(SPECIAL);
    for (const metadata of [
      created.metadata,
      (await read(created.results[0]?.analysisId ?? "")).body.metadata,
    ]) {
      expect(Object.keys(metadata ?? {}).sort()).toEqual(["__proto__", "constructor", "prototype"]);
      expect(own(metadata ?? {}, "__proto__")).toBe("p");
      expect(own(metadata ?? {}, "constructor")).toBe("c");
      expect(own(metadata ?? {}, "prototype")).toBe(1);
    }
  });

  it("stores and returns them in jsonContent and metadata of POST /v1/analyses, at every level", async () => {
    const { analysisId } = (await createAnalysis()).results[0] as { analysisId: string };
    const jsonContent =
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"list":[{"__proto__":null}]}';
    const updated = await postRaw(
      "/v1/analyses",
      `{"analysisId":${JSON.stringify(analysisId)},"jsonContent":${jsonContent},"metadata":${SPECIAL}}`,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    for (const record of [updated.body, (await read(analysisId)).body]) {
      expect(Object.keys(record.jsonContent).sort()).toEqual(["__proto__", "constructor", "list"]);
      expect(own(record.jsonContent, "__proto__")).toEqual({ polluted: true });
      expect(record.jsonContent.constructor).toEqual({ prototype: { x: 1 } });
      expect(Object.keys(record.jsonContent.list[0])).toEqual(["__proto__"]);
      expect(own(record.metadata, "__proto__")).toBe("p");
      expect(Object.keys(record.metadata).sort()).toEqual(["__proto__", "constructor", "prototype"]);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("checks the value under __proto__ like any other", async () => {
    const link = JSON.stringify(env.site.url("/news/article.html"));
    const { status, body } = await postRaw(
      "/v1/links",
      `{"link":[${link}],"prompt":"Summarize","metadata":{"__proto__":{"nested":1}}}`,
    );
    expect(status).toBe(400);
    expect(paths(body)).toEqual(["metadata.__proto__"]);
  });

  it("filters related analyses by such keys", async () => {
    const tagged = (await createAnalysis('{"__proto__":"only-here","constructor":null}')).results[0]
      ?.analysisId;
    const plain = (await createAnalysis('{"team":"city"}')).results[0]?.analysisId;
    const related = async (filter: string) => {
      const query = new URLSearchParams({ analysisId: plain as string, metadata: filter, pageSize: "100" });
      const { status, body } = await env.service.call("GET", `/v1/analyses/related?${query}`);
      expect(status).toBe(200);
      return body.map((record: { analysisId: string }) => record.analysisId);
    };
    expect(await related('{"__proto__":"only-here"}')).toEqual([tagged]);
    expect(await related('{"__proto__":"q"}')).toEqual([]);
    expect(await related('{"constructor":null}')).toEqual([tagged]);
    expect(await related('{"__proto__":"only-here","constructor":"c"}')).toEqual([]);
  });
});

describe("requests refused before the app sees them", () => {
  it("answers headers over 16 KiB with 431 and the contract's error body", async () => {
    const response = await fetch(`${env.service.url}/v1/analyses?analysisId=x`, {
      headers: { "x-api-key": "lk_test_alpha", "x-padding": "p".repeat(20 * 1024) },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      error: { code: "headers_too_large", message: expect.stringMatching(/16 KiB/), requestId },
    });
    // The service is still there for the next request.
    expect((await env.service.call("GET", "/healthz")).status).toBe(200);
  });

  it("answers bytes that are not HTTP with 400 and the contract's error body", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(env.service.port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    const [head = "", body = ""] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toMatchObject({
      error: { code: "invalid_request", requestId: expect.any(String) },
    });
  });
});

describe("refused addresses", () => {
  it("says a name resolves to an address that is not public, without telling which", async () => {
    const guarded = await startTestService({ ca: env.site.caPem, allowPrivateNetworks: false });
    try {
      const { status, body } = await guarded.call("POST", "/v1/links", {
        body: { link: [env.site.url("/news/article.html")], prompt: "Summarize" },
      });
      expect(status).toBe(422);
      const [detail] = body.error.details;
      expect(detail).toMatchObject({ path: "link.0", code: "blocked_address" });
      expect(detail.message).toMatch(/^localhost resolves to an address that is not public/);
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|::1|loopback/);
    } finally {
      await guarded.close();
    }
  });
});
