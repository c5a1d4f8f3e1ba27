// @vitest-environment jsdom
/**
 * The options page's ordered lists (presets and site rules share `useOrderedList`): move, delete with
 * undo in place, the focus where the keyboard user expects it, and the presets' default following both.
 */
import { createElement, useState } from "react";
import { describe, expect, it } from "vitest";
import { presetButtonId } from "../../components/options/preset-item";
import { PresetsSection } from "../../components/options/presets-section";
import type { PresetDraft } from "../../components/options/settings-form";
import type { SiteRuleDraft } from "../../components/options/site-rule-form";
import { siteRuleButtonId } from "../../components/options/site-rule-item";
import { SiteRulesSection } from "../../components/options/site-rules-section";
import { button, click, pageForEachTest, render } from "./helpers/react-page";

pageForEachTest();

const preset = (id: string): PresetDraft => ({
  id,
  name: `Preset ${id}`,
  prompt: `Prompt ${id}`,
  temperature: "0.2",
  schemaText: "",
});

let shown: { presets: PresetDraft[]; defaultPresetId?: string; rules: SiteRuleDraft[] };

function Presets() {
  const [state, setState] = useState({ presets: ["a", "b", "c"].map(preset), defaultPresetId: "b" });
  shown = { ...state, rules: [] };
  return createElement(PresetsSection, {
    headingId: "presets",
    presets: state.presets,
    defaultPresetId: state.defaultPresetId,
    errors: {},
    expanded: new Set<string>(),
    onExpand: () => {},
    onChange: (presets, defaultPresetId) => setState({ presets, defaultPresetId: defaultPresetId ?? "" }),
    newPreset: () => preset("new"),
  });
}

function Rules() {
  const [rules, setRules] = useState<SiteRuleDraft[]>(
    ["a.org", "b.org", "c.org"].map((pattern, i) => ({ id: `r${i}`, pattern, presetId: "a" })),
  );
  shown = { presets: [], rules };
  return createElement(SiteRulesSection, {
    headingId: "rules",
    rules,
    presets: [preset("a")],
    defaultPresetId: "a",
    errors: {},
    onChange: setRules,
  });
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe("presets", () => {
  it("deleting the default hands it to the first preset; Undo puts it back in place, default again", async () => {
    await render(Presets, {});
    await click(byId(presetButtonId("b", "delete")));
    expect(ids(shown.presets)).toEqual(["a", "c"]);
    expect(shown.defaultPresetId).toBe("a");
    expect(document.activeElement).toBe(byId("preset-undo"));
    expect(document.body.textContent).toContain("Preset b");

    await click(button("Undo"));
    expect(ids(shown.presets)).toEqual(["a", "b", "c"]);
    expect(shown.defaultPresetId).toBe("b");
    expect(document.activeElement).toBe(byId(presetButtonId("b", "delete")));
  });

  it("moves a preset down and keeps the focus on a button that still exists", async () => {
    await render(Presets, {});
    await click(byId(presetButtonId("b", "down")));
    expect(ids(shown.presets)).toEqual(["a", "c", "b"]);
    expect(shown.defaultPresetId).toBe("b");
    // b is last now: its Down button is gone, so the focus goes to Up.
    expect(document.activeElement).toBe(byId(presetButtonId("b", "up")));
  });
});

describe("site rules", () => {
  it("delete, undo in place, and dismissing the notice moves the focus to Add", async () => {
    await render(Rules, {});
    await click(byId(siteRuleButtonId("r0", "delete")));
    expect(ids(shown.rules)).toEqual(["r1", "r2"]);
    await click(button("Undo"));
    expect(ids(shown.rules)).toEqual(["r0", "r1", "r2"]);

    await click(byId(siteRuleButtonId("r1", "delete")));
    const dismiss = document.querySelector<HTMLElement>(".presets__undo button:last-child");
    await click(dismiss as HTMLElement);
    expect(ids(shown.rules)).toEqual(["r0", "r2"]);
    expect(document.querySelector(".presets__undo")).toBeNull();
    expect(document.activeElement).toBe(byId("site-rule-add"));
  });
});
