import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { LIMITS } from "../lib/api/contract";
import { createApp } from "./app";
import type { KnownKey } from "./auth";
import type { ApiKeyConfig, ServiceConfig } from "./config";
import { createGenerator } from "./generate";
import { answerClientErrors } from "./http/client-errors";
import { collectGarbage } from "./memory/collect-garbage";
import { createPageFetcher } from "./pages/fetch-page";
import { hashApiKey } from "./store/key-hash";
import { openStore } from "./store/open-store";
import { createPagePool } from "./work/page-pool";

const DEV_KEY_CREDITS = 1000;

/** Said in one line, naming the flag that changes it, instead of a stack. */
export class PortInUseError extends Error {
  override name = "PortInUseError";
  constructor(host: string, port: number) {
    super(
      `${host}:${port} is already in use (another Linklens?): stop it, or choose another port with --port`,
    );
  }
}

export interface RunningService {
  url: string;
  port: number;
  /** The development key, when no key was configured. */
  devKey?: string;
  /**
   * Ends when the background warm-up has: the analyses read into the record cache, and those in the
   * in-memory related index (the record cache is PGlite's only: 0 on Postgres).
   */
  warmedUp: Promise<{ cached: number; indexed: number }>;
  close(): Promise<void>;
}

/** Opens the store, wires the app and listens; `close()` stops listening and closes the store. */
export async function startService(config: ServiceConfig): Promise<RunningService> {
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const generator = createGenerator(config.llm);
  const pages = await createPagePool();
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(config.recordCacheMb !== undefined && { recordCacheBytes: config.recordCacheMb * 1024 * 1024 }),
  });
  const devKey = config.apiKeys.length === 0 ? developmentKey(config.dataDir) : undefined;
  const keys: ApiKeyConfig[] = devKey ? [{ key: devKey, credits: DEV_KEY_CREDITS }] : config.apiKeys;
  const knownKeys: KnownKey[] = [];
  for (const { key, credits } of keys) {
    const hash = hashApiKey(key);
    knownKeys.push({ hash, tenantId: (await store.ensureKey(hash, credits)).id });
  }

  const fetcher = createPageFetcher({
    allowPrivateNetworks: config.allowPrivateNetworks,
    ca: config.ca,
    render: config.render,
  });
  const app = createApp({
    store,
    pages,
    // The offline generator is CPU work: the page pool runs it beside extraction.
    ...(generator.name !== "extractive" && { generator }),
    fetchPage: fetcher.fetchPage,
    keys: knownKeys,
    rateAnalyzePerMinute: config.rateAnalyzePerMinute,
    rateOtherPerMinute: config.rateOtherPerMinute,
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listening = serve(
      {
        fetch: app.fetch,
        hostname: config.host,
        port: config.port,
        serverOptions: { maxHeaderSize: LIMITS.maxHeaderBytes },
      },
      () => resolve(listening),
    );
    listening.once("error", reject);
    answerClientErrors(listening as HttpServer);
  }).catch(async (error: NodeJS.ErrnoException) => {
    await Promise.all([fetcher.close(), pages.close(), store.close()]);
    if (error.code !== "EADDRINUSE") throw error;
    throw new PortInUseError(config.host, config.port);
  });
  const { port } = server.address() as AddressInfo;
  // In the background: requests are answered meanwhile, taking their turns at the database with it.
  const warming = (async () => {
    const cached = await store.warmRecordCache().catch(() => 0);
    const indexed = await store.warmRelatedIndex().catch(() => 0);
    collectGarbage();
    return { cached, indexed };
  })();
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;

  return {
    url: `http://${host}:${port}`,
    port,
    devKey,
    warmedUp: warming,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await fetcher.close();
      await pages.close();
      await store.close();
      await warming;
    },
  };
}

/** A development key kept in the data folder so it survives restarts (a new one each run in memory). */
function developmentKey(dataDir: string | undefined): string {
  const file = dataDir ? join(dataDir, "dev-api-key") : undefined;
  if (file) {
    try {
      const existing = readFileSync(file, "utf8").trim();
      if (existing) return existing;
    } catch {
      // no key yet
    }
  }
  const key = `lk_dev_${randomBytes(24).toString("base64url")}`;
  if (file) writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
