/**
 * The job runner against the real reference service over HTTP (and the local HTTPS fixture site), with
 * its state in fake-indexeddb. Only the clock and the alarm are stand-ins.
 */
import "fake-indexeddb/auto";
import { beforeAll, describe, expect, it } from "vitest";
import { JOB_WAKE_MS, MAX_JOB_ATTEMPTS } from "../../entrypoints/background/analyze-jobs";
import type { LinklensDatabase } from "../../lib/db/database";
import { recordsByIds, recordsForPage } from "../../lib/db/records";
import type { AnalyzeJob } from "../../lib/db/schema";
import { KEY, siteAndServicePerFile, startTestService } from "../server/helpers/service";
import { closedPortUrl } from "./helpers/closed-port";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { jobRow } from "./helpers/job-rows";
import { type LoseAnswers, recordingJobRunner, type SentRequest } from "./helpers/recording-runner";
import { answerJson, startScriptedService } from "./helpers/scripted-service";

const POOR_KEY = "lk_test_poor";
/** Keys holding 1 credit: a chunk of one link charged twice would be refused (402) the second time. */
const ONE_CREDIT_KEYS = ["lk_test_one_credit_a", "lk_test_one_credit_b"];
const PROMPT = "What is this page about?";

const env = siteAndServicePerFile({
  apiKeys: [
    { key: KEY, credits: 10_000 },
    { key: POOR_KEY, credits: 1 },
    ...ONE_CREDIT_KEYS.map((key) => ({ key, credits: 1 })),
  ],
});
let closedUrl: string;
beforeAll(async () => {
  closedUrl = await closedPortUrl();
});

let db: LinklensDatabase;
freshDatabaseEachTest("jobs", (fresh) => {
  db = fresh;
});

/**
 * A runner whose client goes to `target` (switchable), recording every POST /v1/links (helpers/recording-runner.ts).
 */
function setup(
  initial: { baseUrl?: string; apiKey?: string; onChange?: () => void; loseAnswers?: LoseAnswers } = {},
) {
  const target = { baseUrl: initial.baseUrl ?? env.service.url, apiKey: initial.apiKey ?? KEY };
  const clock = { now: Date.now() };
  const alarms: (number | null)[] = [];
  const { runner, requests } = recordingJobRunner(
    {
      db,
      scheduleAlarm: (when) => void alarms.push(when),
      now: () => clock.now,
      onChange: initial.onChange,
    },
    target,
    initial.loseAnswers,
  );
  return { runner, target, clock, alarms, requests };
}

/** The links of each POST /v1/links sent, in order. */
const linksSent = (requests: SentRequest[]) => requests.map((request) => request.body.link);

async function jobOf(id: string): Promise<AnalyzeJob> {
  const job = await db.jobs.get(id);
  if (!job) throw new Error(`no job ${id}`);
  return job;
}

async function serverRecord(analysisId: string) {
  const { status, body } = await env.service.call("GET", `/v1/analyses?analysisId=${analysisId}`);
  expect(status).toBe(200);
  return body;
}

const manyLinks = (count: number) =>
  Array.from({ length: count }, (_, i) => env.site.url(`/many/${i + 1}.html`));

describe("analyze jobs against the reference service", { timeout: 60_000 }, () => {
  it("runs a job over 2 links: done, records cached, one usage row", async () => {
    const { runner, requests, alarms } = setup();
    const links = [env.site.url("/news/article.html"), env.site.url("/blog/post.html")];
    const jobId = await runner.enqueue(
      { links, prompt: PROMPT, metadata: { project: "jobs" } },
      "popup",
      links[0],
    );
    await runner.whenIdle();

    const job = await jobOf(jobId);
    expect(job).toMatchObject({
      status: "done",
      source: "popup",
      tabUrl: links[0],
      progress: { done: 2, total: 2 },
      chunksDone: 1,
      costCredits: 2,
      attempts: 1,
      failures: [],
      rejected: [],
    });
    expect(job.error).toBeUndefined();
    expect(job.analysisIds).toHaveLength(2);
    expect(linksSent(requests)).toEqual([links]);

    const records = await recordsByIds(db, job.analysisIds);
    expect(records.map((record) => record.pageUrl)).toEqual(links);
    expect(records[0]?.metadata).toEqual({ project: "jobs" });
    expect(records[0]?.textContent).toBeTruthy();
    expect((await recordsForPage(db, `${links[1]}#comments`)).map((r) => r.analysisId)).toEqual([
      job.analysisIds[1],
    ]);

    const usage = await db.usage.toArray();
    expect(usage).toEqual([
      { usageId: job.usageIds[0], costCredits: 2, links, createdAt: expect.any(Number), jobId },
    ]);
    expect(alarms.at(-1)).toBeNull();
  });

  it("stores on each analysis the job's prompt, its preset (found by prompt) and its share of the credits", async () => {
    await db.presets.put({ id: "p_1", name: "About", prompt: PROMPT, temperature: 0, order: 0 });
    const { runner } = setup();
    const links = [env.site.url("/news/article.html"), env.site.url("/blog/post.html")];
    const jobId = await runner.enqueue({ links, prompt: PROMPT }, "popup");
    await runner.whenIdle();
    const job = await jobOf(jobId);
    const records = await recordsByIds(db, job.analysisIds);
    expect(records.map((record) => record.origin)).toEqual([
      { jobId, prompt: PROMPT, presetName: "About", costCredits: 1 },
      { jobId, prompt: PROMPT, presetName: "About", costCredits: 1 },
    ]);

    // A prompt of no preset: no preset name.
    const again = await runner.enqueue({ links: [links[0] as string], prompt: "Another prompt." }, "popup");
    await runner.whenIdle();
    const [record] = await recordsByIds(db, (await jobOf(again)).analysisIds);
    expect(record?.origin).toEqual({ jobId: again, prompt: "Another prompt.", costCredits: 1 });
    // A preset named by the job (its template filled in, the prompt is no preset's): that name.
    const named = await runner.enqueue(
      { links: [links[1] as string], prompt: "About Blog post?" },
      "context-page",
      undefined,
      "About",
    );
    await runner.whenIdle();
    const [fromPreset] = await recordsByIds(db, (await jobOf(named)).analysisIds);
    expect(fromPreset?.origin).toMatchObject({ prompt: "About Blog post?", presetName: "About" });
  });

  it("records http links and duplicates as rejected and sends only the distinct https ones", async () => {
    const { runner, requests } = setup();
    const article = env.site.url("/news/article.html");
    const post = env.site.url("/blog/post.html");
    const httpLink = article.replace("https:", "http:");
    const jobId = await runner.enqueue(
      {
        links: [
          article,
          httpLink,
          `${article}#top`,
          article.replace("localhost", "LOCALHOST"),
          post,
          "nonsense",
        ],
        prompt: PROMPT,
      },
      "context-selection",
    );
    await runner.whenIdle();

    const job = await jobOf(jobId);
    expect(job.status).toBe("done");
    expect(job.request.links).toEqual([article, post]);
    expect(job.rejected).toEqual([
      { link: httpLink, problem: "not_https" },
      { link: "nonsense", problem: "invalid_url" },
    ]);
    expect(job.duplicates).toBe(2);
    expect(linksSent(requests)).toEqual([[article, post]]);
    // What the service itself stored:
    expect(job.analysisIds).toHaveLength(2);
    const urls = await Promise.all(job.analysisIds.map(async (id) => (await serverRecord(id)).analysis.url));
    expect(urls).toEqual([article, post]);
  });

  it("splits 45 links into 3 requests and joins them into one job", async () => {
    const reads: Promise<AnalyzeJob[]>[] = [];
    const { runner, requests } = setup({ onChange: () => reads.push(db.jobs.toArray()) });
    const links = manyLinks(45);
    const jobId = await runner.enqueue({ links, prompt: PROMPT }, "context-selection");
    await runner.whenIdle();
    const seen = (await Promise.all(reads)).flatMap((jobs) => jobs.map((job) => job.progress.done));
    const progress = [...new Set(seen)];

    expect(linksSent(requests).map((chunk) => chunk.length)).toEqual([20, 20, 5]);
    expect(linksSent(requests).flat()).toEqual(links);
    expect(progress).toEqual([0, 20, 40, 45]);
    const job = await jobOf(jobId);
    expect(job).toMatchObject({
      status: "done",
      chunksDone: 3,
      costCredits: 45,
      progress: { done: 45, total: 45 },
    });
    expect(job.analysisIds).toHaveLength(45);
    expect(job.usageIds).toHaveLength(3);
    const records = await recordsByIds(db, job.analysisIds);
    expect(records.map((record) => record.pageUrl)).toEqual(links);
    const usage = await db.usage.toArray();
    expect(usage.map((row) => row.costCredits).sort()).toEqual([20, 20, 5]);
    expect(usage.every((row) => row.jobId === jobId)).toBe(true);
  });

  it("sends each chunk under its own Idempotency-Key, saved in the job before the request", async () => {
    const { runner, requests } = setup();
    const jobId = await runner.enqueue({ links: manyLinks(45), prompt: PROMPT }, "context-selection");
    await runner.whenIdle();
    const job = await jobOf(jobId);
    expect(job.status).toBe("done");
    expect(job.chunkKeys).toHaveLength(3);
    expect(new Set(job.chunkKeys).size).toBe(3);
    expect(requests.map((request) => request.idempotencyKey)).toEqual(job.chunkKeys);
    for (const request of requests) expect(request.savedKeys).toEqual(job.chunkKeys);
  });

  it("retries a chunk whose answer was lost under the same key: the service's stored answer, one charge", async () => {
    const { runner, clock, requests } = setup({ apiKey: ONE_CREDIT_KEYS[0], loseAnswers: "once" });
    const jobId = await runner.enqueue(
      { links: [env.site.url("/news/article.html")], prompt: PROMPT },
      "popup",
    );
    await runner.whenIdle();
    const waiting = await jobOf(jobId);
    expect(waiting).toMatchObject({ status: "queued", error: { code: "network_error" } });

    clock.now = (waiting.retryAt as number) + 1;
    await runner.runDue();
    const job = await jobOf(jobId);
    // Charged twice, the key (1 credit) would have been refused the second time (402).
    expect(job).toMatchObject({
      status: "done",
      attempts: 2,
      costCredits: 1,
      progress: { done: 1, total: 1 },
    });
    expect(requests.map((request) => [request.status, request.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);
    expect(requests[1]?.idempotencyKey).toBe(requests[0]?.idempotencyKey);
    expect(job.analysisIds).toHaveLength(1);
    expect(await db.usage.count()).toBe(1);
    const stored = await env.service.call("GET", `/v1/analyses?analysisId=${job.analysisIds[0]}`, {
      key: ONE_CREDIT_KEYS[0],
    });
    expect(stored.body.analysis.url).toBe(env.site.url("/news/article.html"));
  });

  it("resumes a job whose worker stopped mid-request: the service runs the chunk once", async () => {
    const stopped = setup({ apiKey: ONE_CREDIT_KEYS[1], loseAnswers: "always" });
    const link = env.site.url("/slow?ms=1500");
    const jobId = await stopped.runner.enqueue({ links: [link], prompt: PROMPT }, "popup");
    await expect.poll(() => stopped.requests.length).toBe(1);

    const restarted = setup({ apiKey: ONE_CREDIT_KEYS[1] });
    await restarted.runner.resume();
    const job = await jobOf(jobId);
    // Charged twice, the key (1 credit) would have been refused the second time (402).
    expect(job).toMatchObject({ status: "done", attempts: 2, interruptions: 1, costCredits: 1 });
    expect(restarted.requests.every((request) => request.idempotencyKey === job.chunkKeys?.[0])).toBe(true);
    expect(restarted.requests.at(-1)).toMatchObject({ status: 200 });
    expect(job.analysisIds).toHaveLength(1);
  });

  it("fails with the service's error on a bad key (401) and does not retry", async () => {
    const { runner, alarms } = setup({ apiKey: "lk_wrong_key" });
    const jobId = await runner.enqueue(
      { links: [env.site.url("/news/article.html")], prompt: PROMPT },
      "popup",
    );
    await runner.whenIdle();
    const job = await jobOf(jobId);
    expect(job.status).toBe("failed");
    expect(job.error).toMatchObject({ status: 401, code: "unauthorized" });
    expect(job.error?.message).toBeTruthy();
    expect(job.retryAt).toBeUndefined();
    expect(job.attempts).toBe(1);
    expect(alarms.at(-1)).toBeNull();
  });

  it("fails when the key cannot cover the request (402)", async () => {
    const { runner } = setup({ apiKey: POOR_KEY });
    const links = [env.site.url("/news/article.html"), env.site.url("/blog/post.html")];
    const jobId = await runner.enqueue({ links, prompt: PROMPT }, "popup");
    await runner.whenIdle();
    expect((await jobOf(jobId)).error).toMatchObject({ status: 402, code: "insufficient_credits" });
  });

  it("keeps per-link failures, and fails a job none of whose links could be analyzed (422)", async () => {
    const { runner } = setup();
    const good = env.site.url("/news/article.html");
    const missing = env.site.url("/status/404");
    const mixedId = await runner.enqueue({ links: [good, missing], prompt: PROMPT }, "popup");
    const failingId = await runner.enqueue({ links: [missing], prompt: PROMPT }, "popup");
    await runner.whenIdle();

    const mixed = await jobOf(mixedId);
    expect(mixed.status).toBe("done");
    expect(mixed.analysisIds).toHaveLength(1);
    expect(mixed.failures).toEqual([expect.objectContaining({ link: missing })]);

    const failing = await jobOf(failingId);
    expect(failing.status).toBe("failed");
    expect(failing.error).toMatchObject({ status: 422, code: "unprocessable" });
    expect(failing.failures).toEqual([
      expect.objectContaining({ link: missing, message: expect.any(String) }),
    ]);
  });

  it("fails at once, without a request, when no link is https or the prompt is empty", async () => {
    const { runner, requests } = setup();
    const httpOnly = await runner.enqueue(
      { links: ["http://example.com/page"], prompt: PROMPT },
      "context-link",
    );
    const noPrompt = await runner.enqueue(
      { links: [env.site.url("/news/article.html")], prompt: "   " },
      "popup",
    );
    await runner.whenIdle();

    const rejected = await jobOf(httpOnly);
    expect(rejected.status).toBe("failed");
    expect(rejected.rejected).toEqual([{ link: "http://example.com/page", problem: "not_https" }]);
    expect(rejected.error).toMatchObject({ code: "no_valid_links" });
    expect(rejected.error?.message).toContain("must start with https://");

    const invalid = await jobOf(noPrompt);
    expect(invalid.status).toBe("failed");
    expect(invalid.error).toMatchObject({ code: "invalid_request", details: [{ path: "prompt" }] });
    expect(linksSent(requests)).toEqual([]);
  });

  it("keeps a job queued with retryAt and the error while the service is down, and completes it on runDue", async () => {
    const { runner, target, clock, alarms, requests } = setup({ baseUrl: closedUrl });
    const link = env.site.url("/news/article.html");
    const jobId = await runner.enqueue({ links: [link], prompt: PROMPT }, "shortcut");
    await runner.whenIdle();

    const waiting = await jobOf(jobId);
    expect(waiting.status).toBe("queued");
    expect(waiting.error).toMatchObject({ status: 0, code: "network_error" });
    expect(waiting.error?.message).toContain(closedUrl);
    expect(waiting.retryAt).toBeGreaterThan(clock.now);
    expect(waiting.attempts).toBe(1);
    expect(alarms.at(-1)).toBe(waiting.retryAt);

    await runner.runDue(); // too early: nothing happens
    expect((await jobOf(jobId)).attempts).toBe(1);

    target.baseUrl = env.service.url;
    clock.now = (waiting.retryAt as number) + 1;
    await runner.runDue();
    const done = await jobOf(jobId);
    expect(done).toMatchObject({ status: "done", attempts: 2, progress: { done: 1, total: 1 } });
    expect(done.error).toBeUndefined();
    expect(done.retryAt).toBeUndefined();
    expect(done.analysisIds).toHaveLength(1);
    expect(linksSent(requests)).toEqual([[link], [link]]);
    expect(alarms.at(-1)).toBeNull();
  });

  it("waits as long as Retry-After says when the service answers 429", async () => {
    const limited = await startTestService({ ca: env.site.caPem, rateAnalyzePerMinute: 1 });
    try {
      const { runner, clock, alarms } = setup({ baseUrl: limited.url });
      const link = env.site.url("/news/article.html");
      const first = await runner.enqueue({ links: [link], prompt: PROMPT }, "popup");
      const second = await runner.enqueue({ links: [link], prompt: PROMPT }, "popup");
      await runner.whenIdle();
      expect((await jobOf(first)).status).toBe("done");
      const waiting = await jobOf(second);
      expect(waiting.status).toBe("queued");
      expect(waiting.error).toMatchObject({ status: 429, code: "rate_limited" });
      const retryAfter = waiting.error?.retryAfter as number;
      expect(retryAfter).toBeGreaterThan(0);
      expect(waiting.retryAt).toBe(clock.now + retryAfter * 1000);
      expect(alarms.at(-1)).toBe(waiting.retryAt);
    } finally {
      await limited.close();
    }
  });

  it("waits out a 408 from another service, and fails at once on an answer no retry changes (501)", async () => {
    const remote = await startScriptedService([
      answerJson(408, { message: "request timeout" }),
      answerJson(200, { usageId: "use_remote", costCredits: 0, results: [] }),
      answerJson(501, { message: "not implemented" }),
    ]);
    try {
      const { runner, clock, alarms } = setup({ baseUrl: remote.url });
      const jobId = await runner.enqueue({ links: ["https://example.com/a"], prompt: PROMPT }, "popup");
      await runner.whenIdle();
      const waiting = await jobOf(jobId);
      expect(waiting).toMatchObject({ status: "queued", attempts: 1, error: { status: 408 } });
      expect(alarms.at(-1)).toBe(waiting.retryAt);

      clock.now = waiting.retryAt as number;
      await runner.runDue();
      expect(await jobOf(jobId)).toMatchObject({ status: "done", attempts: 2, usageIds: ["use_remote"] });

      const refused = await runner.enqueue({ links: ["https://example.com/b"], prompt: PROMPT }, "popup");
      await runner.whenIdle();
      expect(await jobOf(refused)).toMatchObject({ status: "failed", attempts: 1, error: { status: 501 } });
      expect(remote.requests()).toBe(3);
    } finally {
      await remote.close();
    }
  });

  it("cancels a running job: its request is aborted and it stays cancelled", async () => {
    const { runner, requests } = setup();
    const jobId = await runner.enqueue({ links: [env.site.url("/slow?ms=10000")], prompt: PROMPT }, "popup");
    await expect.poll(async () => (await jobOf(jobId)).status).toBe("running");
    expect(await runner.cancel(jobId)).toBe(true);
    // The request itself is aborted (not left to run out), which is what frees the runner at once.
    expect(requests.at(-1)?.signal?.aborted).toBe(true);
    await runner.whenIdle();
    const job = await jobOf(jobId);
    expect(job.status).toBe("cancelled");
    expect(job.analysisIds).toEqual([]);
  });

  it(`gives up after ${MAX_JOB_ATTEMPTS} attempts`, async () => {
    const { runner, clock } = setup({ baseUrl: closedUrl });
    const jobId = await runner.enqueue(
      { links: [env.site.url("/news/article.html")], prompt: PROMPT },
      "popup",
    );
    await runner.whenIdle();
    for (let attempt = 2; attempt <= MAX_JOB_ATTEMPTS; attempt++) {
      clock.now = (await jobOf(jobId)).retryAt as number;
      await runner.runDue();
    }
    const job = await jobOf(jobId);
    expect(job.status).toBe("failed");
    expect(job.attempts).toBe(MAX_JOB_ATTEMPTS);
    expect(job.error?.code).toBe("network_error");
    expect(job.error?.message).toContain(`gave up after ${MAX_JOB_ATTEMPTS} attempts`);
  });

  it("cancels a job waiting for a retry", async () => {
    const { runner, clock, alarms, requests } = setup({ baseUrl: closedUrl });
    const jobId = await runner.enqueue(
      { links: [env.site.url("/news/article.html")], prompt: PROMPT },
      "popup",
    );
    await runner.whenIdle();
    expect(await runner.cancel(jobId)).toBe(true);
    expect(alarms.at(-1)).toBeNull();
    clock.now += 3_600_000;
    await runner.runDue();
    expect((await jobOf(jobId)).status).toBe("cancelled");
    expect(requests).toHaveLength(1);
    expect(await runner.cancel(jobId)).toBe(false);
  });

  it("resumes a job a stopped worker left running, without re-sending the chunk already done", async () => {
    const { runner, requests, clock } = setup();
    const links = manyLinks(25);
    const doneIds = Array.from({ length: 20 }, (_, i) => `ana_done_${i}`);
    await db.jobs.add({
      id: "job_cut_off",
      status: "running",
      source: "context-selection",
      request: { links, prompt: PROMPT },
      rejected: [],
      duplicates: 0,
      progress: { done: 20, total: 25 },
      chunksDone: 1,
      analysisIds: doneIds,
      failures: [],
      usageIds: ["use_done"],
      costCredits: 20,
      attempts: 1,
      createdAt: clock.now,
      updatedAt: clock.now,
    });

    await runner.resume();
    expect(linksSent(requests)).toEqual([links.slice(20)]);
    const job = await jobOf("job_cut_off");
    expect(job).toMatchObject({
      status: "done",
      attempts: 2,
      interruptions: 1,
      chunksDone: 2,
      costCredits: 25,
      progress: { done: 25, total: 25 },
    });
    expect(job.analysisIds.slice(0, 20)).toEqual(doneIds);
    expect(job.analysisIds).toHaveLength(25);
    expect(job.usageIds).toHaveLength(2);
  });

  it("keeps a wake-up alarm set while a job runs, so a stopped worker is started again to resume it", async () => {
    const { runner, clock, alarms } = setup();
    const jobId = await runner.enqueue({ links: manyLinks(21), prompt: PROMPT }, "context-selection");
    await runner.whenIdle();

    expect((await jobOf(jobId)).status).toBe("done");
    // Set when the job started and moved on after each of its 2 chunks; cleared once it ended.
    expect(alarms).toEqual([clock.now + JOB_WAKE_MS, clock.now + JOB_WAKE_MS, clock.now + JOB_WAKE_MS, null]);
  });

  it("resumes once per worker: the browser's startup event after the worker's own start sends nothing twice", async () => {
    const { runner, requests, clock } = setup();
    await db.jobs.add(
      jobRow("job_started_twice", "running", {
        request: { links: [env.site.url("/news/article.html")], prompt: PROMPT },
        attempts: 1,
        createdAt: clock.now,
        updatedAt: clock.now,
      }),
    );

    await Promise.all([runner.resume(), runner.resume()]);
    await runner.resume();
    expect(requests).toHaveLength(1);
    expect(await jobOf("job_started_twice")).toMatchObject({ status: "done", attempts: 2, interruptions: 1 });
  });

  it("fails a job clearly when the worker stopped during it too many times", async () => {
    const { runner, requests, clock } = setup();
    await db.jobs.add(
      jobRow("job_crashing", "running", {
        request: { links: [env.site.url("/news/article.html")], prompt: PROMPT },
        attempts: 3,
        interruptions: 2,
        createdAt: clock.now,
        updatedAt: clock.now,
      }),
    );
    await runner.resume();
    const job = await jobOf("job_crashing");
    expect(job.status).toBe("failed");
    expect(job.error).toMatchObject({ code: "interrupted" });
    expect(job.error?.message).toContain("stopped 3 times");
    expect(linksSent(requests)).toEqual([]);
  });
});
