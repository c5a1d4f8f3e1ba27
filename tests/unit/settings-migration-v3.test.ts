import { beforeEach, describe, expect, it } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { Settings } from "../../lib/settings/settings";
import { builtinPresets, DEFAULT_PRESET_ID } from "../../lib/settings/settings-defaults";
import { migrateSettingsV2toV3, SETTINGS_VERSION } from "../../lib/settings/settings-migrations";
import { readSettings, settingsItem } from "../../lib/settings/settings-store";
import { writeSettings } from "../../lib/settings/write-settings";

const V2 = {
  baseUrl: "https://analysis.example.com",
  apiKey: "lk_live_123",
  defaultPrompt: "What is this page about?",
  defaultTemperature: 0.4,
  presets: builtinPresets(),
  defaultPresetId: DEFAULT_PRESET_ID,
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe("migration v2 → v3 (site rules)", () => {
  it("is the current version", () => {
    expect(SETTINGS_VERSION).toBe(3);
  });

  it("adds no site rules to a v2 object, keeping every v2 field", () => {
    expect(migrateSettingsV2toV3(V2)).toEqual({ ...V2, siteRules: [] });
  });

  it("is idempotent: rules already there are kept", () => {
    const v3 = { ...V2, siteRules: [{ id: "r1", pattern: "*.github.com", presetId: DEFAULT_PRESET_ID }] };
    expect(migrateSettingsV2toV3(v3)).toEqual(v3);
  });

  it("runs on a stored v2 value through the storage item and marks it v3", async () => {
    await fakeBrowser.storage.local.set({ settings: V2, settings$: { v: 2 } });
    await settingsItem.migrate();
    const stored = await fakeBrowser.storage.local.get(["settings", "settings$"]);
    expect(stored.settings$).toEqual({ v: 3 });
    expect(stored.settings).toEqual({ ...V2, siteRules: [] });
    expect(await readSettings()).toEqual(Settings.parse(stored.settings));
  });

  it("runs v1 → v2 → v3 in turn", async () => {
    const { presets: _presets, defaultPresetId: _default, ...v1 } = V2;
    await fakeBrowser.storage.local.set({ settings: v1, settings$: { v: 1 } });
    await settingsItem.migrate();
    const stored = await fakeBrowser.storage.local.get(["settings", "settings$"]);
    expect(stored.settings$).toEqual({ v: 3 });
    expect(stored.settings).toEqual({ ...V2, siteRules: [] });
  });
});

describe("site rules in settings", () => {
  it("a v2 value read before its migration has no rules", async () => {
    await fakeBrowser.storage.local.set({ settings: V2 });
    expect((await readSettings()).siteRules).toEqual([]);
  });

  it("are written and read back in order", async () => {
    const siteRules = [
      { id: "r1", pattern: "*.github.com", presetId: "builtin-key-facts" },
      { id: "r2", pattern: "localhost:8443/blog/*", presetId: "builtin-critique" },
    ];
    await writeSettings({ ...V2, siteRules });
    expect((await readSettings()).siteRules).toEqual(siteRules);
  });

  it("refuse an invalid pattern, a rule without its preset, and two rules with one id", () => {
    const result = Settings.safeParse({
      ...V2,
      siteRules: [
        { id: "r1", pattern: "https://github.com", presetId: DEFAULT_PRESET_ID },
        { id: "r2", pattern: "github.com", presetId: "deleted" },
        { id: "r2", pattern: "gitlab.com", presetId: DEFAULT_PRESET_ID },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ["siteRules", 0, "pattern"],
      ["siteRules", 1, "presetId"],
      ["siteRules", 2, "id"],
    ]);
  });
});
