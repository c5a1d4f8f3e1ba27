/**
 * A job survives the MV3 worker being stopped mid-request: the next start of the worker finds the job
 * still marked running, queues it again and runs it to the end; it never stays stuck "running".
 */
import type { Page } from "@playwright/test";
import { createApiClient } from "../../lib/api/client";
import type { AnalyzeJob } from "../../lib/db/schema";
import type { AnalyzeStartRequest, CommandResult } from "../../lib/messaging";
import { expect, TEST_API_KEY, test } from "./fixtures";
import { readRow, stopExtensionWorker } from "./worker-control";

/** A command from an extension page, as the popup sends it. */
function sendCommand<T>(
  page: Page,
  command: string,
  request: unknown,
): Promise<CommandResult<never> & { value?: T }> {
  return page.evaluate(
    ([name, body]) =>
      (globalThis as any).chrome.runtime.sendMessage({ linklens: 1, command: name, request: body }),
    [command, request] as const,
  );
}

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
  const request: AnalyzeStartRequest = { links: [link], prompt: "What is this page about?", source: "popup" };
  const started = await sendCommand<{ jobId: string }>(page, "analyze.start", request);
  expect(started.ok).toBe(true);
  const jobId = (started.value as { jobId: string }).jobId;
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
