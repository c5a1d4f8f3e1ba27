/**
 * Follow-up questions through the worker: the job runner and the follow-ups against the real reference
 * service over HTTP (the local HTTPS fixture site), with their state in fake-indexeddb.
 */
import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobRunner } from "../../entrypoints/background/analyze-jobs";
import { createFollowUps } from "../../entrypoints/background/follow-ups";
import { createApiClient } from "../../lib/api/client";
import { createDatabase, type LinklensDatabase } from "../../lib/db/database";
import { QUESTION_KEY, THREAD_KEY } from "../../lib/thread/thread-metadata";
import { parseFollowUpPrompt } from "../../lib/thread/thread-prompt";
import { readThread } from "../../lib/thread/thread-turns";
import { startFixtureSite } from "../fixtures/site";
import { KEY, startTestService, type TestService } from "../server/helpers/service";

let site: Awaited<ReturnType<typeof startFixtureSite>>;
let service: TestService;

beforeAll(async () => {
  site = await startFixtureSite();
  service = await startTestService({ ca: site.caPem, apiKeys: [{ key: KEY, credits: 1_000 }] });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await site?.close();
});

let db: LinklensDatabase;
let counter = 0;
beforeEach(() => {
  db = createDatabase(`linklens-follow-ups-test-${++counter}`);
});
afterEach(async () => {
  await db.delete();
});

/** The worker's runner and follow-ups, recording the prompt of every POST /v1/links. */
function setup(apiKey = KEY) {
  const prompts: string[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    if (init?.method === "POST" && String(input).endsWith("/v1/links"))
      prompts.push(JSON.parse(String(init.body)).prompt);
    return fetch(input, init);
  };
  const runner = createJobRunner({
    db,
    getClient: async () =>
      createApiClient({ baseUrl: service.url, apiKey, fetch: recordingFetch, retry: { retries: 0 } }),
    scheduleAlarm: () => {},
  });
  return { runner, followUps: createFollowUps({ db, runner }), prompts };
}

async function finished(runner: ReturnType<typeof setup>["runner"], jobId: string) {
  await runner.whenIdle();
  const job = await db.jobs.get(jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  return job;
}

describe("follow-up questions", { timeout: 60_000 }, () => {
  it("adds three turns to one thread, each prompt carrying the earlier turns, each charged once", async () => {
    const { runner, followUps, prompts } = setup();
    const link = site.url("/news/article.html");
    const first = await finished(
      runner,
      await runner.enqueue(
        { links: [link], prompt: "What is this page about?", metadata: { topic: "trams" } },
        "popup",
      ),
    );
    const root = first.analysisIds[0] as string;
    const questions = ["How much did the project cost?", "Why did it cost more?", "Who leads the council?"];
    let from = root;
    for (const question of questions) {
      const job = await finished(runner, await followUps.ask(from, question));
      expect(job).toMatchObject({
        status: "done",
        source: "follow-up",
        costCredits: 1,
        thread: { id: root, question },
      });
      from = job.analysisIds[0] as string;
    }
    const last = await db.analyses.get(from);
    expect(last?.metadata).toEqual({
      topic: "trams",
      [THREAD_KEY]: root,
      [QUESTION_KEY]: "Who leads the council?",
    });

    const thread = await readThread(db, last ?? (undefined as never));
    expect(thread.threadId).toBe(root);
    expect(thread.turns.map((turn) => turn.question)).toEqual(["What is this page about?", ...questions]);
    expect(thread.turns.map((turn) => turn.costCredits)).toEqual([1, 1, 1, 1]);

    // The third follow-up's prompt carried the three turns before it, oldest first, and its own question.
    const sent = parseFollowUpPrompt(prompts.at(-1) as string);
    expect(sent?.question).toBe("Who leads the council?");
    expect(sent?.earlier.map((turn) => turn.question)).toEqual([
      "What is this page about?",
      ...questions.slice(0, 2),
    ]);
    expect(sent?.earlier[0]?.answer).not.toBe("");
    expect(await db.usage.count()).toBe(4);
  });

  it("refuses an empty question and an analysis that is not in the library, queuing nothing", async () => {
    const { followUps } = setup();
    await expect(followUps.ask("ana_missing", "Why?")).rejects.toMatchObject({ code: "not_found" });
    await expect(followUps.ask("ana_missing", "   ")).rejects.toMatchObject({ code: "invalid_request" });
    expect(await db.jobs.count()).toBe(0);
  });

  it("keeps a failed turn's question and queues it again on Try again, with new request keys", async () => {
    const { runner, followUps } = setup();
    const link = site.url("/news/article.html");
    const first = await finished(
      runner,
      await runner.enqueue({ links: [link], prompt: "Summary?" }, "popup"),
    );
    const root = first.analysisIds[0] as string;

    // A refused key fails the turn at once (401 is not retried).
    const offline = setup("lk_wrong_key");
    const failed = await finished(offline.runner, await offline.followUps.ask(root, "Who paid for it?"));
    expect(failed).toMatchObject({ status: "failed", thread: { id: root, question: "Who paid for it?" } });
    expect(failed.analysisIds).toEqual([]);

    expect(await followUps.retry(failed.id)).toBe(true);
    const done = await finished(runner, failed.id);
    expect(done).toMatchObject({ status: "done", costCredits: 1, thread: { question: "Who paid for it?" } });
    expect(done.chunkKeys).not.toEqual(failed.chunkKeys);
    // A job that analyzed something is never queued again from its start.
    expect(await followUps.retry(failed.id)).toBe(false);
  });
});
