/**
 * A generator backed by any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, llama.cpp,
 * vLLM …). Provider failures are upstream `GenerationError`s; an answer that is not JSON matching
 * the schema is a plain one.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { parseFollowUpPrompt } from "../../lib/thread/thread-prompt";
import type { ExtractedPage } from "../pages/types";
import { compileResponseSchema, describeIssues, InvalidSchemaError } from "../schema/json-schema";
import { GenerationError, type Generator } from "./types";

export interface OpenAiGeneratorOptions {
  baseURL: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Retries of failed connections, 429 and 5xx answers (the client backs off between them). */
  maxRetries?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_PAGE_CHARS = 24_000;

const TEXT_INSTRUCTIONS =
  "You analyze a web page for the user. Answer the user's request using only the page below. " +
  "Write Markdown. If the page does not contain the answer, say so briefly.";
const JSON_INSTRUCTIONS =
  "You analyze a web page for the user and answer with one JSON object that matches the given JSON Schema, " +
  "and nothing else. Use only facts from the page; leave out optional fields the page says nothing about.";

export function createOpenAiGenerator(options: OpenAiGeneratorOptions): Generator {
  const client = new OpenAI({
    baseURL: options.baseURL,
    // Local servers (Ollama, llama.cpp) take no key, but the client insists on one.
    apiKey: options.apiKey || "not-needed",
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? 1,
  });
  const timeoutSeconds = Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000);

  async function complete(
    body: ChatCompletionCreateParamsNonStreaming,
    signal?: AbortSignal,
  ): Promise<string> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create(body, { signal });
    } catch (error) {
      throw providerError(error, timeoutSeconds);
    }
    const message = completion.choices[0]?.message;
    if (message?.refusal) throw new GenerationError(`the model refused: ${message.refusal}`);
    const content = message?.content;
    if (typeof content !== "string" || content.trim() === "")
      throw new GenerationError("the model returned no content");
    return content;
  }

  return {
    name: `openai:${options.model}`,
    async generateText({ prompt, temperature, page, signal }) {
      return complete(
        {
          model: options.model,
          temperature,
          messages: [{ role: "system", content: TEXT_INSTRUCTIONS }, ...conversation(prompt, page)],
        },
        signal,
      );
    },
    async generateJson({ prompt, temperature, page, schema, signal }) {
      let validate: ReturnType<typeof compileResponseSchema>;
      try {
        validate = compileResponseSchema(schema);
      } catch (error) {
        if (error instanceof InvalidSchemaError) throw new GenerationError(error.message);
        throw error;
      }
      const content = await complete(
        {
          model: options.model,
          temperature,
          messages: [{ role: "system", content: JSON_INSTRUCTIONS }, ...conversation(prompt, page)],
          response_format: { type: "json_schema", json_schema: { name: "analysis", schema, strict: true } },
        },
        signal,
      );
      const value = parseJsonAnswer(content);
      const result = validate(value);
      if (!result.valid) {
        throw new GenerationError(
          `the model's JSON does not match the schema: ${describeIssues(result.errors)}`,
        );
      }
      return value;
    },
  };
}

/**
 * The chat: the request with the page; for a follow-up (lib/thread/thread-prompt.ts), the first question
 * with the page, then each earlier answer as the assistant's and each later question as the user's, so the
 * model reads a conversation rather than one long string.
 */
export function conversation(prompt: string, page: ExtractedPage): ChatCompletionMessageParam[] {
  const followUp = parseFollowUpPrompt(prompt);
  if (!followUp || followUp.earlier.length === 0)
    return [{ role: "user", content: userMessage(prompt, page) }];
  const [first, ...later] = followUp.earlier;
  const messages: ChatCompletionMessageParam[] = [
    { role: "user", content: userMessage(first?.question ?? "", page) },
    { role: "assistant", content: first?.answer ?? "" },
  ];
  for (const turn of later) {
    messages.push({ role: "user", content: turn.question }, { role: "assistant", content: turn.answer });
  }
  messages.push({ role: "user", content: followUp.question });
  return messages;
}

function userMessage(prompt: string, page: ExtractedPage): string {
  const { analysis } = page;
  const text =
    analysis.text.length > MAX_PAGE_CHARS
      ? `${analysis.text.slice(0, MAX_PAGE_CHARS)}\n[… text truncated]`
      : analysis.text;
  const lines = [
    `Request: ${prompt}`,
    "",
    "--- Page ---",
    `Title: ${analysis.title}`,
    `URL: ${analysis.url}`,
  ];
  if (typeof analysis.author === "string") lines.push(`Author: ${analysis.author}`);
  if (typeof analysis.publishedDate === "string") lines.push(`Published: ${analysis.publishedDate}`);
  lines.push("", text || "(the page has no readable text)");
  return lines.join("\n");
}

/** The answer as a JSON object; models behind some servers wrap it in a Markdown code fence. */
function parseJsonAnswer(content: string): Record<string, unknown> {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let value: unknown;
  try {
    value = JSON.parse(unfenced);
  } catch {
    throw new GenerationError("the model's answer is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new GenerationError("the model's answer is not a JSON object");
  }
  return value as Record<string, unknown>;
}

/** A provider or network failure as an upstream `GenerationError` (never echoing credentials). */
function providerError(error: unknown, timeoutSeconds: number): unknown {
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new GenerationError(`the model did not answer within ${timeoutSeconds} s`, true);
  }
  if (error instanceof APIConnectionError)
    return new GenerationError("could not reach the model's endpoint", true);
  if (error instanceof APIError) {
    const detail = error.status ? `HTTP ${error.status}` : "an error";
    return new GenerationError(`the model's endpoint answered ${detail}: ${firstLine(error.message)}`, true);
  }
  return error;
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").slice(0, 200);
}
