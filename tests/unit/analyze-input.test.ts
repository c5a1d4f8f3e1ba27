import { describe, expect, it } from "vitest";
import { analyzeInputFromDraft as analyzeInput, parseTemperature } from "../../lib/analyze/analyze-input";
import type { PopupDraft } from "../../lib/analyze/popup-draft";
import { AnalyzeRequest, LIMITS } from "../../lib/api/contract";
import { checkSchemaText } from "../../lib/schema/schema-check";

type Fields = Pick<PopupDraft, "prompt" | "temperature" | "structured" | "schemaText" | "metadataRows">;

/** As the popup calls it, once the schema check has loaded. */
const analyzeInputFromDraft = (draft: Fields) => analyzeInput(draft, checkSchemaText(draft.schemaText));

function fields(overrides: Partial<Fields> = {}): Fields {
  return {
    prompt: "  Summarize  ",
    temperature: "0.5",
    structured: false,
    schemaText: "",
    metadataRows: [],
    ...overrides,
  };
}

describe("parseTemperature", () => {
  it("accepts 0 to 2 only", () => {
    expect(parseTemperature("0")).toBe(0);
    expect(parseTemperature("2")).toBe(2);
    expect(parseTemperature(" 1.25 ")).toBe(1.25);
    expect(parseTemperature("")).toBeUndefined();
    expect(parseTemperature("2.1")).toBeUndefined();
    expect(parseTemperature("-0.1")).toBeUndefined();
    expect(parseTemperature("warm")).toBeUndefined();
  });
});

describe("analyzeInputFromDraft", () => {
  it("gives a request the contract accepts", () => {
    const result = analyzeInputFromDraft(
      fields({
        structured: true,
        schemaText: '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}',
        metadataRows: [{ id: "1", key: "project", type: "string", value: "alpha" }],
      }),
    );
    expect(result).toEqual({
      ok: true,
      input: {
        prompt: "Summarize",
        temperature: 0.5,
        metadata: { project: "alpha" },
        responseFormat: {
          type: "json_schema",
          json_schema: { schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } },
        },
      },
    });
    if (result.ok)
      expect(AnalyzeRequest.safeParse({ ...result.input, link: ["https://a.example/"] }).success).toBe(true);
  });

  it("leaves the schema out when structured output is off, whatever its text", () => {
    expect(analyzeInputFromDraft(fields({ schemaText: "{ broken" }))).toEqual({
      ok: true,
      input: { prompt: "Summarize", temperature: 0.5 },
    });
  });

  it("names each field's problem", () => {
    const result = analyzeInputFromDraft(
      fields({
        prompt: " ",
        temperature: "3",
        structured: true,
        schemaText: "",
        metadataRows: [{ id: "r", key: "", type: "number", value: "x" }],
      }),
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        prompt: "empty",
        temperature: "invalid",
        schema: "missing",
        metadata: { rows: { r: { key: "key_empty", value: "number_invalid" } }, tooMany: false },
      },
    });
    const long = analyzeInputFromDraft(fields({ prompt: "x".repeat(LIMITS.maxPromptLength + 1) }));
    expect(!long.ok && long.problems.prompt).toBe("too_long");
    const syntax = analyzeInputFromDraft(fields({ structured: true, schemaText: "{" }));
    expect(!syntax.ok && syntax.problems.schema).toMatchObject({ state: "syntax" });
  });

  it("waits for the schema check to load before anything is sent with a schema", () => {
    const draft = fields({ structured: true, schemaText: '{"type":"object"}' });
    expect(analyzeInput(draft, undefined)).toEqual({ ok: false, problems: { schema: "checking" } });
    expect(analyzeInput({ ...draft, structured: false }, undefined).ok).toBe(true);
  });
});
