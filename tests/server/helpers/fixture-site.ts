import { afterAll, beforeAll } from "vitest";
import { type FixtureSite, startFixtureSite } from "../../fixtures/site";

export interface SiteContext {
  site: FixtureSite;
}

/**
 * For a test file (or a describe block): the HTTPS fixture site, started once, closed after everything
 * else the file started (hooks run in order, and after-hooks the other way round). Its `site` is set once
 * the file starts: read it in hooks and tests (`env.site.url(…)`), not at the file's top level.
 */
export function fixtureSitePerFile(): SiteContext {
  const context = {} as SiteContext;
  // Making the site's certificate takes seconds on a busy machine: longer than the unit project's default.
  beforeAll(async () => {
    context.site = await startFixtureSite();
  }, 60_000);
  afterAll(async () => {
    await context.site?.close();
  });
  return context;
}
