/**
 * `Idempotency-Key` on POST /v1/links and POST /v1/analyses, against the real service over HTTP (and the
 * store underneath for what HTTP cannot reach: a process that died holding a key, a claim taken over).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api/client";
import { requestHash } from "../../server/idempotency";
import { hashApiKey } from "../../server/store/key-hash";
import { openStore } from "../../server/store/open-store";
import {
  type ClaimTiming,
  type IdempotencyClaim,
  IdempotencyClaimLostError,
  type Store,
} from "../../server/store/types";
import { answerWith, type FakeProvider, PROVIDER_FAILURE, startFakeProvider } from "./helpers/fake-provider";
import {
  type Answer,
  KEY,
  OTHER_KEY,
  openTestStore,
  siteAndServicePerFile,
  startTestService,
  type TestService,
} from "./helpers/service";

const POOR_KEY = "lk_test_idempotency_poor";
const env = siteAndServicePerFile({
  apiKeys: [
    { key: KEY, credits: 10_000 },
    { key: OTHER_KEY, credits: 10_000 },
    { key: POOR_KEY, credits: 3 },
  ],
});

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

function post(path: string, body: unknown, idempotencyKey?: string, headers: Record<string, string> = {}) {
  return (options: { service?: TestService; key?: string } = {}) =>
    (options.service ?? env.service).call("POST", path, {
      body,
      key: options.key,
      headers: { ...headers, ...(idempotencyKey !== undefined && { "Idempotency-Key": idempotencyKey }) },
    });
}

const analyze = (body: unknown, idempotencyKey?: string, key?: string) =>
  post("/v1/links", body, idempotencyKey)({ key });
const articleRequest = () => ({ link: [env.site.url("/news/article.html")], prompt: "Summarize" });

/** `again` is `first` replayed: the same status, ETag and body, marked Idempotent-Replayed. */
function expectReplayOf(again: Answer, first: Answer) {
  expect(again.status).toBe(first.status);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
  expect(again.body).toEqual(first.body);
}

describe("POST /v1/links with an Idempotency-Key", () => {
  it("answers a repeat with the stored response, marked replayed, and charges once", async () => {
    const key = newKey();
    const body = articleRequest();
    const first = await analyze(body, key, POOR_KEY);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body.costCredits).toBe(1);

    for (let repeat = 0; repeat < 3; repeat++) {
      const again = await analyze(body, key, POOR_KEY);
      expectReplayOf(again, first);
      expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    }

    // The key held 3 credits: after one charge, exactly 2 are left (2 links pass, then 1 more does not).
    const two = { link: [env.site.url("/blog/post.html"), env.site.url("/plain/no-meta.html")], prompt: "x" };
    expect((await analyze(two, undefined, POOR_KEY)).status).toBe(200);
    expect((await analyze(articleRequest(), undefined, POOR_KEY)).body.error.code).toBe(
      "insufficient_credits",
    );
  });

  it("answers 409 with Retry-After while the first request with the key still runs", async () => {
    const key = newKey();
    const body = { link: [env.site.url("/slow?ms=3000")], prompt: "Summarize" };
    const [a, b] = await Promise.all([analyze(body, key), analyze(body, key)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [done, busy] = a.status === 200 ? [a, b] : [b, a];
    expect(busy.body.error.code).toBe("idempotency_in_progress");
    expect(busy.headers.get("retry-after")).toBe("1");

    expectReplayOf(await analyze(body, key), done);
  });

  it("runs concurrent requests with one key once: one charge, one usage", async () => {
    const key = newKey();
    const body = { link: [env.site.url("/slow?ms=500")], prompt: "Summarize" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => analyze(body, key)));
    const ok = answers.filter((answer) => answer.status === 200);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(new Set(ok.map((answer) => answer.body.usageId)).size).toBe(1);
    const replay = await analyze(body, key);
    expect(replay.body.usageId).toBe(ok[0]?.body.usageId);
  });

  it("answers 422 idempotency_key_reused for the same key with another body", async () => {
    const key = newKey();
    expect((await analyze(articleRequest(), key)).status).toBe(200);
    const other = await analyze({ ...articleRequest(), prompt: "Something else" }, key);
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({
      code: "idempotency_key_reused",
      details: [{ path: "Idempotency-Key" }],
    });
    // The same body with other whitespace is the same request.
    const spaced = await env.service.call("POST", "/v1/links", {
      rawBody: JSON.stringify(articleRequest(), null, 2),
      headers: { "content-type": "application/json", "Idempotency-Key": key },
    });
    expect(spaced.headers.get("idempotent-replayed")).toBe("true");
  });

  it("stores a 4xx answer and replays it (422 every link failed, 400 invalid request)", async () => {
    const key = newKey();
    const failing = { link: [env.site.url("/status/404")], prompt: "Summarize" };
    const first = await analyze(failing, key);
    expect(first.status).toBe(422);
    expect(first.body.error.code).toBe("unprocessable");
    expectReplayOf(await analyze(failing, key), first);

    const invalidKey = newKey();
    const invalid = { link: ["http://example.com/"], prompt: "x" };
    const refused = await analyze(invalid, invalidKey);
    expect(refused.status).toBe(400);
    expectReplayOf(await analyze(invalid, invalidKey), refused);
  });

  it("refuses a malformed Idempotency-Key with 400, and accepts 255 printable characters", async () => {
    for (const bad of ["", "x".repeat(256), "tab\there", "caf\u00e9"]) {
      const answer = await analyze(articleRequest(), bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: "invalid_request",
        details: [{ path: "Idempotency-Key" }],
      });
    }
    const longest = `${"~ !".repeat(85)}`;
    expect(longest).toHaveLength(255);
    expect((await analyze(articleRequest(), longest)).status).toBe(200);
  });

  it("scopes a key to its tenant and its endpoint", async () => {
    const key = newKey();
    const mine = await analyze(articleRequest(), key);
    expect(mine.status).toBe(200);
    // Another tenant's key of the same name, with another body: its own request, neither 422 nor a replay.
    const theirs = await analyze({ ...articleRequest(), prompt: "Other tenant" }, key, OTHER_KEY);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.usageId).not.toBe(mine.body.usageId);
    // The same name on the other endpoint.
    const analysisId = mine.body.results[0].analysisId;
    const update = await post("/v1/analyses", { analysisId, metadata: { scoped: true } }, key)();
    expect(update.status).toBe(200);
    expect(update.headers.get("idempotent-replayed")).toBeNull();
    // Two keys, one body: two requests.
    const otherKey = await analyze(articleRequest(), newKey());
    expect(otherKey.body.usageId).not.toBe(mine.body.usageId);
  });
});

describe("POST /v1/analyses with an Idempotency-Key", () => {
  async function createAnalysis() {
    const { body } = await analyze(articleRequest());
    return body.results[0] as { analysisId: string; updatedAt: string };
  }

  it("replays the update instead of applying it again: updatedAt stays, If-Match is not checked again", async () => {
    const created = await createAnalysis();
    const key = newKey();
    const edit = post("/v1/analyses", { analysisId: created.analysisId, textContent: "Edited once" }, key, {
      "If-Match": `"${created.updatedAt}"`,
    });
    const first = await edit();
    expect(first.status).toBe(200);
    expectReplayOf(await edit(), first);
    const read = await env.service.call("GET", `/v1/analyses?analysisId=${created.analysisId}`);
    expect(read.body.updatedAt).toBe(first.body.updatedAt);
  });

  it("stores and replays a 412 and a 404", async () => {
    const created = await createAnalysis();
    const key = newKey();
    const stale = post("/v1/analyses", { analysisId: created.analysisId, textContent: "x" }, key, {
      "If-Match": '"2000-01-01T00:00:00.000Z"',
    });
    const refused = await stale();
    expect(refused.status).toBe(412);
    expectReplayOf(await stale(), refused);

    const missingKey = newKey();
    const missing = post("/v1/analyses", { analysisId: "ana_missing", textContent: "x" }, missingKey);
    const notFound = await missing();
    expect(notFound.status).toBe(404);
    expectReplayOf(await missing(), notFound);
  });
});

describe("the API client with an Idempotency-Key", () => {
  it("waits while the same request still runs (409, Retry-After) and returns its answer", async () => {
    const notices: number[] = [];
    const client = createApiClient({
      baseUrl: env.service.url,
      apiKey: KEY,
      retry: { retries: 0 },
      onRetry: ({ error }) => void notices.push(error.status),
    });
    const request = { link: [env.site.url("/slow?ms=2000")], prompt: "Summarize" };
    const idempotencyKey = newKey();
    const [a, b] = await Promise.all([
      client.analyzeLinks(request, { idempotencyKey }),
      client.analyzeLinks(request, { idempotencyKey }),
    ]);
    expect(b).toEqual(a);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((status) => status === 409)).toBe(true);
  });
});

describe("5xx answers are not stored", () => {
  let provider: FakeProvider;
  let failing = true;
  let upstream: TestService;
  beforeAll(async () => {
    provider = await startFakeProvider(() => (failing ? PROVIDER_FAILURE : answerWith("A summary.")));
    upstream = await startTestService({ ca: env.site.caPem, llm: provider.llm });
  });
  afterAll(async () => {
    await upstream?.close();
    await provider?.close();
  });

  it("runs a request again after a 502 with its key, then stores its answer", async () => {
    const key = newKey();
    const request = post("/v1/links", { link: [env.site.url("/blog/post.html")], prompt: "Summarize" }, key);
    const failed = await request({ service: upstream });
    expect(failed.status).toBe(502);

    failing = false;
    const retried = await request({ service: upstream });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.results[0].textContent).toBe("A summary.");
    expectReplayOf(await request({ service: upstream }), retried);
  });
});

describe("a key held by a process that died", { timeout: 90_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "linklens-idempotency-"));
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is released when the service starts again on its PGlite folder, whatever its heartbeat; forgotten after 24 hours", async () => {
    const body = { link: [env.site.url("/news/article.html")], prompt: "Summarize" };
    const store = await openStore({ dataDir });
    const tenant = await store.ensureKey(hashApiKey(KEY), 10_000);
    const ref = (key: string) => ({ tenantId: tenant.id, endpoint: "POST /v1/links", key });
    const timing: ClaimTiming = { staleAfterMs: 30_000, retentionMs: 24 * 3_600_000 };
    const claims = [];
    for (const key of ["stale", "beating", "old"]) {
      const outcome = await store.claimIdempotencyKey(ref(key), requestHash(body), timing);
      expect(outcome.kind).toBe("claimed");
      if (outcome.kind === "claimed") claims.push(outcome.claim);
    }
    // "old" answered: its stored answer is forgotten after 24 hours, not released by the start.
    const old = claims.find((claim) => claim.key === "old") as IdempotencyClaim;
    await store.completeIdempotencyKey({ claim: old, response: { status: 200, body: "{}", headers: {} } });
    await store.close();
    const raw = await PGlite.create(dataDir);
    await raw.exec(`UPDATE idempotency_keys SET heartbeat_at = now() - interval '1 minute' WHERE key = 'stale';
      UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old'`);
    await raw.close();

    const service = await startTestService({ ca: env.site.caPem, dataDir });
    try {
      const send = (key: string, sent: unknown = body) =>
        service.call("POST", "/v1/links", { body: sent, headers: { "Idempotency-Key": key } });
      // PGlite is one process: the claims running when it opens were its last run's, which is gone.
      for (const key of ["stale", "beating"]) {
        const taken = await send(key);
        expect(taken.status).toBe(200);
        expect(taken.headers.get("idempotent-replayed")).toBeNull();
        expect((await send(key)).headers.get("idempotent-replayed")).toBe("true");
      }

      const forgotten = await send("old", { ...body, prompt: "A new request" });
      expect(forgotten.status).toBe(200);
      expect(forgotten.headers.get("idempotent-replayed")).toBeNull();
    } finally {
      await service.close();
    }
  });
});

describe("the store's keys", () => {
  let store: Store;
  const timing: ClaimTiming = { staleAfterMs: 30_000, retentionMs: 24 * 3_600_000 };
  // The keys' clock, moved on by the tests: a timing of 0 ms then finds every earlier key old.
  const clock = { now: Date.parse("2026-11-22T09:30:00.000Z") };
  const tick = () => {
    clock.now += 1_000;
  };
  beforeAll(async () => {
    store = await openTestStore({ now: () => new Date(clock.now) });
  });
  afterAll(() => store?.close());

  let sequence = 0;
  async function tenantAndRef(credits = 100) {
    const tenant = await store.ensureKey(hashApiKey(`store-key-${++sequence}`), credits);
    return { tenant, ref: { tenantId: tenant.id, endpoint: "POST /v1/links", key: `k${sequence}` } };
  }
  const analysisOf = (tenantId: string, id: string) => ({
    tenantId,
    analysisId: id,
    createdAt: "2026-11-22T09:30:00.000Z",
    updatedAt: "2026-11-22T09:30:00.000Z",
    analysis: { url: "https://example.com/", title: "A page" },
  });
  const usageOf = (tenantId: string, id: string) => ({
    usageId: id,
    tenantId,
    costCredits: 1,
    links: 1,
    createdAt: "2026-11-22T09:30:00.000Z",
  });
  async function claimed(ref: IdempotencyClaim | Omit<IdempotencyClaim, "token">, hash: string, at = timing) {
    const outcome = await store.claimIdempotencyKey(ref, hash, at);
    if (outcome.kind !== "claimed") throw new Error(`expected a claim, got ${outcome.kind}`);
    return outcome.claim;
  }

  it("keeps the response stored with the charge: a process dying right after it cannot charge twice", async () => {
    const { tenant, ref } = await tenantAndRef();
    const claim = await claimed(ref, "h");
    const response = { status: 200, body: '{"usageId":"use_crash"}', headers: {} };
    await store.saveAnalyses([analysisOf(tenant.id, "ana_crash")], usageOf(tenant.id, "use_crash"), {
      claim,
      response,
    });
    // The process dies here, before it answers: the retry finds the answer, not a key to run again.
    expect(await store.claimIdempotencyKey(ref, "h", { ...timing, staleAfterMs: 0 })).toEqual({
      kind: "replay",
      response,
    });
    expect((await store.getTenant(tenant.id))?.credits).toBe(99);
  });

  it("lets one of many concurrent claims win", async () => {
    const { ref } = await tenantAndRef();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => store.claimIdempotencyKey(ref, "h", timing)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === "claimed")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "in_progress")).toHaveLength(7);
  });

  it("stores nothing and charges nothing for a request whose claim was taken over", async () => {
    const { tenant, ref } = await tenantAndRef();
    const first = await claimed(ref, "h");
    tick();
    const second = await claimed(ref, "h", { ...timing, staleAfterMs: 0 });
    expect(second.token).not.toBe(first.token);

    const late = store.saveAnalyses([analysisOf(tenant.id, "ana_late")], usageOf(tenant.id, "use_late"), {
      claim: first,
      response: { status: 200, body: "{}", headers: {} },
    });
    await expect(late).rejects.toBeInstanceOf(IdempotencyClaimLostError);
    expect((await store.getTenant(tenant.id))?.credits).toBe(100);
    expect(await store.listAnalyses(tenant.id)).toEqual([]);
    expect(await store.heartbeatIdempotencyKey(first)).toBe(false);
    expect(await store.heartbeatIdempotencyKey(second)).toBe(true);
    await store.releaseIdempotencyKey(first);
    expect((await store.claimIdempotencyKey(ref, "h", timing)).kind).toBe("in_progress");

    await store.releaseIdempotencyKey(second);
    // Both requests end (on Postgres a running claim's advisory lock is held until then).
    await Promise.all([first, second].map((claim) => store.endIdempotencyClaim(claim)));
    expect((await store.claimIdempotencyKey(ref, "h", timing)).kind).toBe("claimed");
  });

  it("refuses another body, forgets a key after its retention, and purges old keys", async () => {
    const { ref } = await tenantAndRef();
    const claim = await claimed(ref, "h");
    await store.completeIdempotencyKey({ claim, response: { status: 400, body: "{}", headers: {} } });
    await store.endIdempotencyClaim(claim);
    expect((await store.claimIdempotencyKey(ref, "other", timing)).kind).toBe("mismatch");
    expect((await store.claimIdempotencyKey(ref, "h", timing)).kind).toBe("replay");
    tick();
    await store.endIdempotencyClaim(await claimed(ref, "other", { ...timing, retentionMs: 0 }));
    expect(await store.purgeIdempotencyKeys(timing.retentionMs)).toBe(0);
    tick();
    expect(await store.purgeIdempotencyKeys(0)).toBeGreaterThan(0);
    expect((await store.claimIdempotencyKey(ref, "h", timing)).kind).toBe("claimed");
  });
});
