import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGenerator, GeneratorConfigError } from "../../server/generate/index";
import { createOpenAiGenerator } from "../../server/generate/openai";
import { GenerationError } from "../../server/generate/types";
import { chatCompletion } from "./helpers/fake-provider";
import { makePage, newsPage } from "./helpers/sample-pages";

interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: {
    model: string;
    temperature?: number;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  };
}

/** What the fake provider does with the next requests. */
type Behaviour =
  | { kind: "answer"; content: string }
  | { kind: "status"; status: number; body: unknown }
  | { kind: "hang" };

const requests: RecordedRequest[] = [];
let behaviour: Behaviour = { kind: "answer", content: "" };
let server: Server;
let baseURL: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      response.writeHead(404).end();
      return;
    }
    requests.push({
      path: request.url,
      headers: request.headers,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    });
    if (behaviour.kind === "hang") return; // never answers: the client's timeout must fire
    const [status, body] =
      behaviour.kind === "answer"
        ? [200, chatCompletion(behaviour.content)]
        : [behaviour.status, behaviour.body];
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

const schema = {
  type: "object",
  properties: { title: { type: "string" }, score: { type: "number", minimum: 0, maximum: 1 } },
  required: ["title", "score"],
  additionalProperties: false,
};

function generator(options: { timeoutMs?: number } = {}) {
  return createOpenAiGenerator({
    baseURL,
    model: "test-model",
    apiKey: "sk-test-secret",
    maxRetries: 0,
    ...options,
  });
}

async function generationError(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

describe("OpenAI-compatible generator", () => {
  it("sends the prompt, the page, the model and the temperature, and returns the text", async () => {
    behaviour = { kind: "answer", content: "Rates were held at 5.25–5.5%." };
    const text = await generator().generateText({
      prompt: "What happened to rates?",
      temperature: 0.3,
      page: newsPage,
    });
    expect(text).toBe("Rates were held at 5.25–5.5%.");
    expect(requests).toHaveLength(1);
    const [{ body, headers }] = requests as [RecordedRequest];
    expect(body.model).toBe("test-model");
    expect(body.temperature).toBe(0.3);
    expect(body.response_format).toBeUndefined();
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user"]);
    const user = body.messages[1]?.content ?? "";
    expect(user).toContain("What happened to rates?");
    expect(user).toContain(newsPage.analysis.title);
    expect(user).toContain(newsPage.analysis.url);
    expect(user).toContain("Jerome Powell, the chair of the Federal Reserve");
    expect(headers.authorization).toBe("Bearer sk-test-secret");
  });

  it("truncates long page text to about 24,000 characters", async () => {
    behaviour = { kind: "answer", content: "ok" };
    const page = makePage({ url: "https://example.com/long", title: "Long", text: "word ".repeat(20_000) });
    await generator().generateText({ prompt: "Summarize", temperature: 0, page });
    const user = requests[0]?.body.messages[1]?.content ?? "";
    expect(user.length).toBeLessThan(25_000);
    expect(user).toContain("[… text truncated]");
  });

  it("asks for JSON with the schema and returns the parsed, validated object", async () => {
    behaviour = { kind: "answer", content: JSON.stringify({ title: "Central bank holds", score: 0.8 }) };
    const value = await generator().generateJson({
      prompt: "Rate it",
      temperature: 0,
      page: newsPage,
      schema,
    });
    expect(value).toEqual({ title: "Central bank holds", score: 0.8 });
    expect(requests[0]?.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "analysis", schema, strict: true },
    });
    expect(requests[0]?.body.temperature).toBe(0);
  });

  it("accepts JSON wrapped in a Markdown code fence", async () => {
    behaviour = { kind: "answer", content: '```json\n{"title":"T","score":0.1}\n```' };
    expect(await generator().generateJson({ prompt: "x", temperature: 0, page: newsPage, schema })).toEqual({
      title: "T",
      score: 0.1,
    });
  });

  it("refuses JSON that does not match the schema (not an upstream failure)", async () => {
    behaviour = { kind: "answer", content: JSON.stringify({ title: "T", score: 7, extra: true }) };
    const error = await generationError(
      generator().generateJson({ prompt: "x", temperature: 0, page: newsPage, schema }),
    );
    expect(error.upstream).toBe(false);
    expect(error.message).toMatch(/does not match the schema: .*score: must be <= 1/);
    expect(error.message).toMatch(/extra: must NOT have additional properties/);
  });

  it("refuses an answer that is not JSON", async () => {
    behaviour = { kind: "answer", content: "Sure! Here is the JSON you asked for." };
    const error = await generationError(
      generator().generateJson({ prompt: "x", temperature: 0, page: newsPage, schema }),
    );
    expect(error.upstream).toBe(false);
    expect(error.message).toMatch(/not valid JSON/);
  });

  it("reports a provider 500 as an upstream failure", async () => {
    behaviour = {
      kind: "status",
      status: 500,
      body: { error: { message: "model crashed", type: "server_error" } },
    };
    const error = await generationError(
      generator().generateText({ prompt: "x", temperature: 0, page: newsPage }),
    );
    expect(error.upstream).toBe(true);
    expect(error.message).toMatch(/HTTP 500/);
    expect(error.message).not.toContain("sk-test-secret");
  });

  it("reports a timeout as an upstream failure", async () => {
    behaviour = { kind: "hang" };
    const error = await generationError(
      generator({ timeoutMs: 300 }).generateText({ prompt: "x", temperature: 0, page: newsPage }),
    );
    expect(error.upstream).toBe(true);
    expect(error.message).toMatch(/did not answer/);
  });

  it("reports an unreachable endpoint as an upstream failure", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createOpenAiGenerator({
      baseURL: `http://127.0.0.1:${port}/v1`,
      model: "m",
      maxRetries: 0,
    });
    const error = await generationError(
      unreachable.generateText({ prompt: "x", temperature: 0, page: newsPage }),
    );
    expect(error.upstream).toBe(true);
  });
});

describe("createGenerator", () => {
  it("is extractive without LLM_BASE_URL", () => {
    expect(createGenerator({}).name).toBe("extractive");
    expect(createGenerator({ LLM_BASE_URL: "  ", LLM_MODEL: "m" }).name).toBe("extractive");
  });

  it("is the OpenAI-compatible generator with LLM_BASE_URL and LLM_MODEL", async () => {
    const configured = createGenerator({
      LLM_BASE_URL: baseURL,
      LLM_MODEL: "test-model",
      LLM_API_KEY: "sk-x",
    });
    expect(configured.name).toBe("openai:test-model");
    behaviour = { kind: "answer", content: "hello" };
    expect(await configured.generateText({ prompt: "hi", temperature: 1, page: newsPage })).toBe("hello");
  });

  it("needs LLM_MODEL when LLM_BASE_URL is set", () => {
    expect(() => createGenerator({ LLM_BASE_URL: baseURL })).toThrow(GeneratorConfigError);
    expect(() => createGenerator({ LLM_BASE_URL: baseURL })).toThrow(/LLM_MODEL/);
    expect(() => createGenerator({ LLM_BASE_URL: "not a url", LLM_MODEL: "m" })).toThrow(/not a valid URL/);
  });
});
