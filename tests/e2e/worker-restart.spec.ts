/**
 * A job survives the MV3 worker being stopped mid-request: the next start of the worker finds the job
 * still marked running, queues it again and runs it to the end; it never stays stuck "running".
 */
import { createApiClient } from "../../lib/api/client";
import type { AnalyzeJob } from "../../lib/db/schema";
import { readRow, sendCommand } from "./extension-data";
import { expect, TEST_API_KEY, test } from "./fixtures";
import { stopExtensionWorker } from "./worker-control";

test("a job cut off by a stopped worker is resumed by the worker's next start and finishes", async ({
  serviceWorker,
  openExtensionPage,
  extensionId,
  service,
  fixtureSite,
}) => {
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
  const link = fixtureSite.url("/slow?ms=3000");
  const started = await sendCommand(page, "analyze.start", {
    links: [link],
    prompt: "What is this page about?",
    source: "popup",
  });
  if (!started.ok) throw new Error(started.error.message);
  const { jobId } = started.value;
  const job = () => readRow<AnalyzeJob>(page, "jobs", jobId);
  await expect.poll(async () => (await job())?.status).toBe("running");

  await stopExtensionWorker(page, extensionId);
  // The stopped worker's request never answers it: the job stays as the worker left it.
  await page.waitForTimeout(3_500);
  expect(await job()).toMatchObject({ status: "running", attempts: 1, analysisIds: [] });

  // Any event starts the worker again (in real life the wake-up alarm the job keeps set, or the
  // browser's startup); its start resumes the job.
  expect((await sendCommand(page, "job.seen", {})).ok).toBe(true);
  await expect.poll(async () => (await job())?.status, { timeout: 30_000 }).toBe("done");

  const finished = (await job()) as AnalyzeJob;
  expect(finished).toMatchObject({ attempts: 2, interruptions: 1, progress: { done: 1, total: 1 } });
  expect(finished.analysisIds).toHaveLength(1);
  const client = createApiClient({ baseUrl: service.url, apiKey: TEST_API_KEY });
  const record = await client.getAnalysis(finished.analysisIds[0] as string);
  expect(record.analysis?.title).toBe("A slow page");
  expect(await readRow(page, "analyses", record.analysisId)).toMatchObject({ analysisId: record.analysisId });
});
