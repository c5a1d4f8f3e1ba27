import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { findChromium, RENDER_POLICIES, type RenderPolicy } from "./pages/render-page";

export interface ApiKeyConfig {
  key: string;
  credits: number;
}

export interface ServiceConfig {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Folder of the embedded store; `undefined` keeps everything in memory (tests). */
  dataDir?: string;
  /** `postgres://…`: keep everything in that Postgres database instead (`DATABASE_URL`). */
  databaseUrl?: string;
  allowPrivateNetworks: boolean;
  /** Extra PEM certificates trusted when fetching pages. */
  ca?: string;
  /** Accepted keys; empty: a development key with 1,000 credits is created (and kept in the data folder). */
  apiKeys: ApiKeyConfig[];
  rateAnalyzePerMinute: number;
  rateOtherPerMinute: number;
  llm: { LLM_BASE_URL?: string; LLM_MODEL?: string; LLM_API_KEY?: string };
  /** Render pages built by JavaScript in Chromium (`--render`, `LINKLENS_RENDER`); absent: never. */
  render?: RenderPolicy;
  /** MiB of analyses the embedded store keeps in its cache file (`--record-cache`; 0: none); absent: its default. */
  recordCacheMb?: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export const USAGE = `Usage: npm run serve -- [--host 127.0.0.1] [--port 8787] [--data .data]
                        [--allow-private-networks] [--ca FILE] [--render auto|never|always]
                        [--record-cache MiB]

Environment: LINKLENS_API_KEYS=key:credits,…  LINKLENS_RATE_ANALYZE=60  LINKLENS_RATE_OTHER=600
             LLM_BASE_URL, LLM_MODEL, LLM_API_KEY (an OpenAI-compatible endpoint; unset: offline generator)
             DATABASE_URL=postgres://… (keep everything in that Postgres database instead of --data;
             any number of service processes may share it)
             LINKLENS_RENDER=auto|never|always (as --render; default auto: pages built by JavaScript are
             rendered in Chromium when it is installed), LINKLENS_CHROMIUM=/path/to/chromium`;

/**
 * Parses `key:credits,key:credits`. A bad entry is named by its position, never quoted: its text is a key
 * (or most of one), and the message ends up on a terminal or in a log.
 */
export function parseApiKeys(value: string | undefined): ApiKeyConfig[] {
  if (!value?.trim()) return [];
  const entries = value.split(",");
  return entries.map((entry, index) => {
    const parsed = parseKeyEntry(entry);
    if (typeof parsed === "string") {
      throw new ConfigError(
        `LINKLENS_API_KEYS: entry ${index + 1} of ${entries.length} ${parsed}; each entry is key:credits`,
      );
    }
    return parsed;
  });
}

/** One `key:credits` entry (the key may hold colons: the last one separates), or what is wrong with it. */
function parseKeyEntry(entry: string): ApiKeyConfig | string {
  const separator = entry.lastIndexOf(":");
  if (separator < 0) return 'has no ":" between key and credits';
  const key = entry.slice(0, separator).trim();
  if (!key) return "has an empty key";
  const creditsText = entry.slice(separator + 1).trim();
  const credits = Number(creditsText);
  if (!creditsText || !Number.isInteger(credits) || credits < 0) {
    return "has credits that are not a whole number >= 0";
  }
  return { key, credits };
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new ConfigError(`${name} must be a whole number >= 1`);
  return number;
}

/**
 * `DATABASE_URL`: unset or empty, the embedded store; else a `postgres://` or `postgresql://` URL. A bad value
 * is not quoted: it may hold a password.
 */
function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  if (!/^postgres(ql)?:\/\/./.test(value.trim())) {
    throw new ConfigError("DATABASE_URL must be a postgres:// or postgresql:// URL");
  }
  return value.trim();
}

/** The service's configuration from its command line and environment. */
export function readServiceConfig(argv: string[], env: NodeJS.ProcessEnv): ServiceConfig {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const { values } = parsed;
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError("--port must be 0 to 65535");
  let ca: string | undefined;
  if (values.ca) {
    try {
      ca = readFileSync(values.ca, "utf8");
    } catch (error) {
      throw new ConfigError(`--ca ${values.ca}: ${(error as Error).message}`);
    }
  }
  return {
    host: values.host,
    port,
    dataDir: values.data,
    allowPrivateNetworks: values["allow-private-networks"],
    ca,
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    apiKeys: parseApiKeys(env.LINKLENS_API_KEYS),
    rateAnalyzePerMinute: positiveInteger("LINKLENS_RATE_ANALYZE", env.LINKLENS_RATE_ANALYZE, 60),
    rateOtherPerMinute: positiveInteger("LINKLENS_RATE_OTHER", env.LINKLENS_RATE_OTHER, 600),
    llm: { LLM_BASE_URL: env.LLM_BASE_URL, LLM_MODEL: env.LLM_MODEL, LLM_API_KEY: env.LLM_API_KEY },
    render: renderPolicyOf(values.render ?? env.LINKLENS_RENDER, env),
    ...(values["record-cache"] !== undefined && { recordCacheMb: recordCacheMbOf(values["record-cache"]) }),
  };
}

/** `--record-cache`: whole MiB, 0 to 65,536. */
function recordCacheMbOf(value: string): number {
  const mb = Number(value);
  if (value.trim() === "" || !Number.isInteger(mb) || mb < 0 || mb > 65_536) {
    throw new ConfigError("--record-cache must be a whole number of MiB from 0 to 65536");
  }
  return mb;
}

/** `--render` / `LINKLENS_RENDER`: auto (default), never or always; always needs Chromium at start. */
function renderPolicyOf(value: string | undefined, env: NodeJS.ProcessEnv): RenderPolicy {
  const policy = (value?.trim() || "auto") as RenderPolicy;
  if (!RENDER_POLICIES.includes(policy)) throw new ConfigError("--render must be auto, never or always");
  if (policy === "always" && !findChromium(env)) {
    throw new ConfigError(
      "--render always needs Chromium, and none was found (install chromium, or set LINKLENS_CHROMIUM to its path)",
    );
  }
  return policy;
}

function parseFlags(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "8787" },
      data: { type: "string", default: ".data" },
      "allow-private-networks": { type: "boolean", default: false },
      ca: { type: "string" },
      render: { type: "string" },
      "record-cache": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
}
