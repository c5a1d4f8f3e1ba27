/** What settings start as: the built-in presets and the default of every field (no zod: the popup reads them). */
import { DEFAULT_BASE_URL } from "./base-url";
import type { Preset, Settings } from "./settings";

/** Presets every new install (and every v1 settings object) starts with; the user may change them all. */
export const BUILTIN_PRESETS: readonly Preset[] = [
  {
    id: "builtin-summary",
    name: "Summary",
    prompt:
      "Summarize this page in a few sentences: its main point, the key supporting facts, and who it is for.",
    temperature: 0,
  },
  {
    id: "builtin-key-facts",
    name: "Key facts (JSON)",
    prompt:
      "Extract the key facts of this page: a one-sentence summary, the main topics, and the people, organizations and dates it mentions.",
    temperature: 0,
    schema: {
      type: "object",
      properties: {
        summary: { type: "string", description: "The page's main point in one sentence." },
        topics: { type: "array", items: { type: "string" }, description: "The main topics." },
        people: { type: "array", items: { type: "string" } },
        organizations: { type: "array", items: { type: "string" } },
        dates: { type: "array", items: { type: "string" }, description: "Dates mentioned, as written." },
      },
      required: ["summary", "topics"],
      additionalProperties: false,
    },
  },
  {
    id: "builtin-critique",
    name: "Critique",
    prompt:
      "Critique this page: which claims are well supported, which are weak or unsupported, what is missing, and how far it can be trusted.",
    temperature: 0.7,
  },
];

export const DEFAULT_PRESET_ID = "builtin-summary";

/** Fresh copies of the built-in presets (stored values must never share objects with this module). */
export function builtinPresets(): Preset[] {
  return structuredClone(BUILTIN_PRESETS as Preset[]);
}

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: DEFAULT_BASE_URL,
  apiKey: "",
  defaultPrompt: "Summarize this page in a few sentences.",
  defaultTemperature: 0,
  presets: builtinPresets(),
  defaultPresetId: DEFAULT_PRESET_ID,
  siteRules: [],
};
