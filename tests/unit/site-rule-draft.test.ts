import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { draftFromSettings, settingsFromDraft } from "../../components/options/settings-form";
import { initialDraft, type PopupDraft } from "../../lib/analyze/popup-draft";
import { draftWithPreset, holdsOwnPrompt, siteRuleDraftAction } from "../../lib/analyze/site-rule-draft";
import type { Preset } from "../../lib/settings/settings";
import { DEFAULT_SETTINGS } from "../../lib/settings/settings-defaults";
import { useEnglishMessages } from "./helpers/english-messages";

const DEFAULTS = { defaultPrompt: "Summarize this page.", defaultTemperature: 0 };
const FACTS: Preset = {
  id: "facts",
  name: "Facts",
  prompt: "List the facts.",
  temperature: 0.3,
  schema: { type: "object", properties: { facts: { type: "array" } } },
};
const draft = (patch: Partial<PopupDraft> = {}): PopupDraft => ({ ...initialDraft(DEFAULTS), ...patch });

beforeEach(() => {
  fakeBrowser.reset();
  useEnglishMessages();
});

describe("the popup's draft and the page's site rule", () => {
  it("an untouched draft, or one following another preset, takes the rule's preset", () => {
    expect(siteRuleDraftAction(draft(), FACTS, DEFAULTS.defaultPrompt)).toBe("apply");
    expect(
      siteRuleDraftAction(draft({ presetId: "other", prompt: "x" }), FACTS, DEFAULTS.defaultPrompt),
    ).toBe("apply");
    expect(siteRuleDraftAction(draft({ presetId: "facts" }), FACTS, DEFAULTS.defaultPrompt)).toBe("already");
  });

  it("a prompt of the user's own is kept: the rule's preset is only offered", () => {
    const own = draft({ prompt: "My own question" });
    expect(holdsOwnPrompt(own, DEFAULTS.defaultPrompt)).toBe(true);
    expect(siteRuleDraftAction(own, FACTS, DEFAULTS.defaultPrompt)).toBe("offer");
    expect(holdsOwnPrompt(draft({ prompt: "  " }), DEFAULTS.defaultPrompt)).toBe(false);
  });

  it("following a preset sets its prompt, temperature and schema, keeping the rest", () => {
    const next = draftWithPreset(draft({ recentPrompts: ["earlier"] }), FACTS);
    expect(next).toMatchObject({
      presetId: "facts",
      prompt: FACTS.prompt,
      temperature: "0.3",
      structured: true,
      recentPrompts: ["earlier"],
    });
    expect(JSON.parse(next.schemaText)).toEqual(FACTS.schema);
  });
});

describe("site rules on the options form", () => {
  const form = () => draftFromSettings(structuredClone(DEFAULT_SETTINGS));

  it("a valid rule is saved as typed (trimmed), in order", () => {
    const result = settingsFromDraft({
      ...form(),
      siteRules: [
        { id: "a", pattern: " *.github.com ", presetId: "builtin-key-facts" },
        { id: "b", pattern: "example.org/blog/*", presetId: "builtin-critique" },
      ],
    });
    expect(result.ok && result.settings.siteRules).toEqual([
      { id: "a", pattern: "*.github.com", presetId: "builtin-key-facts" },
      { id: "b", pattern: "example.org/blog/*", presetId: "builtin-critique" },
    ]);
  });

  it("each problem is a readable message on its field, and nothing is saved", () => {
    const result = settingsFromDraft({
      ...form(),
      siteRules: [
        { id: "a", pattern: "https://github.com", presetId: "builtin-summary" },
        { id: "b", pattern: "www.*.org", presetId: "deleted" },
        { id: "c", pattern: "", presetId: "" },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.errors).toEqual({
      "siteRules.a.pattern": "Leave out the scheme: write github.com, not https://github.com.",
      "siteRules.b.pattern":
        "A * in the host is allowed only at its start, as in *.github.com (a path may hold * anywhere).",
      "siteRules.b.presetId": "Its preset was deleted: choose another preset, or delete this rule.",
      "siteRules.c.pattern": "Enter a pattern, for example *.github.com.",
      "siteRules.c.presetId": "Choose a preset.",
    });
  });
});
