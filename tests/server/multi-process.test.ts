/**
 * Two service processes on one Postgres database, as behind a load balancer: each sees the other's records,
 * edits and related analyses; credits, the rate budget and idempotency keys are shared, so a key cannot spend
 * twice its credits, get twice its rate, or be charged again by retrying on the other process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPerFile } from "../helpers/postgres-cluster";
import { type ServiceProcess, startServiceProcess } from "../helpers/service-process";
import { fixtureSitePerFile } from "./helpers/fixture-site";
import { storedForKey } from "./helpers/stored-for-key";

const KEY = "lk_multi_main";
const CREDIT_KEY = "lk_multi_ten_credits";
const RATE_KEY = "lk_multi_rate";
const IDEMPOTENT_KEY = "lk_multi_two_credits";
const OTHER_RATE_PER_MINUTE = 20;

const postgres = postgresPerFile();
const env = fixtureSitePerFile();
let first: ServiceProcess;
let second: ServiceProcess;

beforeAll(async () => {
  const start = () =>
    startServiceProcess({
      apiKeys: `${KEY}:1000,${CREDIT_KEY}:10,${RATE_KEY}:10,${IDEMPOTENT_KEY}:2`,
      args: ["--allow-private-networks", "--ca", env.site.caFile],
      env: { DATABASE_URL: postgres.url, LINKLENS_RATE_OTHER: String(OTHER_RATE_PER_MINUTE) },
    });
  // Started together: the migrations run once, under the advisory lock.
  [first, second] = await Promise.all([start(), start()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

async function call(
  service: ServiceProcess,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(service.url + path, {
    method,
    headers: {
      "x-api-key": options.key ?? KEY,
      ...(options.body !== undefined && { "content-type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const analyze = (service: ServiceProcess, paths: string[], key = KEY, headers?: Record<string, string>) =>
  call(service, "POST", "/v1/links", {
    key,
    headers,
    body: { link: paths.map((path) => env.site.url(path)), prompt: "Summarize the article" },
  });

/**
 * An answer to one link analyzed with a one-credit key: 200 with its one analysis at 1 credit, 402
 * `insufficient_credits`, or 422 `unprocessable` naming the link and why its page failed; never 5xx.
 */
function expectAnsweredCleanly(answer: Awaited<ReturnType<typeof call>>) {
  if (answer.status === 200) {
    expect(answer.body).toMatchObject({ costCredits: 1, usageId: expect.any(String) });
    expect(answer.body.results).toHaveLength(1);
    return;
  }
  expect([402, 422]).toContain(answer.status);
  if (answer.status === 402) {
    expect(answer.body.error.code).toBe("insufficient_credits");
    return;
  }
  expect(answer.body.error).toMatchObject({
    code: "unprocessable",
    details: [{ link: expect.stringContaining("/many/"), code: expect.any(String) }],
  });
}

describe("two service processes on one Postgres database", () => {
  it("each reads, edits and relates the other's analyses", async () => {
    const made = await analyze(first, ["/news/article.html"]);
    expect(made.status).toBe(200);
    const { analysisId } = made.body.results[0];

    const read = await call(second, "GET", `/v1/analyses?analysisId=${analysisId}`);
    expect(read.status).toBe(200);
    expect(read.body.analysisId).toBe(analysisId);

    const edited = await call(second, "POST", "/v1/analyses", {
      body: { analysisId, textContent: "Edited on the second process" },
      headers: { "if-match": read.headers.get("etag") as string },
    });
    expect(edited.status).toBe(200);
    const reread = await call(first, "GET", `/v1/analyses?analysisId=${analysisId}`);
    expect(reread.body.textContent).toBe("Edited on the second process");
    expect(reread.headers.get("etag")).toBe(edited.headers.get("etag"));

    // The same article, analyzed on the other process, is related (same page text).
    const twin = await analyze(second, ["/compressed/article.html"]);
    expect(twin.status).toBe(200);
    const related = await call(first, "GET", `/v1/analyses/related?analysisId=${analysisId}`);
    expect(related.status).toBe(200);
    expect(related.body.map((record: { analysisId: string }) => record.analysisId)).toContain(
      twin.body.results[0].analysisId,
    );
  });

  it("never spends more credits than the key holds, with requests split across both", async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        analyze(index % 2 === 0 ? first : second, [`/many/${index + 1}.html`], CREDIT_KEY),
      ),
    );
    answers.push(await analyze(second, ["/many/20.html"], CREDIT_KEY));
    // Each answer is an analysis charged as it says, a refusal for credits, or its page's failure, which
    // charges nothing: on a busy machine a page's work may pass its deadline, and that is no overspending.
    for (const answer of answers) expectAnsweredCleanly(answer);
    const answered = answers.filter((answer) => answer.status === 200);
    const charged = answered.reduce((total, answer) => total + answer.body.costCredits, 0);
    expect(charged).toBeLessThanOrEqual(10);

    // The key's balance and usage are what the answers say: nothing charged twice or unanswered.
    const stored = await storedForKey(CREDIT_KEY, { databaseUrl: postgres.url });
    expect(stored.credits).toBe(10 - charged);
    expect(stored.usageRows.map((row) => row.usageId).sort()).toEqual(
      answered.map((answer) => answer.body.usageId).sort(),
    );
    // A refusal for credits comes only once they are spent (a balance never goes up again).
    const refused = answers.filter((answer) => answer.status === 402);
    expect(refused.length === 0 || stored.credits === 0).toBe(true);
  });

  it("shares one rate budget per key between the processes", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < OTHER_RATE_PER_MINUTE + 6; index++) {
      const service = index % 2 === 0 ? first : second;
      statuses.push(
        (await call(service, "GET", "/v1/analyses?analysisId=ana_none", { key: RATE_KEY })).status,
      );
    }
    expect(statuses.filter((status) => status === 404)).toHaveLength(OTHER_RATE_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it("replays an idempotent retry sent to the other process without charging again", async () => {
    const headers = { "idempotency-key": "retry-on-the-other-process" };
    const original = await analyze(first, ["/blog/post.html"], IDEMPOTENT_KEY, headers);
    expect(original.status).toBe(200);
    const retried = await analyze(second, ["/blog/post.html"], IDEMPOTENT_KEY, headers);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body).toEqual(original.body);
    // Two credits, one spent: one more link fits, and then none.
    expect((await analyze(second, ["/fr/article.html"], IDEMPOTENT_KEY)).status).toBe(200);
    expect((await analyze(first, ["/text/notes.txt"], IDEMPOTENT_KEY)).status).toBe(402);
  });
});
