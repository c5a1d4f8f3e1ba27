/**
 * The popup's draft checked and turned into what `analyze.start` takes: the prompt, the temperature, the
 * metadata and the response format, or the problem of each field that stops it.
 */
import type { Metadata, ResponseFormat } from "../api/contract";
import { LIMITS } from "../api/limits";
import { type MetadataCheck, metadataFromRows } from "../editing/metadata-rows";
import type { SchemaTextCheck } from "../schema/schema-check";
import {
  fillTemplate,
  hasTemplate,
  type TemplateProblem,
  type TemplateValues,
} from "../templates/prompt-template";
import type { PopupDraft } from "./popup-draft";

export interface AnalyzeInput {
  prompt: string;
  temperature: number;
  metadata?: Metadata;
  responseFormat?: ResponseFormat;
}

interface AnalyzeInputProblems {
  /**
   * `template`: the prompt's template has problems (listed in `template`); `reading`: it uses variables and
   * the page's values are not read yet. `empty` and `too_long` are about the prompt as it would be sent.
   */
  prompt?: "empty" | "too_long" | "template" | "reading";
  template?: TemplateProblem[];
  temperature?: "invalid";
  /**
   * `missing`: structured output is on with no schema; `checking`: the schema check has not loaded yet;
   * otherwise the schema check that failed.
   */
  schema?: "missing" | "checking" | Exclude<SchemaTextCheck, { state: "ok" | "empty" }>;
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

/**
 * `schemaCheck`: `checkSchemaText(draft.schemaText)`, or `undefined` while that check is loading.
 * `templateValues`: what a prompt template is filled from (the target tab), `undefined` until read; the
 * prompt sent is the filled one, and a template with a problem is never sent.
 */
export function analyzeInputFromDraft(
  draft: Pick<PopupDraft, "prompt" | "temperature" | "structured" | "schemaText" | "metadataRows">,
  schemaCheck: SchemaTextCheck | undefined,
  templateValues?: TemplateValues,
): AnalyzeInputResult {
  const problems: AnalyzeInputProblems = {};
  let prompt = draft.prompt.trim();
  if (hasTemplate(prompt)) {
    if (templateValues) {
      const filled = fillTemplate(prompt, templateValues);
      if (filled.ok) prompt = filled.prompt.trim();
      else {
        problems.prompt = "template";
        problems.template = filled.problems;
      }
    } else problems.prompt = "reading";
  }
  if (!problems.prompt) {
    if (prompt === "") problems.prompt = "empty";
    else if (prompt.length > LIMITS.maxPromptLength) problems.prompt = "too_long";
  }

  const temperature = parseTemperature(draft.temperature);
  if (temperature === undefined) problems.temperature = "invalid";

  let responseFormat: ResponseFormat | undefined;
  if (draft.structured) {
    if (schemaCheck?.state === "ok") {
      responseFormat = { type: "json_schema", json_schema: { schema: schemaCheck.schema } };
    } else if (schemaCheck === undefined) problems.schema = "checking";
    else problems.schema = schemaCheck.state === "empty" ? "missing" : schemaCheck;
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
