/**
 * The contract's limits and the metadata rules built on them, without zod: the zod schemas in
 * contract.ts use them, and so do pages that check input as it is typed (the popup ships no zod).
 */

export const LIMITS = {
  maxLinks: 20,
  maxPromptLength: 10_000,
  minTemperature: 0,
  maxTemperature: 2,
  maxMetadataKeys: 32,
  maxMetadataKeyLength: 64,
  maxMetadataStringLength: 2_000,
  maxTextContentLength: 200_000,
  maxJsonContentBytes: 256 * 1024,
  maxPageSize: 100,
  defaultPageSize: 10,
  maxBodyBytes: 1024 * 1024,
  /** Nesting levels of any request body (the body itself is level 1). */
  maxJsonDepth: 64,
  /** Request line and headers together, in bytes. */
  maxHeaderBytes: 16 * 1024,
} as const;

export type MetadataKeyLengthProblem = "key_empty" | "key_too_long";

/** Why a metadata key breaks the contract's rule (1 to 64 characters), or `undefined` when it keeps it. */
export function metadataKeyLengthProblem(key: string): MetadataKeyLengthProblem | undefined {
  if (key.length === 0) return "key_empty";
  return key.length > LIMITS.maxMetadataKeyLength ? "key_too_long" : undefined;
}

/** Whether metadata with this many keys holds more than the contract allows. */
export function tooManyMetadataKeys(count: number): boolean {
  return count > LIMITS.maxMetadataKeys;
}
