import { afterAll, beforeAll } from "vitest";
import type { ServiceConfig } from "../../../server/config";
import { type RunningService, startService } from "../../../server/service";
import { openStore, type StoreConfig } from "../../../server/store/open-store";
import type { Store } from "../../../server/store/types";
import { postgresPerFile } from "../../helpers/postgres-cluster";
import { fixtureSitePerFile, type SiteContext } from "./fixture-site";

export const KEY = "lk_test_alpha";
export const OTHER_KEY = "lk_test_beta";

/** An answer as the tests read it: the body parsed as JSON, or its text when it is not JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface TestService extends RunningService {
  call(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; key?: string | null; headers?: Record<string, string> },
  ): Promise<Answer>;
}

/** Reads `response` whole: its body as JSON, or as text when it is not JSON (the test sees which). */
export async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the test sees the text
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * `LINKLENS_TEST_STORE=postgres` (the `server-postgres` test project, vitest.config.ts): the test file starts a
 * throwaway Postgres server, and each service and store of the file gets a database of its own there, where
 * it would otherwise get an in-memory PGlite store. A service given a `dataDir` or a `databaseUrl` keeps it.
 */
const postgres = process.env.LINKLENS_TEST_STORE === "postgres" ? postgresPerFile() : undefined;
let databases = 0;

/** A new, empty database on the file's Postgres server; undefined when the tests run on PGlite. */
async function testDatabaseUrl(): Promise<string | undefined> {
  return postgres?.cluster.createDatabase(`test_${++databases}`);
}

/** A new, empty store of its own: in-memory PGlite, or a Postgres database (see above); `now`, its clock. */
export async function openTestStore(config: Pick<StoreConfig, "now"> = {}): Promise<Store> {
  return openStore({ ...config, databaseUrl: await testDatabaseUrl() });
}

/**
 * The real reference service on a free loopback port; its store in memory (or a new Postgres database, see
 * above) unless `dataDir` or `databaseUrl` is given.
 */
export async function startTestService(overrides: Partial<ServiceConfig> = {}): Promise<TestService> {
  const databaseUrl = overrides.dataDir || overrides.databaseUrl ? undefined : await testDatabaseUrl();
  const service = await startService({
    host: "127.0.0.1",
    port: 0,
    allowPrivateNetworks: true,
    apiKeys: [
      { key: KEY, credits: 10_000 },
      { key: OTHER_KEY, credits: 10_000 },
    ],
    rateAnalyzePerMinute: 1_000,
    rateOtherPerMinute: 10_000,
    llm: {},
    ...(databaseUrl && { databaseUrl }),
    ...overrides,
  });
  return {
    ...service,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? KEY : options.key;
      if (key !== null) headers["x-api-key"] = key;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      return readAnswer(await fetch(service.url + path, { method, headers, body }));
    },
  };
}

export interface SiteAndService extends SiteContext {
  service: TestService;
}

/**
 * For a test file (or a describe block): the fixture site and a service trusting its certificate, started
 * once, closed after; `overrides` for the service (its keys and credits). Its fields are set once the file
 * starts: read them in hooks and tests (`env.service.url`), not at the file's top level.
 */
export function siteAndServicePerFile(overrides: Partial<ServiceConfig> = {}): SiteAndService {
  const context = fixtureSitePerFile() as SiteAndService;
  // Runs after the site's own beforeAll (hooks run in order), and closes before it.
  beforeAll(async () => {
    context.service = await startTestService({ ca: context.site.caPem, ...overrides });
  }, 60_000);
  afterAll(async () => {
    await context.service?.close();
  });
  return context;
}
