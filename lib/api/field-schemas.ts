/**
 * The contract's rules for the fields a page checks as well as the service (prompt, temperature, metadata
 * keys and strings), written once with zod/mini: the popup and the options page check them without loading
 * full zod, and contract.ts builds its requests (and so the OpenAPI document) from the same checks.
 */
import * as z from "zod/mini";
import { LIMITS } from "./limits";

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "a JSON object",
  array: "an array",
  record: "a JSON object",
};

// Contract messages read as "<path> is required", "<path> must be a string": the path comes first in details.
// Set here, beside the first schemas any page loads, so that zod/mini and full zod (one core) both use it.
z.config({
  customError: (issue) => {
    if (issue.code !== "invalid_type") return undefined;
    if (issue.input === undefined) return "is required";
    return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
  },
});

// Each rule is a list of zod checks, so that a zod/mini schema (a page's) and a full zod one (the contract's,
// which @hono/zod-openapi documents) are built from the same checks.

/** A prompt: 1 to 10,000 characters once trimmed. */
export const PROMPT_CHECKS = [
  z.trim(),
  z.minLength(1, { message: "must not be empty" }),
  z.maxLength(LIMITS.maxPromptLength, { message: `must be at most ${LIMITS.maxPromptLength} characters` }),
] as const;

export const TEMPERATURE_CHECKS = [z.gte(LIMITS.minTemperature), z.lte(LIMITS.maxTemperature)] as const;

/** A metadata key: 1 to 64 characters. */
export const METADATA_KEY_CHECKS = [
  z.minLength(1, { message: "is an empty key; keys have 1 to 64 characters" }),
  z.maxLength(LIMITS.maxMetadataKeyLength, {
    message: `is a key longer than ${LIMITS.maxMetadataKeyLength} characters`,
  }),
] as const;

/** A metadata value that is a string: at most 2,000 characters. */
export const METADATA_STRING_CHECKS = [z.maxLength(LIMITS.maxMetadataStringLength)] as const;

export const Prompt = z.string().check(...PROMPT_CHECKS);
export const Temperature = z.number().check(...TEMPERATURE_CHECKS);
const MetadataKey = z.string().check(...METADATA_KEY_CHECKS);
export const MetadataString = z.string().check(...METADATA_STRING_CHECKS);

export type MetadataKeyLengthProblem = "key_empty" | "key_too_long";

/** Why a metadata key breaks the contract's rule (`METADATA_KEY_CHECKS`), or `undefined` when it keeps it. */
export function metadataKeyLengthProblem(key: string): MetadataKeyLengthProblem | undefined {
  const issue = MetadataKey.safeParse(key).error?.issues[0];
  if (!issue) return undefined;
  return issue.code === "too_small" ? "key_empty" : "key_too_long";
}

/** Whether metadata with this many keys holds more than the contract allows. */
export function tooManyMetadataKeys(count: number): boolean {
  return count > LIMITS.maxMetadataKeys;
}
