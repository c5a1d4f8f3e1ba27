import { createExtractiveGenerator } from "./extractive";
import { createOpenAiGenerator } from "./openai";
import type { Generator } from "./types";

/** The environment does not describe a usable generator (e.g. `LLM_BASE_URL` without `LLM_MODEL`). */
export class GeneratorConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GeneratorConfigError";
  }
}

/**
 * The OpenAI-compatible generator when `LLM_BASE_URL` is set (`LLM_MODEL` then required,
 * `LLM_API_KEY` optional), else the offline extractive one.
 */
export function createGenerator(env: {
  LLM_BASE_URL?: string;
  LLM_MODEL?: string;
  LLM_API_KEY?: string;
}): Generator {
  const baseURL = env.LLM_BASE_URL?.trim();
  if (!baseURL) return createExtractiveGenerator();
  const model = env.LLM_MODEL?.trim();
  if (!model) throw new GeneratorConfigError("LLM_MODEL must name a model when LLM_BASE_URL is set");
  try {
    new URL(baseURL);
  } catch {
    throw new GeneratorConfigError("LLM_BASE_URL is not a valid URL");
  }
  return createOpenAiGenerator({ baseURL, model, apiKey: env.LLM_API_KEY?.trim() || undefined });
}
