/**
 * The edit outbox against the real reference service over HTTP, with its state in fake-indexeddb. Only
 * the clock and the alarm are stand-ins; "the service is down" is a port nothing listens on, and "the
 * worker stopped mid-request" is a request that reached the service but whose answer never came back.
 */
import "fake-indexeddb/auto";
import { beforeAll, describe, expect, it } from "vitest";
import { createAnalysisReader } from "../../entrypoints/background/analyses";
import { createOutbox, SENDING_WAKE_MS } from "../../entrypoints/background/outbox";
import { createApiClient } from "../../lib/api/client";
import type { AnalysisRecord, ResponseFormat } from "../../lib/api/contract";
import { RETRY_SCHEDULES } from "../../lib/api/retry-policy";
import type { LinklensDatabase } from "../../lib/db/database";
import { cacheRecords } from "../../lib/db/records";
import type { CachedAnalysis, OutboxEntry } from "../../lib/db/schema";
import { KEY, startTestService, type TestService } from "../server/helpers/service";
import { closedPortUrl } from "./helpers/closed-port";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { answerJson, answerText, startScriptedService } from "./helpers/scripted-service";
import { serviceAnalysesPerFile } from "./helpers/service-analyses";

let closedUrl: string;

const live = serviceAnalysesPerFile();
beforeAll(async () => {
  closedUrl = await closedPortUrl();
});

let db: LinklensDatabase;
freshDatabaseEachTest("outbox", (fresh) => {
  db = fresh;
});

/** One POST /v1/analyses as the outbox sent it, with what the cache showed at that moment. */
interface SentUpdate {
  ifMatch: string | null;
  idempotencyKey: string | null;
  /** The entry's key in the database when the request left. */
  savedKey?: string;
  replayed?: boolean;
  body: Record<string, unknown>;
  rowBefore: CachedAnalysis | undefined;
  status?: number;
  updatedAt?: string;
}

const clock = { now: Date.now() };

/**
 * An outbox over the test's database whose client goes to `target` (switchable), recording every update
 * it sends. `loseAnswers`: updates reach the service, but their answers never come back (until `release`).
 */
function setup(initial: { baseUrl?: string; loseAnswers?: boolean } = {}) {
  const target = { baseUrl: initial.baseUrl ?? live.service.url };
  const alarms: (number | null)[] = [];
  const sent: SentUpdate[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const recordingFetch: typeof fetch = async (input, init) => {
    if (init?.method !== "POST" || !String(input).endsWith("/v1/analyses")) return fetch(input, init);
    const body = JSON.parse(String(init.body));
    const headers = new Headers(init.headers);
    const [entry] = await db.outbox.where("analysisId").equals(body.analysisId).sortBy("seq");
    const update: SentUpdate = {
      ifMatch: headers.get("if-match"),
      idempotencyKey: headers.get("idempotency-key"),
      savedKey: entry?.idempotencyKey,
      body,
      rowBefore: await db.analyses.get(body.analysisId),
    };
    sent.push(update);
    const response = await fetch(input, init);
    update.status = response.status;
    update.replayed = response.headers.get("idempotent-replayed") === "true";
    // Another service's 200 may not be JSON: the client is the one to say so.
    const answer = response.ok
      ? await response
          .clone()
          .json()
          .catch(() => undefined)
      : undefined;
    update.updatedAt = (answer as AnalysisRecord | undefined)?.updatedAt;
    if (initial.loseAnswers) {
      await released;
      throw new TypeError("the worker was stopped");
    }
    return response;
  };
  const outbox = createOutbox({
    db,
    getClient: async () =>
      createApiClient({ ...target, apiKey: KEY, fetch: recordingFetch, retry: { retries: 0 } }),
    scheduleAlarm: (when) => void alarms.push(when),
    now: () => clock.now,
  });
  return { outbox, target, alarms, sent, release: () => release() };
}

/** Creates an analysis through the API (only POST /v1/links, so "other" requests stay unspent) and caches it. */
async function createAnalysis(
  responseFormat?: ResponseFormat,
  on: TestService = live.service,
): Promise<AnalysisRecord> {
  const metadata = { project: "outbox" };
  const client = createApiClient({ baseUrl: on.url, apiKey: KEY });
  const response = await client.analyzeLinks({
    link: [live.site.url("/news/article.html")],
    prompt: "What is this page about?",
    metadata,
    ...(responseFormat && { responseFormat }),
  });
  const [result] = response.results;
  if (!result) throw new Error("the analysis was not created");
  const record = { ...result, metadata };
  await cacheRecords(db, [record]);
  return record;
}

async function serverRecord(analysisId: string): Promise<AnalysisRecord> {
  const { status, body } = await live.service.call("GET", `/v1/analyses?analysisId=${analysisId}`);
  expect(status).toBe(200);
  return body;
}

async function rowOf(analysisId: string): Promise<CachedAnalysis> {
  const row = await db.analyses.get(analysisId);
  if (!row) throw new Error(`no row ${analysisId}`);
  return row;
}

async function entryOf(seq: number): Promise<OutboxEntry> {
  const entry = await db.outbox.get(seq);
  if (!entry) throw new Error(`no outbox entry ${seq}`);
  return entry;
}

/** The row is the service's record again: same fields, nothing pending, nothing waiting. */
async function expectRowIsServerRecord(analysisId: string) {
  const server = await serverRecord(analysisId);
  const row = await rowOf(analysisId);
  expect(row).toMatchObject({
    updatedAt: server.updatedAt,
    textContent: server.textContent,
    metadata: server.metadata,
  });
  expect(row.jsonContent).toEqual(server.jsonContent);
  expect(row.pending).toBeUndefined();
  expect(row.serverValues).toBeUndefined();
  expect(await db.outbox.where("analysisId").equals(analysisId).count()).toBe(0);
  return server;
}

describe("the edit outbox against the reference service", { timeout: 60_000 }, () => {
  it("shows the edit pending before sending it, sends it with If-Match, then caches the service's record", async () => {
    const created = await createAnalysis();
    const { outbox, sent, alarms } = setup();
    const seq = await outbox.save(created.analysisId, { textContent: "my edit" }, created.updatedAt);
    await outbox.whenIdle();

    expect(sent).toHaveLength(1);
    const [update] = sent;
    expect(update?.ifMatch).toBe(`"${created.updatedAt}"`);
    expect(update?.body).toEqual({ analysisId: created.analysisId, textContent: "my edit" });
    expect(update?.rowBefore).toMatchObject({
      pending: true,
      textContent: "my edit",
      serverValues: { textContent: created.textContent, metadata: { project: "outbox" } },
    });
    expect(update?.status).toBe(200);

    expect(await db.outbox.get(seq)).toBeUndefined();
    const server = await expectRowIsServerRecord(created.analysisId);
    expect(server.textContent).toBe("my edit");
    expect(server.updatedAt).toBe(update?.updatedAt);
    expect(server.updatedAt > created.updatedAt).toBe(true);
    expect(alarms.at(-1)).toBeNull();
  });

  it("keeps an edit pending while the service is down, retries with backoff, and after a restart lands it exactly once", async () => {
    const created = await createAnalysis();
    const down = setup({ baseUrl: closedUrl });
    const seq = await down.outbox.save(
      created.analysisId,
      { metadata: { project: "edited" } },
      created.updatedAt,
    );
    await down.outbox.whenIdle();

    const waiting = await entryOf(seq);
    expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
    // The backoff's first wait, spread between half and all of it.
    const { baseDelayMs } = RETRY_SCHEDULES.edit;
    expect(waiting.nextAttemptAt - clock.now).toBeGreaterThanOrEqual(baseDelayMs / 2);
    expect(waiting.nextAttemptAt - clock.now).toBeLessThanOrEqual(baseDelayMs);
    expect(waiting.lastError).toMatchObject({ status: 0, code: "network_error" });
    expect(waiting.lastError?.message).toContain(closedUrl);
    expect(down.alarms.at(-1)).toBe(waiting.nextAttemptAt);
    expect(await rowOf(created.analysisId)).toMatchObject({ pending: true, metadata: { project: "edited" } });

    // Not due yet: nothing is sent.
    await down.outbox.runDue();
    expect((await entryOf(seq)).attempts).toBe(1);
    // Due: sent again, refused again, and the wait doubles.
    clock.now = waiting.nextAttemptAt;
    await down.outbox.runDue();
    const again = await entryOf(seq);
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt - clock.now).toBeGreaterThanOrEqual(baseDelayMs);
    expect(again.nextAttemptAt - clock.now).toBeLessThanOrEqual(2 * baseDelayMs);
    expect((await serverRecord(created.analysisId)).metadata).toEqual({ project: "outbox" });

    // The worker restarts with the service back: the edit lands once.
    const restarted = setup();
    await restarted.outbox.resume();
    expect(restarted.sent).toHaveLength(0);
    clock.now = again.nextAttemptAt;
    await restarted.outbox.runDue();
    expect(restarted.sent.map((update) => update.status)).toEqual([200]);
    // With no ETag kept, each attempt reads the record first: while the service is down nothing is
    // posted. The one update carries the key saved with the edit before the first attempt.
    expect(down.sent).toHaveLength(0);
    expect(waiting.idempotencyKey).toBeTruthy();
    expect(restarted.sent.map((update) => update.idempotencyKey)).toEqual([waiting.idempotencyKey]);
    const server = await expectRowIsServerRecord(created.analysisId);
    expect(server.metadata).toEqual({ project: "edited" });
    expect(server.updatedAt).toBe(restarted.sent[0]?.updatedAt);
    expect(restarted.alarms.at(-1)).toBeNull();
  });

  it("waits as long as Retry-After says when the service answers 429", async () => {
    // Two other requests a minute: the read before the first edit (no ETag kept yet), and its update.
    const limited = await startTestService({ ca: live.site.caPem, rateOtherPerMinute: 2 });
    try {
      const created = await createAnalysis(undefined, limited);
      const { outbox, alarms, sent } = setup({ baseUrl: limited.url });
      await outbox.save(created.analysisId, { textContent: "first" }, created.updatedAt);
      await outbox.whenIdle();
      // Made on the version the first edit landed as, whose ETag came with its answer: no read first.
      const seq = await outbox.save(
        created.analysisId,
        { textContent: "second" },
        sent[0]?.updatedAt as string,
      );
      await outbox.whenIdle();
      expect(sent.map((update) => update.status)).toEqual([200, 429]);
      const waiting = await entryOf(seq);
      expect(waiting.state).toBe("pending");
      expect(waiting.lastError).toMatchObject({ status: 429, code: "rate_limited" });
      const retryAfter = waiting.lastError?.retryAfter as number;
      expect(retryAfter).toBeGreaterThan(RETRY_SCHEDULES.edit.baseDelayMs / 1000);
      expect(waiting.nextAttemptAt).toBe(clock.now + retryAfter * 1000);
      expect(alarms.at(-1)).toBe(waiting.nextAttemptAt);
      expect(await rowOf(created.analysisId)).toMatchObject({ pending: true, textContent: "second" });
    } finally {
      await limited.close();
    }
  });

  it("never applies twice an edit whose answer was lost when the worker stopped: its retry gets the stored answer", async () => {
    const created = await createAnalysis();
    const stopped = setup({ loseAnswers: true });
    const seq = await stopped.outbox.save(
      created.analysisId,
      { textContent: "sent once" },
      created.updatedAt,
    );
    await expect.poll(() => stopped.sent[0]?.status).toBe(200);
    expect((await entryOf(seq)).state).toBe("sending");
    const landedAt = stopped.sent[0]?.updatedAt;
    // While the request is out, an alarm stays set to start a stopped worker again; the edit can't be discarded.
    expect(stopped.alarms).toContain(clock.now + SENDING_WAKE_MS);
    expect(await stopped.outbox.discard(seq)).toBe(false);
    expect((await entryOf(seq)).state).toBe("sending");

    const restarted = setup();
    await restarted.outbox.resume();
    // Sent again as it was, with its Idempotency-Key: the service answers what it answered the first time.
    expect(restarted.sent.map((update) => [update.ifMatch, update.status, update.replayed])).toEqual([
      [`"${created.updatedAt}"`, 200, true],
    ]);
    expect(restarted.sent[0]?.idempotencyKey).toBe(stopped.sent[0]?.idempotencyKey);
    const server = await expectRowIsServerRecord(created.analysisId);
    expect(server.textContent).toBe("sent once");
    // The service's record moved once: it is still at the first request's update.
    expect(server.updatedAt).toBe(landedAt);

    // The stopped worker's request finally fails: that changes nothing any more.
    stopped.release();
    await stopped.outbox.whenIdle();
    expect(await db.outbox.count()).toBe(0);
    expect((await rowOf(created.analysisId)).pending).toBeUndefined();
  });

  it("sends two edits of one analysis in order, the second on top of the first one's answer", async () => {
    const created = await createAnalysis();
    const { outbox, target, sent } = setup({ baseUrl: closedUrl });
    const first = await outbox.save(created.analysisId, { textContent: "first" }, created.updatedAt);
    const second = await outbox.save(
      created.analysisId,
      { textContent: "second", metadata: { step: 2 } },
      created.updatedAt,
    );
    await outbox.whenIdle();
    expect(second).toBeGreaterThan(first);
    expect((await entryOf(first)).attempts).toBe(1);
    expect((await entryOf(second)).attempts).toBe(0);
    expect(await rowOf(created.analysisId)).toMatchObject({
      pending: true,
      textContent: "second",
      metadata: { step: 2 },
    });

    target.baseUrl = live.service.url;
    sent.length = 0;
    await outbox.retryNow();
    expect(sent.map((update) => update.body.textContent)).toEqual(["first", "second"]);
    expect(sent.map((update) => update.status)).toEqual([200, 200]);
    expect(sent[0]?.ifMatch).toBe(`"${created.updatedAt}"`);
    expect(sent[1]?.ifMatch).toBe(`"${sent[0]?.updatedAt}"`);
    // Between the two, the row was the first answer with the second edit still on top.
    expect(sent[1]?.rowBefore).toMatchObject({
      pending: true,
      updatedAt: sent[0]?.updatedAt,
      textContent: "second",
      serverValues: { textContent: "first", metadata: { project: "outbox" } },
    });
    const server = await expectRowIsServerRecord(created.analysisId);
    expect(server).toMatchObject({ textContent: "second", metadata: { step: 2 } });
    expect(server.updatedAt).toBe(sent[1]?.updatedAt);
  });

  describe("a conflict (412)", () => {
    /** The record is read (its ETag kept) and changes through the API, then a stale edit is saved. */
    async function makeConflict() {
      const created = await createAnalysis();
      await createAnalysisReader({
        db,
        getClient: async () => createApiClient({ baseUrl: live.service.url, apiKey: KEY }),
      }).refresh(created.analysisId);
      const theirs = await live.service.call("POST", "/v1/analyses", {
        body: { analysisId: created.analysisId, textContent: "their text", metadata: { by: "them" } },
      });
      expect(theirs.status).toBe(200);
      const context = setup();
      const seq = await context.outbox.save(
        created.analysisId,
        { textContent: "my text" },
        created.updatedAt,
      );
      await context.outbox.whenIdle();
      const conflictKey = context.sent[0]?.idempotencyKey;
      context.sent.length = 0;
      return { ...context, created, seq, theirs: theirs.body as AnalysisRecord, conflictKey };
    }

    it("keeps both versions: the user's on the row, the service's on the entry", async () => {
      const { created, seq, theirs, alarms } = await makeConflict();
      const entry = await entryOf(seq);
      expect(entry.state).toBe("conflict");
      expect(entry.lastError).toMatchObject({ status: 412, code: "precondition_failed" });
      expect(entry.serverRecord).toMatchObject({
        updatedAt: theirs.updatedAt,
        textContent: "their text",
        metadata: { by: "them" },
      });
      expect(await rowOf(created.analysisId)).toMatchObject({
        pending: true,
        textContent: "my text",
        metadata: { by: "them" },
        updatedAt: theirs.updatedAt,
        serverValues: { textContent: "their text", metadata: { by: "them" } },
      });
      expect(alarms.at(-1)).toBeNull();
      expect((await serverRecord(created.analysisId)).textContent).toBe("their text");
    });

    it("\"mine\" sends the user's edit over the service's version", async () => {
      const { outbox, created, seq, theirs, sent, conflictKey } = await makeConflict();
      expect(await outbox.resolve(seq, "mine")).toBe(seq);
      await outbox.whenIdle();
      expect(sent.map((update) => [update.ifMatch, update.status])).toEqual([[`"${theirs.updatedAt}"`, 200]]);
      // A new request (on the service's version): a new key, not the refused request's answer again.
      expect(sent[0]?.idempotencyKey).toBeTruthy();
      expect(sent[0]?.idempotencyKey).not.toBe(conflictKey);
      const server = await expectRowIsServerRecord(created.analysisId);
      expect(server).toMatchObject({ textContent: "my text", metadata: { by: "them" } });
    });

    it('"theirs" drops the edit and shows the service\'s version, sending nothing', async () => {
      const { outbox, created, seq, sent } = await makeConflict();
      expect(await outbox.resolve(seq, "theirs")).toBeNull();
      await outbox.whenIdle();
      expect(sent).toHaveLength(0);
      const server = await expectRowIsServerRecord(created.analysisId);
      expect(server).toMatchObject({ textContent: "their text", metadata: { by: "them" } });
    });

    it("a merge sends the merged fields", async () => {
      const { outbox, created, seq, theirs, sent } = await makeConflict();
      await outbox.resolve(seq, {
        merged: { textContent: "my text + their text", metadata: { by: "both" } },
      });
      await outbox.whenIdle();
      expect(sent.map((update) => update.ifMatch)).toEqual([`"${theirs.updatedAt}"`]);
      const server = await expectRowIsServerRecord(created.analysisId);
      expect(server).toMatchObject({ textContent: "my text + their text", metadata: { by: "both" } });
    });

    it('covers every waiting edit of the analysis: "mine" sends them folded into one', async () => {
      const { outbox, created, seq, theirs, sent } = await makeConflict();
      await outbox.save(created.analysisId, { metadata: { by: "me" } }, theirs.updatedAt);
      await outbox.whenIdle();
      expect(sent).toHaveLength(0);
      await outbox.resolve(seq, "mine");
      await outbox.whenIdle();
      expect(sent.map((update) => update.body)).toEqual([
        { analysisId: created.analysisId, textContent: "my text", metadata: { by: "me" } },
      ]);
      const server = await expectRowIsServerRecord(created.analysisId);
      expect(server).toMatchObject({ textContent: "my text", metadata: { by: "me" } });
    });

    it("refuses a choice for an edit that is not in conflict, and a malformed merge", async () => {
      const { outbox, seq } = await makeConflict();
      await expect(outbox.resolve(seq + 100, "mine")).rejects.toThrow(/not waiting for a choice/);
      await expect(outbox.resolve(seq, { merged: { textContent: 5 } } as never)).rejects.toMatchObject({
        code: "invalid_request",
        message: "choice.merged.textContent must be a string",
      });
      await expect(outbox.resolve(seq, "both" as never)).rejects.toMatchObject({ code: "invalid_request" });
      expect((await entryOf(seq)).state).toBe("conflict");
    });
  });

  it("discarding an edit restores the service's version and sends nothing", async () => {
    const created = await createAnalysis();
    const { outbox, target, sent } = setup({ baseUrl: closedUrl });
    const seq = await outbox.save(created.analysisId, { textContent: "never mind" }, created.updatedAt);
    await outbox.whenIdle();
    expect((await rowOf(created.analysisId)).textContent).toBe("never mind");

    clock.now += 1_000;
    expect(await outbox.discard(seq)).toBe(true);
    expect(await outbox.discard(seq)).toBe(false);
    // Written anew (the library follows rows by cachedAt), not pending any more.
    expect(await rowOf(created.analysisId)).toMatchObject({ cachedAt: clock.now });
    target.baseUrl = live.service.url;
    sent.length = 0;
    await outbox.retryNow();
    expect(sent).toHaveLength(0);
    const server = await expectRowIsServerRecord(created.analysisId);
    expect(server.textContent).toBe(created.textContent);
    expect(server.updatedAt).toBe(created.updatedAt);
  });

  it("keeps an edit the service refuses (400) as rejected with its message, until the user edits it again", async () => {
    const schema = {
      type: "object",
      properties: { rating: { type: "integer", minimum: 1, maximum: 5 } },
      required: ["rating"],
    };
    const created = await createAnalysis({ type: "json_schema", json_schema: { schema } });
    const { outbox, sent, alarms } = setup();
    const seq = await outbox.save(created.analysisId, { jsonContent: { rating: 9 } }, created.updatedAt);
    await outbox.whenIdle();

    const rejected = await entryOf(seq);
    expect(rejected.state).toBe("rejected");
    expect(rejected.lastError).toMatchObject({ status: 400, code: "invalid_request" });
    expect(rejected.lastError?.details?.[0]?.path).toBe("jsonContent.rating");
    expect(rejected.lastError?.message).toContain("jsonContent.rating");
    expect(alarms.at(-1)).toBeNull();
    expect(await rowOf(created.analysisId)).toMatchObject({ pending: true, jsonContent: { rating: 9 } });

    // Not retried on its own.
    clock.now += 10 * 60_000;
    await outbox.runDue();
    expect(sent).toHaveLength(1);

    // The user fixes it: the same edit goes again, fixed, and lands.
    expect(await outbox.save(created.analysisId, { jsonContent: { rating: 4 } }, created.updatedAt)).toBe(
      seq,
    );
    await outbox.whenIdle();
    expect(sent.map((update) => update.status)).toEqual([400, 200]);
    // The fixed edit is a new request: a new key (the refused one's would answer 422, key reused).
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
    const server = await expectRowIsServerRecord(created.analysisId);
    expect(server.jsonContent).toEqual({ rating: 4 });
  });

  it("waits out a 408 from another service, but keeps as rejected an answer it cannot read (sending it again gets the same)", async () => {
    const created = await createAnalysis();
    const remote = await startScriptedService([
      answerJson(408, { message: "request timeout" }),
      answerText(200, "<html><body>Sign in to the Wi-Fi</body></html>"),
    ]);
    try {
      const { outbox, alarms } = setup({ baseUrl: remote.url });
      const seq = await outbox.save(created.analysisId, { textContent: "edited" }, created.updatedAt);
      await outbox.whenIdle();
      const waiting = await entryOf(seq);
      expect(waiting).toMatchObject({ state: "pending", attempts: 1, lastError: { status: 408 } });
      expect(alarms.at(-1)).toBe(waiting.nextAttemptAt);

      clock.now = waiting.nextAttemptAt;
      await outbox.runDue();
      expect(await entryOf(seq)).toMatchObject({
        state: "rejected",
        attempts: 2,
        lastError: { status: 200, code: "invalid_response" },
      });
      expect(alarms.at(-1)).toBeNull();
      expect(remote.requests()).toBe(2);
    } finally {
      await remote.close();
    }
  });

  it("refuses an invalid edit before storing it, with a readable message", async () => {
    const created = await createAnalysis();
    const { outbox, sent } = setup();
    await expect(
      outbox.save(created.analysisId, { textContent: 5 } as never, created.updatedAt),
    ).rejects.toMatchObject({ code: "invalid_request", message: "patch.textContent must be a string" });
    await expect(outbox.save(created.analysisId, {}, created.updatedAt)).rejects.toMatchObject({
      message: expect.stringContaining("must hold at least one of textContent, jsonContent, metadata"),
    });
    await expect(
      outbox.save(created.analysisId, { textContent: "x", title: "y" } as never, created.updatedAt),
    ).rejects.toMatchObject({ message: "patch.title is not a known field" });
    await expect(
      outbox.save("ana_not_cached", { textContent: "x" }, created.updatedAt),
    ).rejects.toMatchObject({
      message: expect.stringContaining("not in the cache"),
    });
    expect(await db.outbox.count()).toBe(0);
    expect(sent).toHaveLength(0);
    expect((await rowOf(created.analysisId)).pending).toBeUndefined();
  });
});
