/**
 * An OpenAI-compatible text-generation provider on a free loopback port, for a service configured to write
 * its texts with a model: every request answered as the test chooses (a completion, or a failure).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServiceConfig } from "../../../server/config";

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/** A chat completion whose one choice says `content`, as the provider's API answers it. */
export function chatCompletion(content: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "test-model",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal: null } }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** A completion saying `content`, answered 200. */
export const answerWith = (content: string): ProviderAnswer => ({
  status: 200,
  body: chatCompletion(content),
});

/** The provider failing: 500, the model overloaded. */
export const PROVIDER_FAILURE: ProviderAnswer = {
  status: 500,
  body: { error: { message: "model overloaded" } },
};

export interface FakeProvider {
  /** The service's `llm` settings that point it at this provider. */
  llm: ServiceConfig["llm"];
  close(): Promise<void>;
}

/** Starts the provider; `answer` is asked once per request, once its body has arrived. */
export async function startFakeProvider(answer: () => ProviderAnswer): Promise<FakeProvider> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const { status, body } = answer();
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    llm: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: "test-model", LLM_API_KEY: "sk-test" },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
