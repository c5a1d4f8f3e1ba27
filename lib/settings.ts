import { z } from "zod";
import { JsonSchemaDocument, LIMITS, Prompt, Temperature } from "./api/contract";

/** The local reference service `npm start` runs. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";

/** Hosts the manifest's `host_permissions` already cover: no permission request for them. */
export const LOCAL_HOSTS: readonly string[] = ["localhost", "127.0.0.1"];

/** http:// is accepted only on this machine. */
const LOOPBACK_HOSTS: readonly string[] = [...LOCAL_HOSTS, "[::1]"];

export const BASE_URL_MESSAGE = "must be an https:// address (http:// only for localhost or 127.0.0.1)";

/** Whether a string is a base URL Linklens may use: https anywhere, http only on this machine. */
export function isAllowedBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname);
  } catch {
    return false;
  }
}

/** Where a service may live: https anywhere, http only on this machine. */
export const BaseUrl = z.string().trim().refine(isAllowedBaseUrl, { message: BASE_URL_MESSAGE });

/**
 * The origin whose host permission the extension must hold to reach `baseUrl`, or `null` when the
 * manifest's `host_permissions` already cover it (localhost, 127.0.0.1) or the URL is not valid.
 */
export function originNeedingPermission(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol === "http:" && LOCAL_HOSTS.includes(url.hostname)) return null;
  return url.origin;
}

/** The optional-permission pattern for one origin (`https://host:port/*`). */
export function originPattern(origin: string): string {
  return `${origin}/*`;
}

// ---------------------------------------------------------------------------------------------------
// Presets

export const PRESET_NAME_MAX = 60;
/** Presets a user may keep; far above any real need, it only bounds the storage item. */
export const MAX_PRESETS = 100;

export type SchemaProblem = "not_object" | "not_object_schema";

/**
 * Why a parsed JSON value is not a usable response schema, or `null` when it is: it must be a JSON
 * object describing an object at the top level (`"type": "object"`, or `properties` with no other type).
 * Whether it compiles is the service's check (ajv); this is the part a page can check cheaply.
 */
export function schemaProblem(value: unknown): SchemaProblem | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not_object";
  const schema = value as Record<string, unknown>;
  if (schema.type === "object") return null;
  const hasProperties =
    typeof schema.properties === "object" && schema.properties !== null && !Array.isArray(schema.properties);
  if (schema.type === undefined && hasProperties) return null;
  return "not_object_schema";
}

export const SCHEMA_PROBLEM_MESSAGES: Record<SchemaProblem, string> = {
  not_object: "must be a JSON object",
  not_object_schema: 'must describe an object ("type": "object" or "properties")',
};

/** A JSON Schema whose top level describes an object. */
export const PresetSchema = JsonSchemaDocument.superRefine((value, ctx) => {
  const problem = schemaProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: SCHEMA_PROBLEM_MESSAGES[problem] });
});

export const PresetName = z
  .string()
  .trim()
  .min(1, { message: "must not be empty" })
  .max(PRESET_NAME_MAX, { message: `must be at most ${PRESET_NAME_MAX} characters` });

export const Preset = z.object({
  id: z.string().min(1),
  name: PresetName,
  prompt: Prompt,
  temperature: Temperature,
  schema: PresetSchema.optional(),
});
export type Preset = z.infer<typeof Preset>;

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

// ---------------------------------------------------------------------------------------------------
// Settings

/** The current version of the settings object in `storage.local` (see `settings-store.ts`). */
export const SETTINGS_VERSION = 2;

export const Settings = z
  .object({
    baseUrl: BaseUrl,
    apiKey: z.string().trim(),
    defaultPrompt: Prompt,
    defaultTemperature: z.number().min(LIMITS.minTemperature).max(LIMITS.maxTemperature),
    /** In the order the user gave them; menus and pickers show them in this order (default first where asked). */
    presets: z.array(Preset).max(MAX_PRESETS, { message: `must hold at most ${MAX_PRESETS} presets` }),
    /** The preset used by the shortcut and listed first in menus; absent only when there are no presets. */
    defaultPresetId: z.string().optional(),
  })
  .superRefine((settings, ctx) => {
    const seen = new Set<string>();
    settings.presets.forEach((preset, index) => {
      if (seen.has(preset.id))
        ctx.addIssue({
          code: "custom",
          path: ["presets", index, "id"],
          message: "duplicates another preset",
        });
      seen.add(preset.id);
    });
    if (settings.presets.length > 0 && !seen.has(settings.defaultPresetId ?? "")) {
      ctx.addIssue({
        code: "custom",
        path: ["defaultPresetId"],
        message: "must be the id of one of the presets",
      });
    }
  });
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: DEFAULT_BASE_URL,
  apiKey: "",
  defaultPrompt: "Summarize this page in a few sentences.",
  defaultTemperature: 0,
  presets: builtinPresets(),
  defaultPresetId: DEFAULT_PRESET_ID,
};

/** The settings as version 1 stored them. */
export interface SettingsV1 {
  baseUrl: string;
  apiKey: string;
  defaultPrompt: string;
  defaultTemperature: number;
}

/**
 * v1 → v2: adds the built-in presets and the default preset. Idempotent: a value that already has
 * presets (written by a newer page before its version mark) keeps them.
 */
export function migrateSettingsV1toV2(
  v1: SettingsV1 & Partial<Pick<Settings, "presets" | "defaultPresetId">>,
) {
  const presets = Array.isArray(v1.presets) ? v1.presets : builtinPresets();
  const defaultPresetId =
    typeof v1.defaultPresetId === "string" && presets.some((preset) => preset.id === v1.defaultPresetId)
      ? v1.defaultPresetId
      : (presets.find((preset) => preset.id === DEFAULT_PRESET_ID) ?? presets[0])?.id;
  return { ...v1, presets, defaultPresetId };
}

/**
 * A stored value made usable: valid as a whole, or else every field that is valid on its own is kept
 * and the others take their defaults (a bad preset list never costs the user the API key).
 */
export function coerceSettings(raw: unknown): Settings {
  const whole = Settings.safeParse(raw);
  if (whole.success) return whole.data;
  if (typeof raw !== "object" || raw === null) return structuredClone(DEFAULT_SETTINGS);
  const stored = raw as Record<string, unknown>;
  const field = <T>(schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : fallback;
  };
  const defaults = structuredClone(DEFAULT_SETTINGS);
  const presets = Array.isArray(stored.presets)
    ? stored.presets.flatMap((preset) => {
        const parsed = Preset.safeParse(preset);
        return parsed.success ? [parsed.data] : [];
      })
    : defaults.presets;
  const uniquePresets = presets.filter(
    (preset, index) => presets.findIndex((other) => other.id === preset.id) === index,
  );
  const defaultPresetId =
    typeof stored.defaultPresetId === "string" &&
    uniquePresets.some((preset) => preset.id === stored.defaultPresetId)
      ? stored.defaultPresetId
      : uniquePresets[0]?.id;
  return {
    baseUrl: field(BaseUrl, stored.baseUrl, defaults.baseUrl),
    apiKey: field(z.string().trim(), stored.apiKey, defaults.apiKey),
    defaultPrompt: field(Prompt, stored.defaultPrompt, defaults.defaultPrompt),
    defaultTemperature: field(Temperature, stored.defaultTemperature, defaults.defaultTemperature),
    presets: uniquePresets.slice(0, MAX_PRESETS),
    defaultPresetId,
  };
}

/** The default preset, or `undefined` when there are none. */
export function defaultPreset(settings: Pick<Settings, "presets" | "defaultPresetId">): Preset | undefined {
  return settings.presets.find((preset) => preset.id === settings.defaultPresetId) ?? settings.presets[0];
}

/** The presets with the default one first, the others in the user's order (for menus). */
export function presetsDefaultFirst(settings: Pick<Settings, "presets" | "defaultPresetId">): Preset[] {
  const first = defaultPreset(settings);
  return first ? [first, ...settings.presets.filter((preset) => preset !== first)] : [];
}
