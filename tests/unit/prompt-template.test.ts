import { describe, expect, it } from "vitest";
import { fillTemplate, hasTemplate, type TemplateValues } from "../../lib/templates/prompt-template";

const values: TemplateValues = {
  title: "Rust 2026 roadmap",
  url: "https://www.example.org/blog/rust?x=1",
  selection: "memory safety",
  meta: { description: "What comes next", "og:site_name": "Example Blog" },
  now: new Date(2026, 10, 25, 23, 59),
};

describe("fillTemplate", () => {
  it("fills every variable from the tab", () => {
    const filled = fillTemplate(
      "Summarize {{title}} ({{url}}) from {{host}} on {{date}} about {{ selection }}: {{meta:description}} / {{meta:OG:SITE_NAME}}",
      values,
    );
    expect(filled).toMatchObject({
      ok: true,
      usesVariables: true,
      prompt:
        "Summarize Rust 2026 roadmap (https://www.example.org/blog/rust?x=1) from example.org on 2026-11-25 about memory safety: What comes next / Example Blog",
    });
  });

  it("leaves a prompt without variables as it is", () => {
    expect(fillTemplate("Just a prompt { not a variable }", values)).toEqual({
      ok: true,
      prompt: "Just a prompt { not a variable }",
      parts: [{ kind: "text", text: "Just a prompt { not a variable }" }],
      usesVariables: false,
    });
  });

  it("fills a missing meta tag and an empty selection with nothing", () => {
    const filled = fillTemplate("[{{meta:author}}][{{selection}}]", { ...values, selection: "" });
    expect(filled).toMatchObject({ ok: true, prompt: "[][]" });
  });

  it("lists every unknown variable, unclosed brace and nameless meta tag, and sends nothing", () => {
    const filled = fillTemplate("{{titel}} and {{meta:}} and {{url}} and {{ oops", values);
    expect(filled.ok).toBe(false);
    if (filled.ok) return;
    expect(filled.problems.map((problem) => [problem.text, problem.index])).toEqual([
      ["{{titel}}", 0],
      ["{{meta:}}", 14],
      ["{{ oops", 40],
    ]);
    expect(filled.problems[0]?.message).toMatch(/\{\{titel\}\} is not a variable; use \{\{title\}\}/);
    expect(filled.problems[2]?.message).toMatch(/never closed/);
  });

  it("keeps the parts apart so a preview can mark what was filled", () => {
    const filled = fillTemplate("About {{host}}.", values);
    expect(filled.ok && filled.parts).toEqual([
      { kind: "text", text: "About " },
      { kind: "variable", text: "{{host}}", value: "example.org" },
      { kind: "text", text: "." },
    ]);
  });

  it("gives an empty host for an address that is not a URL", () => {
    expect(fillTemplate("{{host}}", { ...values, url: "not a url" })).toMatchObject({ prompt: "" });
  });

  it("tells whether a text uses templates at all", () => {
    expect(hasTemplate("plain")).toBe(false);
    expect(hasTemplate("with {{title}}")).toBe(true);
  });
});
