/**
 * The popup's draft checked and turned into what `analyze.start` takes: the prompt, the temperature, the
 * metadata and the response format, or the problem of each field that stops it.
 */
import type { Metadata, ResponseFormat } from "./api/contract";
import { LIMITS } from "./api/limits";
import { type MetadataCheck, metadataFromRows } from "./metadata-rows";
import type { PopupDraft } from "./popup-draft";
import { checkResponseSchemaText, type ResponseSchemaCheck } from "./schema-check";

export interface AnalyzeInput {
  prompt: string;
  temperature: number;
  metadata?: Metadata;
  responseFormat?: ResponseFormat;
}

export interface AnalyzeInputProblems {
  prompt?: "empty" | "too_long";
  temperature?: "invalid";
  /** `missing`: structured output is on with no schema; otherwise the schema check that failed. */
  schema?: "missing" | Exclude<ResponseSchemaCheck, { state: "ok" | "empty" }>;
  metadata?: MetadataCheck;
}

export type AnalyzeInputResult =
  | { ok: true; input: AnalyzeInput }
  | { ok: false; problems: AnalyzeInputProblems };

/** A temperature typed as text: a number from 0 to 2, or `undefined`. */
export function parseTemperature(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= LIMITS.minTemperature && value <= LIMITS.maxTemperature
    ? value
    : undefined;
}

export function analyzeInputFromDraft(
  draft: Pick<PopupDraft, "prompt" | "temperature" | "structured" | "schemaText" | "metadataRows">,
): AnalyzeInputResult {
  const problems: AnalyzeInputProblems = {};
  const prompt = draft.prompt.trim();
  if (prompt === "") problems.prompt = "empty";
  else if (prompt.length > LIMITS.maxPromptLength) problems.prompt = "too_long";

  const temperature = parseTemperature(draft.temperature);
  if (temperature === undefined) problems.temperature = "invalid";

  let responseFormat: ResponseFormat | undefined;
  if (draft.structured) {
    const check = checkResponseSchemaText(draft.schemaText);
    if (check.state === "ok") responseFormat = { type: "json_schema", json_schema: { schema: check.schema } };
    else problems.schema = check.state === "empty" ? "missing" : check;
  }

  const metadata = metadataFromRows(draft.metadataRows);
  if (!metadata.ok) problems.metadata = metadata.check;

  if (Object.keys(problems).length > 0 || temperature === undefined || !metadata.ok)
    return { ok: false, problems };
  return {
    ok: true,
    input: {
      prompt,
      temperature,
      ...(metadata.metadata && { metadata: metadata.metadata }),
      ...(responseFormat && { responseFormat }),
    },
  };
}
