import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { cleanSettings } from "../../lib/settings/clean-settings";
import {
  BaseUrl,
  defaultPreset,
  originNeedingPermission,
  Preset,
  presetsDefaultFirst,
  Settings,
  schemaProblem,
} from "../../lib/settings/settings";
import {
  BUILTIN_PRESETS,
  builtinPresets,
  DEFAULT_PRESET_ID,
  DEFAULT_SETTINGS,
} from "../../lib/settings/settings-defaults";
import { migrateSettingsV1toV2, SETTINGS_VERSION } from "../../lib/settings/settings-migrations";
import { readSettings, settingsItem, watchSettings } from "../../lib/settings/settings-store";
import { writeSettings } from "../../lib/settings/write-settings";

const V1 = {
  baseUrl: "https://analysis.example.com",
  apiKey: "lk_live_123",
  defaultPrompt: "What is this page about?",
  defaultTemperature: 0.4,
};

const preset = (overrides: Partial<Preset> = {}): Preset => ({
  id: "p1",
  name: "Mine",
  prompt: "Tell me more",
  temperature: 1,
  ...overrides,
});

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  ...structuredClone(DEFAULT_SETTINGS),
  ...overrides,
});

beforeEach(() => {
  fakeBrowser.reset();
});

describe("BaseUrl", () => {
  it.each([
    "https://analysis.example.com",
    "https://analysis.example.com:8443/api",
    "http://localhost:8787",
    "http://127.0.0.1:8787",
    "http://[::1]:8787",
    "  https://padded.example.com  ",
  ])("accepts %s", (value) => {
    expect(BaseUrl.safeParse(value).success).toBe(true);
  });

  it.each([
    "http://analysis.example.com",
    "http://192.168.1.10:8787",
    "ftp://example.com",
    "example.com",
    "",
    "https://user:pass@example.com",
  ])("refuses %j", (value) => {
    expect(BaseUrl.safeParse(value).success).toBe(false);
  });

  it("trims", () => {
    expect(BaseUrl.parse("  https://a.example  ")).toBe("https://a.example");
  });
});

describe("originNeedingPermission", () => {
  it("names the origin of a remote service, and nothing for the local hosts in host_permissions", () => {
    expect(originNeedingPermission("https://analysis.example.com:8443/api/")).toBe(
      "https://analysis.example.com:8443",
    );
    expect(originNeedingPermission("http://127.0.0.1:8787")).toBeNull();
    expect(originNeedingPermission("http://localhost:8787/x")).toBeNull();
    expect(originNeedingPermission("https://localhost")).toBe("https://localhost");
    expect(originNeedingPermission("not a url")).toBeNull();
  });
});

describe("Preset", () => {
  it("accepts the built-in presets, one of them with a schema", () => {
    for (const builtin of BUILTIN_PRESETS) expect(Preset.parse(builtin)).toEqual(builtin);
    expect(BUILTIN_PRESETS.map((p) => p.name)).toEqual(["Summary", "Key facts (JSON)", "Critique"]);
    expect(BUILTIN_PRESETS.filter((p) => p.schema)).toHaveLength(1);
  });

  it("checks the name: 1 to 60 characters after trimming", () => {
    expect(Preset.safeParse(preset({ name: "   " })).success).toBe(false);
    expect(Preset.safeParse(preset({ name: "x".repeat(61) })).success).toBe(false);
    expect(Preset.parse(preset({ name: ` ${"x".repeat(60)} ` })).name).toHaveLength(60);
  });

  it("checks the prompt by the contract's rules", () => {
    expect(Preset.safeParse(preset({ prompt: " \n " })).success).toBe(false);
    expect(Preset.safeParse(preset({ prompt: "x".repeat(10_001) })).success).toBe(false);
    expect(Preset.safeParse(preset({ prompt: "x".repeat(10_000) })).success).toBe(true);
  });

  it("checks the temperature: 0 to 2", () => {
    expect(Preset.safeParse(preset({ temperature: -0.1 })).success).toBe(false);
    expect(Preset.safeParse(preset({ temperature: 2.1 })).success).toBe(false);
    expect(Preset.safeParse(preset({ temperature: Number.NaN })).success).toBe(false);
    expect(Preset.safeParse(preset({ temperature: 2 })).success).toBe(true);
  });

  it("takes an optional schema that describes an object", () => {
    expect(Preset.safeParse(preset({ schema: { type: "object" } })).success).toBe(true);
    expect(Preset.safeParse(preset({ schema: { properties: { a: { type: "string" } } } })).success).toBe(
      true,
    );
    expect(Preset.safeParse(preset({ schema: { type: "array" } })).success).toBe(false);
    expect(Preset.safeParse(preset({ schema: { type: "string", properties: {} } })).success).toBe(false);
    expect(Preset.safeParse(preset({ schema: {} })).success).toBe(false);
    expect(Preset.safeParse({ ...preset(), schema: [] }).success).toBe(false);
  });
});

describe("schemaProblem", () => {
  it("tells a non-object from an object that does not describe an object", () => {
    expect(schemaProblem([])).toBe("not_object");
    expect(schemaProblem(null)).toBe("not_object");
    expect(schemaProblem("x")).toBe("not_object");
    expect(schemaProblem({ type: "number" })).toBe("not_object_schema");
    expect(schemaProblem({ properties: [] })).toBe("not_object_schema");
    expect(schemaProblem({ type: "object" })).toBeNull();
  });
});

describe("Settings", () => {
  it("accepts the defaults, which hold the three built-in presets with Summary as default", () => {
    expect(Settings.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.presets).toHaveLength(3);
    expect(DEFAULT_SETTINGS.defaultPresetId).toBe(DEFAULT_PRESET_ID);
  });

  it("needs the default preset to be one of the presets", () => {
    const result = Settings.safeParse(settings({ defaultPresetId: "nope" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["defaultPresetId"]);
    expect(Settings.safeParse(settings({ presets: [], defaultPresetId: undefined })).success).toBe(true);
  });

  it("refuses two presets with one id, pointing at the second", () => {
    const result = Settings.safeParse(settings({ presets: [preset(), preset()], defaultPresetId: "p1" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["presets", 1, "id"]);
  });

  it("points each problem at its field", () => {
    const result = Settings.safeParse(
      settings({
        baseUrl: "http://example.com",
        defaultTemperature: 3,
        presets: [preset({ name: "" })],
        defaultPresetId: "p1",
      }),
    );
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ["baseUrl"],
      ["defaultTemperature"],
      ["presets", 0, "name"],
    ]);
  });

  it("puts the default preset first for menus, the rest in the user's order", () => {
    const s = settings({ defaultPresetId: "builtin-critique" });
    expect(defaultPreset(s)?.id).toBe("builtin-critique");
    expect(presetsDefaultFirst(s).map((p) => p.id)).toEqual([
      "builtin-critique",
      "builtin-summary",
      "builtin-key-facts",
    ]);
    expect(presetsDefaultFirst(settings({ presets: [], defaultPresetId: undefined }))).toEqual([]);
  });
});

describe("migration v1 → v2", () => {
  it("adds the built-in presets and the default to a v1 object, keeping every v1 field", () => {
    expect(migrateSettingsV1toV2(V1)).toEqual({
      ...V1,
      presets: builtinPresets(),
      defaultPresetId: DEFAULT_PRESET_ID,
    });
  });

  it("is idempotent: presets already there are kept", () => {
    const v2 = { ...V1, presets: [preset()], defaultPresetId: "p1" };
    expect(migrateSettingsV1toV2(v2)).toEqual(v2);
    expect(migrateSettingsV1toV2({ ...V1, presets: [preset()] }).defaultPresetId).toBe("p1");
  });

  it("runs on a stored v1 value through the storage item and marks it current (v3 adds site rules)", async () => {
    await fakeBrowser.storage.local.set({ settings: V1, settings$: { v: 1 } });
    await settingsItem.migrate();
    const stored = await fakeBrowser.storage.local.get(["settings", "settings$"]);
    expect(stored.settings$).toEqual({ v: SETTINGS_VERSION });
    expect(stored.settings).toEqual({
      ...V1,
      presets: builtinPresets(),
      defaultPresetId: DEFAULT_PRESET_ID,
      siteRules: [],
    });
    expect(await readSettings()).toEqual(Settings.parse(stored.settings));
  });

  it("treats a value with no version mark as v1 (as written before versions existed)", async () => {
    await fakeBrowser.storage.local.set({ settings: V1 });
    await settingsItem.migrate();
    const stored = await fakeBrowser.storage.local.get(["settings", "settings$"]);
    expect(stored.settings$).toEqual({ v: SETTINGS_VERSION });
    expect((stored.settings as Settings).presets).toHaveLength(3);
  });

  it("leaves a v2 value alone", async () => {
    const v2 = settings({ presets: [preset()], defaultPresetId: "p1" });
    await fakeBrowser.storage.local.set({ settings: v2, settings$: { v: 2 } });
    await settingsItem.migrate();
    expect((await fakeBrowser.storage.local.get("settings")).settings).toEqual(v2);
  });
});

describe("reading and writing", () => {
  it("reads the defaults when nothing is stored", async () => {
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it("keeps every valid field of a damaged value and defaults the others", async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        baseUrl: "http://not-local.example.com",
        apiKey: "kept",
        defaultPrompt: "",
        defaultTemperature: 1.5,
        presets: [preset(), { id: "bad", name: "" }, preset({ name: "dup" })],
        defaultPresetId: "bad",
      },
      settings$: { v: 2 },
    });
    expect(await readSettings()).toEqual({
      baseUrl: DEFAULT_SETTINGS.baseUrl,
      apiKey: "kept",
      defaultPrompt: DEFAULT_SETTINGS.defaultPrompt,
      defaultTemperature: 1.5,
      presets: [preset()],
      defaultPresetId: "p1",
      siteRules: [],
    });
    expect(cleanSettings("garbage")).toEqual(DEFAULT_SETTINGS);
  });

  it("writes only valid settings and tells watchers", async () => {
    const seen: Settings[] = [];
    const unwatch = watchSettings((value) => seen.push(value));
    const next = settings({ apiKey: " lk_1 ", baseUrl: "https://a.example" });
    const written = await writeSettings(next);
    expect(written.apiKey).toBe("lk_1");
    expect((await fakeBrowser.storage.local.get("settings")).settings).toEqual(written);
    await expect(writeSettings(settings({ baseUrl: "http://a.example" }))).rejects.toThrow();
    expect((await readSettings()).baseUrl).toBe("https://a.example");
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(written));
    unwatch();
  });
});
