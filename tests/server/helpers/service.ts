import { afterAll, beforeAll } from "vitest";
import type { ServiceConfig } from "../../../server/config";
import { type RunningService, startService } from "../../../server/service";
import { type FixtureSite, startFixtureSite } from "../../fixtures/site";

export const KEY = "lk_test_alpha";
export const OTHER_KEY = "lk_test_beta";

export interface TestService extends RunningService {
  call(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; key?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>;
}

/** The real reference service on a free loopback port, its store in memory unless `dataDir` is given. */
export async function startTestService(overrides: Partial<ServiceConfig> = {}): Promise<TestService> {
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
      const response = await fetch(service.url + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the test sees the text
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
  };
}

export interface SiteAndService {
  site: FixtureSite;
  service: TestService;
}

/** For a test file: the fixture site and a service trusting its certificate, started once, closed after. */
export function siteAndServicePerFile(overrides: Partial<ServiceConfig> = {}): SiteAndService {
  const context = {} as SiteAndService;
  beforeAll(async () => {
    context.site = await startFixtureSite();
    context.service = await startTestService({ ca: context.site.caPem, ...overrides });
  });
  afterAll(async () => {
    await context.service?.close();
    await context.site?.close();
  });
  return context;
}
