// @vitest-environment jsdom
/**
 * The one JSON schema editor as the options page's presets and the popup's structured output configure
 * it: checked as typed (the check loads lazily), every problem tied to the text area, "valid" announced.
 */
import { createElement, useState } from "react";
import { describe, expect, it } from "vitest";
import { JsonSchemaEditor } from "../../components/json-schema-editor";
import { PresetItem } from "../../components/options/preset-item";
import type { PresetDraft } from "../../components/options/settings-form";
import { useSchemaCheck } from "../../components/use-schema-check";
import {
  button,
  byLabel,
  click,
  description,
  enter,
  pageForEachTest,
  render,
  waitForPage,
} from "./helpers/react-page";

pageForEachTest();

let preset: PresetDraft;
function Preset() {
  const [state, setState] = useState<PresetDraft>({
    id: "p1",
    name: "Sources",
    prompt: "List the sources.",
    temperature: "0.5",
    schemaText: "",
  });
  preset = state;
  return createElement(PresetItem, {
    preset: state,
    index: 0,
    count: 1,
    isDefault: true,
    expanded: true,
    errors: {},
    onChange: (patch) => setState((current) => ({ ...current, ...patch })),
    onToggle: () => {},
    onMove: () => {},
    onDelete: () => {},
    onMakeDefault: () => {},
  });
}

function Structured({ missing }: { missing?: string }) {
  const [text, setText] = useState("");
  const check = useSchemaCheck(text, true);
  return createElement(JsonSchemaEditor, {
    id: "schema",
    value: text,
    onChange: setText,
    check,
    error: missing,
  });
}

describe("in an options preset", () => {
  it("shows each problem as it is typed, then announces a valid schema and formats it", async () => {
    await render(Preset, {});
    const schema = byLabel<HTMLTextAreaElement>("JSON schema (optional)");
    await enter(schema, '{\n  "type": "object"\n  "properties": {}\n}');
    // The check loads lazily on the first schema typed: its verdict comes once it is in.
    await waitForPage(() => expect(schema.getAttribute("aria-invalid")).toBe("true"));
    expect(description(schema)).toContain("Not valid JSON at line 3, column 3: expected “,” or “}”");
    await enter(schema, '{"type": "string"}');
    expect(description(schema)).toContain("must describe an object");

    await enter(schema, '{"type":"object","properties":{"a":{"type":"string"}}}');
    expect(schema.getAttribute("aria-invalid")).toBeNull();
    const status = document.querySelector('[role="status"]');
    expect(status?.textContent).toContain("Valid JSON schema for an object.");
    await click(button("Format JSON"));
    expect(preset.schemaText).toMatch(/^\{\n {2}"type": "object",/);
  });
});

describe("in the popup", () => {
  it("shows the form's own problem (no schema) only while the check has nothing to say", async () => {
    await render(Structured, { missing: "Enter a JSON schema, or turn structured output off." });
    const schema = byLabel<HTMLTextAreaElement>("JSON schema");
    expect(description(schema)).toContain("Enter a JSON schema, or turn structured output off.");
    await enter(schema, "[]");
    await waitForPage(() => expect(description(schema)).toContain("must be a JSON object"));
    expect(description(schema)).not.toContain("turn structured output off");
  });
});
