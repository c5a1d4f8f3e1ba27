/**
 * A job survives the MV3 worker being stopped mid-request: the next start of the worker finds the job
 * still marked running, queues it again and runs it to the end; it never stays stuck "running". The
 * request that was cut off had reached the service, and the retry carries the same Idempotency-Key: the
 * service answers it with the first request's result, so the chunk is stored and charged once.
 */
import { createApiClient } from "../../lib/api/client";
import type { AnalyzeJob } from "../../lib/db/schema";
import { hashApiKey } from "../../server/store/key-hash";
import { openStore } from "../../server/store/open-store";
import { startServiceProcess } from "../helpers/service-process";
import { readRow, sendCommand } from "./extension-data";
import { expect, TEST_API_KEY, test } from "./fixtures";
import { stopExtensionWorker } from "./worker-control";

const CREDITS = 10;

test("a job cut off by a stopped worker is resumed by the worker's next start, finishes, and is charged once", async ({
  serviceWorker,
  openExtensionPage,
  extensionId,
  fixtureSite,
}) => {
  // A service of this test's own, so that its store can be read once it is stopped.
  const service = await startServiceProcess({
    apiKeys: `${TEST_API_KEY}:${CREDITS}`,
    args: ["--allow-private-networks", "--ca", fixtureSite.caFile],
  });
  try {
    await serviceWorker.evaluate(
      async ([baseUrl, apiKey]) => {
        const { chrome } = globalThis as any;
        await chrome.storage.local.set({
          settings: {
            baseUrl,
            apiKey,
            defaultPrompt: "Summarize this page.",
            defaultTemperature: 0,
            presets: [],
          },
          settings$: { v: 2 },
        });
      },
      [service.url, TEST_API_KEY] as const,
    );
    // An extension page outlives the worker: it reads the database and, with a command, wakes the worker.
    const page = await openExtensionPage("sidepanel.html");
    const slowPath = `/slow?ms=3000&run=${Date.now()}`;
    const started = await sendCommand(page, "analyze.start", {
      links: [fixtureSite.url(slowPath)],
      prompt: "What is this page about?",
      source: "popup",
    });
    if (!started.ok) throw new Error(started.error.message);
    const { jobId } = started.value;
    const job = () => readRow<AnalyzeJob>(page, "jobs", jobId);
    await expect.poll(async () => (await job())?.status).toBe("running");
    // The service received the request: it is fetching the page.
    await expect.poll(() => fixtureSite.requested.includes(slowPath)).toBe(true);

    await stopExtensionWorker(page, extensionId);
    // The stopped worker's request never answers it: the job stays as the worker left it. The wait outlasts
    // the page's 3 s with room for the service to start a page thread and store the record.
    await page.waitForTimeout(6_000);
    expect(await job()).toMatchObject({ status: "running", attempts: 1, analysisIds: [] });

    // Any event starts the worker again (in real life the wake-up alarm the job keeps set, or the
    // browser's startup); its start resumes the job.
    const restartedAt = Date.now();
    expect((await sendCommand(page, "job.seen", {})).ok).toBe(true);
    await expect.poll(async () => (await job())?.status, { timeout: 30_000 }).toBe("done");

    const finished = (await job()) as AnalyzeJob;
    expect(finished).toMatchObject({
      attempts: 2,
      interruptions: 1,
      costCredits: 1,
      progress: { done: 1, total: 1 },
    });
    expect(finished.analysisIds).toHaveLength(1);
    expect(finished.usageIds).toHaveLength(1);
    const client = createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY });
    const record = await client.getAnalysis(finished.analysisIds[0] as string);
    expect(record.analysis?.title).toBe("A slow page");
    // The record is the cut-off request's own (made before the worker started again), not a second run's.
    expect(Date.parse(record.createdAt)).toBeLessThan(restartedAt);
    expect(await readRow(page, "analyses", record.analysisId)).toMatchObject({
      analysisId: record.analysisId,
    });

    // What the service stored: one record for the link, one charge.
    await service.stop();
    const store = await openStore({ dataDir: service.dataDir });
    try {
      const tenant = await store.findTenant(hashApiKey(TEST_API_KEY));
      expect(tenant?.credits).toBe(CREDITS - 1);
      const records = await store.listAnalyses(tenant?.id as string);
      expect(records.map((stored) => stored.analysisId)).toEqual([record.analysisId]);
    } finally {
      await store.close();
    }
  } finally {
    await service.close();
  }
});
