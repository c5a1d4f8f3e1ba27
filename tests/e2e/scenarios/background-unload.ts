/**
 * A job survives its background being unloaded mid-request (Chromium: the MV3 worker stopped; Firefox:
 * the MV2 background page reloaded): the next start finds the job still marked running, runs it again
 * with the same Idempotency-Key, and the service answers with the first request's result, so the link
 * is stored and charged once.
 */
import type { AnalyzeJob } from "../../../lib/db/schema";
import { hashApiKey } from "../../../server/store/key-hash";
import { openStore } from "../../../server/store/open-store";
import { startServiceProcess } from "../../helpers/service-process";
import { expect, TEST_API_KEY } from "../fixtures";
import { command, endedJob, job, storeSettings } from "./extension-state";
import type { ScenarioTest } from "./scenario-test";

const CREDITS = 10;

export function backgroundUnloadScenario(test: ScenarioTest): void {
  test("a job cut off by the background unloading is resumed, finishes, and is charged once", async ({
    driver,
    fixtureSite,
  }) => {
    // The retry meets the first request still running on the service (409, Retry-After): the client waits
    // and asks again in place (lib/api/retry-policy.ts); a Retry-After longer than it waits out leaves the job
    // to the jobs alarm, which browsers fire no sooner than 30 s.
    test.setTimeout(150_000);
    // A service of this test's own, so that its store can be read once it is stopped.
    const service = await startServiceProcess({
      apiKeys: `${TEST_API_KEY}:${CREDITS}`,
      args: ["--allow-private-networks", "--ca", fixtureSite.caFile],
    });
    try {
      // An extension page outlives the background: it reads the database and, with a command, wakes it.
      const page = await driver.openExtensionPage("sidepanel.html");
      await storeSettings(page, { baseUrl: service.url, apiKey: TEST_API_KEY, presets: [] });
      const slowPath = `/slow?ms=3000&run=${Date.now()}`;
      const started = await command<{ jobId: string }>(page, "analyze.start", {
        links: [fixtureSite.url(slowPath)],
        prompt: "What is this page about?",
        source: "popup",
      });
      const jobId = started.value?.jobId as string;
      expect(started.ok, started.error?.message).toBe(true);
      await expect.poll(async () => (await job(page, jobId))?.status).toBe("running");
      // The service received the request: it is fetching the page.
      await expect.poll(() => fixtureSite.requested.includes(slowPath)).toBe(true);

      await driver.unloadBackground();
      // Chromium's worker starts again on an event (here a page's command); Firefox's page already has.
      expect((await command(page, "job.seen", {})).ok).toBe(true);
      const finished: AnalyzeJob = await endedJob(page, jobId, 110_000).catch(async (error: unknown) => {
        throw new Error(`${error}\nthe job: ${JSON.stringify(await job(page, jobId))}`);
      });
      expect(finished, JSON.stringify(finished.error)).toMatchObject({
        status: "done",
        attempts: 2,
        interruptions: 1,
        costCredits: 1,
        progress: { done: 1, total: 1 },
      });
      expect(finished.analysisIds).toHaveLength(1);
      expect(finished.usageIds).toHaveLength(1);

      // What the service stored: one record for the link, made by the cut-off request; one charge.
      await service.stop();
      const store = await openStore({ dataDir: service.dataDir });
      try {
        const tenant = await store.findTenant(hashApiKey(TEST_API_KEY));
        expect(tenant?.credits).toBe(CREDITS - 1);
        const records = await store.listAnalyses(tenant?.id as string);
        expect(records.map((stored) => stored.analysisId)).toEqual(finished.analysisIds);
      } finally {
        await store.close();
      }
    } finally {
      await service.close();
    }
  });
}
