import { describe, expect, it } from "vitest";
import { LIMITS } from "../../lib/api/contract";
import { baseForSave } from "../../lib/editing/edit-draft";
import { checkDraft, checkJsonText } from "../../lib/editing/edit-patch";
import type { MetadataRow } from "../../lib/editing/metadata-rows";

const against = {
  textContent: "Original text",
  jsonContent: { summary: "short", tags: ["a"] },
  metadata: { project: "alpha", n: 1 },
};

const rows = (...pairs: [string, MetadataRow["type"], string][]): MetadataRow[] =>
  pairs.map(([key, type, value], index) => ({ id: `r${index}`, key, type, value }));

const unchanged = {
  textContent: "Original text",
  // Same content, other key order and spacing: not a change.
  jsonText: '{ "tags": ["a"], "summary": "short" }',
  metadataRows: rows(["n", "number", "1"], ["project", "string", "alpha"]),
};

describe("checkDraft", () => {
  it("sends nothing when nothing changed", () => {
    expect(checkDraft(unchanged, against, undefined)).toEqual({ ok: true, patch: {}, changed: false });
  });

  it("sends only the fields that changed", () => {
    expect(checkDraft({ ...unchanged, textContent: "New text" }, against, undefined)).toEqual({
      ok: true,
      patch: { textContent: "New text" },
      changed: true,
    });
    const json = checkDraft(
      { ...unchanged, jsonText: '{"summary":"longer","tags":["a"]}' },
      against,
      undefined,
    );
    expect(json).toEqual({
      ok: true,
      patch: { jsonContent: { summary: "longer", tags: ["a"] } },
      changed: true,
    });
    const metadata = checkDraft(
      { ...unchanged, metadataRows: rows(["project", "string", "beta"]) },
      against,
      undefined,
    );
    expect(metadata).toEqual({ ok: true, patch: { metadata: { project: "beta" } }, changed: true });
  });

  it("removing every metadata row sends an empty object; a record without metadata and no rows sends none", () => {
    expect(checkDraft({ ...unchanged, metadataRows: [] }, against, undefined)).toMatchObject({
      patch: { metadata: {} },
    });
    expect(checkDraft({ textContent: "", jsonText: "", metadataRows: [] }, {}, undefined)).toEqual({
      ok: true,
      patch: {},
      changed: false,
    });
  });

  it("an emptied text is a change; an empty JSON box where there was JSON is a problem", () => {
    expect(checkDraft({ ...unchanged, textContent: "" }, against, undefined)).toMatchObject({
      patch: { textContent: "" },
    });
    expect(checkDraft({ ...unchanged, jsonText: "  " }, against, undefined)).toEqual({
      ok: false,
      problems: { jsonContent: { kind: "empty" } },
    });
  });

  it("reports every field's problem at once", () => {
    const result = checkDraft(
      {
        textContent: "x".repeat(LIMITS.maxTextContentLength + 1),
        jsonText: '{"a": 1,}',
        metadataRows: rows(["", "string", "orphan value"]),
      },
      against,
      undefined,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.textContent).toEqual({
      kind: "too_long",
      length: LIMITS.maxTextContentLength + 1,
    });
    expect(result.problems.jsonContent).toEqual({
      kind: "syntax",
      error: { reason: "expected_property_name", offset: 8, line: 1, column: 9 },
    });
    expect(result.problems.metadata?.rows.r0).toEqual({ key: "key_empty" });
  });

  it("refuses a NUL character in the text, as the service does", () => {
    expect(checkDraft({ ...unchanged, textContent: "a\u0000b" }, against, undefined)).toEqual({
      ok: false,
      problems: { textContent: { kind: "nul" } },
    });
  });
});

describe("checkJsonText", () => {
  const schema = { type: "object", properties: { summary: { type: "string" } }, required: ["summary"] };

  it("gives line and column of a syntax error", () => {
    expect(checkJsonText('{\n  "a": 1\n  "b": 2\n}', true, undefined).problem).toEqual({
      kind: "syntax",
      error: { reason: "expected_comma_or_brace", offset: 13, line: 3, column: 3 },
    });
  });

  it("wants an object", () => {
    expect(checkJsonText("[1, 2]", false, undefined).problem).toEqual({ kind: "not_object" });
    expect(checkJsonText('"text"', false, undefined).problem).toEqual({ kind: "not_object" });
  });

  it("counts the size in UTF-8 bytes of the JSON sent", () => {
    // 3 bytes per "€": under the limit in characters, over it in bytes.
    const text = JSON.stringify({ a: "€".repeat(Math.ceil(LIMITS.maxJsonContentBytes / 3)) });
    expect(text.length).toBeLessThan(LIMITS.maxJsonContentBytes);
    expect(checkJsonText(text, false, undefined).problem?.kind).toBe("too_large");
  });

  it("checks the analysis's schema when it is known", () => {
    expect(checkJsonText('{"summary": 3}', true, schema).problem).toEqual({
      kind: "schema",
      violations: [{ path: "/summary", kind: "type", expected: "string" }],
    });
    expect(checkJsonText('{"summary": 3}', true, undefined).problem).toBeUndefined();
    expect(checkJsonText('{"summary": "ok"}', true, schema)).toEqual({ value: { summary: "ok" } });
  });
});

describe("baseForSave", () => {
  it("an edit started on a settled row is sent against the version the user saw", () => {
    expect(baseForSave({ baseUpdatedAt: "T1", startedOnPending: false }, "T2")).toBe("T1");
  });

  it("an edit started behind waiting edits goes on the row's current version", () => {
    expect(baseForSave({ baseUpdatedAt: "T1", startedOnPending: true }, "T2")).toBe("T2");
  });
});
