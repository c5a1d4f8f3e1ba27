import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { LIMITS } from "../../lib/api/limits";
import { cleanSettings } from "../../lib/settings/clean-settings";
import { MAX_PRESETS, type Preset, Settings } from "../../lib/settings/settings";
import { builtinPresets, DEFAULT_PRESET_ID, DEFAULT_SETTINGS } from "../../lib/settings/settings-defaults";
import { readSettings, watchSettings } from "../../lib/settings/settings-store";
import { writeSettings } from "../../lib/settings/write-settings";

const preset = (overrides: Record<string, unknown> = {}): Preset =>
  ({ id: "p1", name: "Mine", prompt: "Tell me more", temperature: 1, ...overrides }) as Preset;

const stored = (overrides: Record<string, unknown> = {}) => ({
  ...structuredClone(DEFAULT_SETTINGS),
  apiKey: "lk_1",
  ...overrides,
});

beforeEach(() => {
  fakeBrowser.reset();
});

const cases: [string, unknown][] = [
  ["the defaults", structuredClone(DEFAULT_SETTINGS)],
  ["nothing stored", undefined],
  ["a string", "garbage"],
  ["an array", []],
  [
    "valid settings of one's own",
    stored({
      baseUrl: "https://analysis.example.com",
      defaultPrompt: "What is it?",
      defaultTemperature: 1.25,
      presets: [preset(), preset({ id: "p2", schema: { type: "object", properties: {} } })],
      defaultPresetId: "p2",
    }),
  ],
  [
    "padded text fields",
    stored({ baseUrl: " https://a.example ", apiKey: "  lk_2 ", defaultPrompt: "  Hi  " }),
  ],
  ["a base URL of the wrong type", stored({ baseUrl: 42 })],
  ["plain http to another machine", stored({ baseUrl: "http://analysis.example.com" })],
  ["a URL with a password", stored({ baseUrl: "https://user:pw@analysis.example.com" })],
  ["no API key field", stored({ apiKey: undefined })],
  ["an API key of the wrong type", stored({ apiKey: 7 })],
  ["an empty default prompt", stored({ defaultPrompt: "   " })],
  ["a default prompt over the limit", stored({ defaultPrompt: "x".repeat(LIMITS.maxPromptLength + 1) })],
  ["a temperature over 2", stored({ defaultTemperature: 2.5 })],
  ["a temperature as text", stored({ defaultTemperature: "1" })],
  ["presets that are not a list", stored({ presets: { p1: preset() } })],
  ["no presets at all", stored({ presets: [], defaultPresetId: undefined })],
  [
    "bad presets among good ones",
    stored({
      presets: [
        preset(),
        preset({ id: "" }),
        preset({ id: "n", name: " " }),
        preset({ id: "l", name: "x".repeat(61) }),
        preset({ id: "t", temperature: -1 }),
        preset({ id: "s", schema: [] }),
        preset({ id: "o", schema: { type: "string" } }),
        preset({ id: "q", prompt: 5 }),
        "not a preset",
        null,
      ],
      defaultPresetId: "p1",
    }),
  ],
  ["padded preset names and prompts", stored({ presets: [preset({ name: " A ", prompt: " B " })] })],
  [
    "two presets with one id",
    stored({ presets: [preset(), preset({ name: "Second" })], defaultPresetId: "p1" }),
  ],
  [
    "a default preset that is gone",
    stored({ presets: [preset(), preset({ id: "p2" })], defaultPresetId: "x" }),
  ],
  ["a default preset id of the wrong type", stored({ presets: [preset()], defaultPresetId: 1 })],
  [
    "site rules: valid, a bad pattern, a deleted preset, a duplicate id, not a list",
    stored({
      presets: [preset()],
      defaultPresetId: "p1",
      siteRules: [
        { id: "r1", pattern: " *.github.com ", presetId: "p1" },
        { id: "r2", pattern: "https://x.org", presetId: "p1" },
        { id: "r3", pattern: "x.org", presetId: "deleted" },
        { id: "r1", pattern: "y.org", presetId: "p1" },
        "not a rule",
      ],
    }),
  ],
  ["site rules that are not a list", stored({ presets: [preset()], siteRules: { r1: "x.org" } })],
  [
    "more presets than allowed, the default among those cut off",
    stored({
      presets: Array.from({ length: MAX_PRESETS + 2 }, (_, i) => preset({ id: `p${i}` })),
      defaultPresetId: `p${MAX_PRESETS + 1}`,
    }),
  ],
];

// One cleaner for the worker, the options page and the popup: what it gives must be what the options
// page could have written, and what the options page wrote must come back as it was.
describe("cleanSettings", () => {
  it.each(cases)(
    "%s: gives settings the options page's schema accepts, and cleaning again changes nothing",
    (_, raw) => {
      const cleaned = cleanSettings(structuredClone(raw));
      expect(Settings.safeParse(cleaned)).toMatchObject({ success: true, data: cleaned });
      expect(cleanSettings(structuredClone(cleaned))).toEqual(cleaned);
    },
  );

  // Most cases are damaged on purpose; the ones the schema accepts must come back exactly as it reads them.
  const accepted = cases.filter(([, raw]) => Settings.safeParse(structuredClone(raw)).success);

  it("has cases the schema accepts, as well as damaged ones", () => {
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(cases.length);
  });

  it.each(accepted)("%s: a value the schema accepts comes back as the schema reads it", (_, raw) => {
    expect(cleanSettings(structuredClone(raw))).toEqual(Settings.parse(structuredClone(raw)));
  });

  it("keeps every valid field of a damaged value and defaults the others", () => {
    const cleaned = cleanSettings({
      baseUrl: "http://not-local.example.com",
      apiKey: " kept ",
      defaultPrompt: "",
      defaultTemperature: 1.5,
      presets: [preset(), { id: "bad", name: "" }, preset({ name: "dup" })],
      defaultPresetId: "bad",
    });
    expect(cleaned).toEqual({
      baseUrl: DEFAULT_SETTINGS.baseUrl,
      apiKey: "kept",
      defaultPrompt: DEFAULT_SETTINGS.defaultPrompt,
      defaultTemperature: 1.5,
      presets: [preset()],
      defaultPresetId: "p1",
      siteRules: [],
    });
  });

  it("keeps the first presets the limit allows, and a default among them", () => {
    const [, raw] = cases.at(-1) as [string, unknown];
    const cleaned = cleanSettings(raw);
    expect(cleaned.presets).toHaveLength(MAX_PRESETS);
    expect(cleaned.defaultPresetId).toBe("p0");
  });

  it("never hands out the defaults object itself", () => {
    const settings = cleanSettings(undefined);
    settings.presets.pop();
    expect(DEFAULT_SETTINGS.presets).toHaveLength(3);
  });
});

describe("reading from storage", () => {
  it("reads the settings the options page wrote", async () => {
    const written = await writeSettings(
      stored({
        baseUrl: "https://analysis.example.com",
        presets: [preset()],
        defaultPresetId: "p1",
      }) as Settings,
    );
    expect(await readSettings()).toEqual(written);
  });

  it("reads a stored v1 value migrated to the current version", async () => {
    const v1 = { baseUrl: "https://a.example", apiKey: "lk_1", defaultPrompt: "Hi", defaultTemperature: 0.5 };
    await fakeBrowser.storage.local.set({ settings: v1, settings$: { v: 1 } });
    expect(await readSettings()).toEqual({
      ...v1,
      presets: builtinPresets(),
      defaultPresetId: DEFAULT_PRESET_ID,
      siteRules: [],
    });
  });

  it("tells watchers of every change, with damaged fields defaulted", async () => {
    const seen: Settings[] = [];
    const unwatch = watchSettings((value) => seen.push(value));
    await fakeBrowser.storage.local.set({ settings: stored({ defaultTemperature: 9 }), settings$: { v: 2 } });
    await vi.waitFor(() =>
      expect(seen.at(-1)).toEqual({ ...stored(), defaultTemperature: DEFAULT_SETTINGS.defaultTemperature }),
    );
    unwatch();
  });
});
