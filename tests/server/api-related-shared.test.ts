import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresCluster, startPostgresCluster } from "../helpers/postgres-cluster";
import { fixtureSitePerFile } from "./helpers/fixture-site";
import { startTestService, type TestService } from "./helpers/service";

// Two services on one Postgres database stand for two processes of one deployment: related search is the
// database's, so each lists at once what the other stored or edited.
let cluster: PostgresCluster;
const env = fixtureSitePerFile();
let first: TestService;
let second: TestService;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  first = await startTestService({ ca: env.site.caPem, databaseUrl: cluster.url });
  second = await startTestService({ ca: env.site.caPem, databaseUrl: cluster.url });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await cluster?.stop();
});

async function analyze(service: TestService, path: string): Promise<string> {
  const { status, body } = await service.call("POST", "/v1/links", {
    body: { link: [env.site.url(path)], prompt: "Summarize the page" },
  });
  expect(status).toBe(200);
  return body.results[0].analysisId;
}

async function relatedIds(service: TestService, query: Record<string, string>): Promise<string[]> {
  const { status, body } = await service.call(
    "GET",
    `/v1/analyses/related?${new URLSearchParams({ pageSize: "100", ...query })}`,
  );
  expect(status).toBe(200);
  return body.map((record: { analysisId: string }) => record.analysisId);
}

describe("related search with two services on one database", () => {
  it("lists in each service what the other stored and edited, the same in both", async () => {
    const source = await analyze(first, "/news/article.html");
    // the second service answers once before anything else is stored: nothing it holds may go stale
    expect(await relatedIds(second, { analysisId: source })).toEqual([]);

    const samePage = await analyze(first, "/news/article.html");
    expect(await relatedIds(second, { analysisId: source })).toEqual([samePage]);

    const edited = await second.call("POST", "/v1/analyses", {
      body: { analysisId: samePage, metadata: { team: "city" } },
    });
    expect(edited.status).toBe(200);
    const filter = { analysisId: source, metadata: JSON.stringify({ team: "city" }) };
    expect(await relatedIds(first, filter)).toEqual([samePage]);
    expect(await relatedIds(second, filter)).toEqual([samePage]);

    const third = await analyze(second, "/news/article.html");
    expect(await relatedIds(first, { analysisId: source })).toEqual(
      await relatedIds(second, { analysisId: source }),
    );
    expect((await relatedIds(first, { analysisId: source })).sort()).toEqual([samePage, third].sort());
  });
});
