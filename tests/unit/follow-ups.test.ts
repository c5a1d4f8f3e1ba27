/**
 * Follow-up questions through the worker: the job runner and the follow-ups against the real reference
 * service over HTTP (the local HTTPS fixture site), with their state in fake-indexeddb.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createFollowUps } from "../../entrypoints/background/follow-ups";
import { createLibrary } from "../../entrypoints/background/library";
import type { LinklensDatabase } from "../../lib/db/database";
import { buildExportDocument } from "../../lib/export/export-json";
import { QUESTION_KEY, THREAD_KEY } from "../../lib/thread/thread-metadata";
import { parseFollowUpPrompt } from "../../lib/thread/thread-prompt";
import { readThread } from "../../lib/thread/thread-turns";
import { KEY, siteAndServicePerFile } from "../server/helpers/service";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { recordingJobRunner } from "./helpers/recording-runner";

/** A key for one analysis and one follow-up: a follow-up charged twice would be refused (402). */
const TWO_CREDITS = "lk_test_two_credits";

const env = siteAndServicePerFile({
  apiKeys: [
    { key: KEY, credits: 1_000 },
    { key: TWO_CREDITS, credits: 2 },
  ],
});

let db: LinklensDatabase;
const openDatabase = freshDatabaseEachTest("follow-ups", (fresh) => {
  db = fresh;
});

/**
 * The worker's runner and follow-ups, recording every POST /v1/links. `loseAnswers`: a worker stopped
 * mid-request, whose requests the service runs but whose answers never come back.
 */
function setup(apiKey = KEY, loseAnswers = false, hold?: Parameters<typeof recordingJobRunner>[3]) {
  const { runner, requests } = recordingJobRunner(
    { db, scheduleAlarm: () => {} },
    { baseUrl: env.service.url, apiKey },
    loseAnswers ? "always" : undefined,
    hold,
  );
  return { runner, followUps: createFollowUps({ db, runner }), requests };
}

async function finished(runner: ReturnType<typeof setup>["runner"], jobId: string) {
  await runner.whenIdle();
  const job = await db.jobs.get(jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  return job;
}

describe("follow-up questions", { timeout: 60_000 }, () => {
  it("adds three turns to one thread, each prompt carrying the earlier turns, each charged once", async () => {
    const { runner, followUps, requests } = setup();
    const link = env.site.url("/news/article.html");
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
    const sent = parseFollowUpPrompt(requests.at(-1)?.body.prompt as string);
    expect(sent?.question).toBe("Who leads the council?");
    expect(sent?.earlier.map((turn) => turn.question)).toEqual([
      "What is this page about?",
      ...questions.slice(0, 2),
    ]);
    expect(sent?.earlier[0]?.answer).not.toBe("");
    expect(await db.usage.count()).toBe(4);

    // Exported and imported into a fresh profile: the same turns, questions and credits.
    const document = buildExportDocument(await db.analyses.toArray(), { usage: await db.usage.toArray() });
    const fresh = openDatabase();
    await createLibrary({ db: fresh }).importDocument(JSON.parse(JSON.stringify(document)));
    const imported = await fresh.analyses.get(from);
    const again = await readThread(fresh, imported ?? (undefined as never));
    expect(again).toEqual(thread);
  });

  it("sends a follow-up asked while the turn before it is on its way with that turn, once it is answered", async () => {
    // The depot turn's request is kept on its way until the next question has been asked.
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const depotQuestion = "Where is the Kestrel Hill depot?";
    const { runner, followUps, requests } = setup(KEY, false, (body) =>
      parseFollowUpPrompt(body.prompt ?? "")?.question === depotQuestion ? held : undefined,
    );
    const link = env.site.url("/news/article.html");
    const first = await finished(
      runner,
      await runner.enqueue({ links: [link], prompt: "What is this page about?" }, "popup"),
    );
    const root = first.analysisIds[0] as string;
    await followUps.ask(root, depotQuestion);
    await expect.poll(() => requests.length).toBe(2);
    const complaintJobId = await followUps.ask(root, "Who complained about it?");
    letGo();

    const complaint = await finished(runner, complaintJobId);
    const sent = parseFollowUpPrompt(requests.at(-1)?.body.prompt as string);
    expect(sent?.question).toBe("Who complained about it?");
    expect(sent?.earlier.map((turn) => turn.question)).toEqual(["What is this page about?", depotQuestion]);
    // What the depot turn said is said again as such (the symptom of the e2e run that lost it).
    const answer = await db.analyses.get(complaint.analysisIds[0] as string);
    expect(answer?.textContent).toMatch(/^As an earlier answer said: /);
    expect(await db.usage.count()).toBe(3);
  });

  it("loses no turn and charges none twice when the worker stops mid-turn", async () => {
    const { runner } = setup();
    const link = env.site.url("/news/article.html");
    const first = await finished(
      runner,
      await runner.enqueue({ links: [link], prompt: "Summary?" }, "popup"),
    );
    const stopped = setup(KEY, true);
    const jobId = await stopped.followUps.ask(first.analysisIds[0] as string, "Who paid for it?");
    await expect.poll(() => stopped.requests.length).toBe(1);

    const restarted = setup(TWO_CREDITS);
    await restarted.runner.resume();
    const job = await finished(restarted.runner, jobId);
    expect(job).toMatchObject({
      status: "done",
      interruptions: 1,
      costCredits: 1,
      thread: { question: "Who paid for it?" },
    });
    // The request went again with its key: the service answered it from its first run, charging nothing more.
    const { body } = await env.service.call("GET", `/v1/analyses?analysisId=${job.analysisIds[0]}`, {
      key: TWO_CREDITS,
    });
    expect(body.metadata).toMatchObject({ [QUESTION_KEY]: "Who paid for it?" });
    expect(await db.usage.count()).toBe(2);
  });

  it("refuses an empty question and an analysis that is not in the library, queuing nothing", async () => {
    const { followUps } = setup();
    await expect(followUps.ask("ana_missing", "Why?")).rejects.toMatchObject({ code: "not_found" });
    await expect(followUps.ask("ana_missing", "   ")).rejects.toMatchObject({ code: "invalid_request" });
    expect(await db.jobs.count()).toBe(0);
  });

  it("keeps a failed turn's question and queues it again on Try again, with new request keys", async () => {
    const { runner, followUps } = setup();
    const link = env.site.url("/news/article.html");
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
