/**
 * Comparisons in the worker against the seed-only mock (5 links a request, a 429 on the way): the job is
 * split as the service allows, waits out the 429, charges every page once, and a page retried replaces
 * its row; a comparison of more than 500 pages is refused before anything is queued.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { createJobRunner } from "../../entrypoints/background/analyze-jobs";
import { compareCommandHandlers } from "../../entrypoints/background/comparisons";
import { readComparison } from "../../lib/db/comparisons";
import type { LinklensDatabase } from "../../lib/db/database";
import type { SeedService } from "../fixtures/seed-service/seed-service";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { linkLimitsInMemory, seedClient, seedMockEachTest } from "./helpers/seed-service";

const links = (count: number) =>
  Array.from({ length: count }, (_, i) => `https://pages.example/item-${i + 1}`);

let db: LinklensDatabase;
freshDatabaseEachTest("compare-jobs", (fresh) => {
  db = fresh;
});
let seed: SeedService;
seedMockEachTest({ maxLinks: 5 }, (started) => {
  seed = started;
});
let clock: { now: number };
beforeEach(() => {
  clock = { now: Date.parse("2026-03-01T10:00:00.000Z") };
});

function setup() {
  const runner = createJobRunner({
    db,
    getClient: async () => seedClient(seed),
    scheduleAlarm: () => {},
    now: () => clock.now,
    linkLimits: linkLimitsInMemory().store,
  });
  return { runner, commands: compareCommandHandlers(db, runner) };
}

describe("a comparison on the jobs' queue", () => {
  it("splits to the service's limit, waits out a 429, and charges every page once", async () => {
    const { runner, commands } = setup();
    seed.force({ status: 429, path: "/v1/links", headers: { "retry-after": "2" }, times: 1 });
    const { jobId } = await commands["compare.start"]({
      links: links(12),
      prompt: "Price?",
      schemaName: "Pricing",
    });
    await runner.whenIdle();
    const waiting = await db.jobs.get(jobId);
    expect(waiting).toMatchObject({
      status: "queued",
      error: { status: 429 },
      comparison: { schemaName: "Pricing" },
    });
    clock.now = waiting?.retryAt as number;
    await runner.runDue();
    await runner.whenIdle();

    const data = await readComparison(db, jobId);
    expect(data?.job.status).toBe("done");
    expect(data?.rows.map((row) => row.status)).toEqual(Array(12).fill("done"));
    // Each row holds the analysis of its own page.
    const records = await db.analyses.bulkGet(data?.rows.map((row) => row.analysisId as string) ?? []);
    expect(records.map((record) => record?.analysis?.url)).toEqual(links(12));
    const accepted = seed.requests({ method: "POST", path: "/v1/links" }).filter((r) => r.status === 200);
    expect(accepted.flatMap((r) => (r.body as { link: string[] }).link).sort()).toEqual(links(12).sort());
    expect(seed.creditsCharged()).toBe(12);
    expect(data?.job.costCredits).toBe(12);
  });

  it("a page retried is one more request for that page alone, and its row shows the new analysis", async () => {
    const { runner, commands } = setup();
    const { jobId } = await commands["compare.start"]({ links: links(3), prompt: "Price?" });
    await runner.whenIdle();
    const before = await readComparison(db, jobId);
    const first = before?.rows[1]?.analysisId;
    const retried = await commands["compare.retry"]({ jobId, link: links(3)[1] as string });
    await runner.whenIdle();
    const after = await readComparison(db, jobId);
    expect(after?.rows[1]?.analysisId).toBeDefined();
    expect(after?.rows[1]?.analysisId).not.toBe(first);
    expect((await db.jobs.get(retried.jobId))?.request.links).toEqual([links(3)[1]]);
    expect(seed.creditsCharged()).toBe(4);
    // An edit of a page's analysis (written to the cache first, as analysis.save does) shows in its row.
    await db.analyses.update(after?.rows[0]?.analysisId as string, { jsonContent: { price: 9 } });
    expect((await readComparison(db, jobId))?.rows[0]?.values).toEqual({ price: 9 });
    await expect(commands["compare.retry"]({ jobId, link: "https://elsewhere.example/" })).rejects.toThrow(
      "not in the comparison",
    );
  });

  it("refuses more than 500 pages and queues nothing", async () => {
    const { commands } = setup();
    await expect(commands["compare.start"]({ links: links(501), prompt: "Price?" })).rejects.toThrow(
      "at most 500",
    );
    expect(await db.jobs.count()).toBe(0);
  });
});
