/**
 * Analyze jobs against the seed-only mock service, whose per-request link maximum is lower than ours: a
 * chunk it refuses as too large is split in halves down to one link, the largest size it then took is
 * kept for its origin, and nothing is charged twice.
 */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { createJobRunner } from "../../entrypoints/background/analyze-jobs";
import { refusedAsTooLarge } from "../../lib/api/limits";
import type { LinklensDatabase } from "../../lib/db/database";
import type { AnalyzeJob } from "../../lib/db/schema";
import type { SeedService } from "../fixtures/seed-service/seed-service";
import { freshDatabaseEachTest } from "./helpers/fresh-database";
import { linkLimitsInMemory, seedClient, seedMockEachTest } from "./helpers/seed-service";

const PROMPT = "What is this page about?";
const links = (count: number) =>
  Array.from({ length: count }, (_, i) => `https://pages.example/item-${i + 1}`);

let db: LinklensDatabase;
freshDatabaseEachTest("seed-jobs", (fresh) => {
  db = fresh;
});
let seed: SeedService;
seedMockEachTest({ maxLinks: 5 }, (started) => {
  seed = started;
});
let limits: ReturnType<typeof linkLimitsInMemory>;
beforeEach(() => {
  limits = linkLimitsInMemory();
});

function runner() {
  return createJobRunner({
    db,
    getClient: async () => seedClient(seed),
    scheduleAlarm: () => {},
    linkLimits: limits.store,
  });
}

async function finished(jobs: ReturnType<typeof runner>, jobId: string): Promise<AnalyzeJob> {
  await jobs.whenIdle();
  const job = await db.jobs.get(jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  return job;
}

describe("link limits are learned from the service", () => {
  it("splits a refused chunk in halves, keeps each sent chunk's key, charges each link once", async () => {
    const jobs = runner();
    const job = await finished(jobs, await jobs.enqueue({ links: links(12), prompt: PROMPT }, "popup"));

    expect(job.status).toBe("done");
    expect(job.analysisIds).toHaveLength(12);
    const sent = seed.requests({ method: "POST", path: "/v1/links" });
    expect(sent.map((r) => [(r.body as { link: string[] }).link.length, r.status])).toEqual([
      [12, 400],
      [6, 400],
      [3, 200],
      [3, 200],
      [3, 200],
      [3, 200],
    ]);
    const accepted = sent.filter((r) => r.status === 200);
    // Every link went exactly once in an accepted request, each under a key of its own.
    expect(accepted.flatMap((r) => (r.body as { link: string[] }).link).sort()).toEqual(links(12).sort());
    expect(new Set(sent.map((r) => r.headers["idempotency-key"])).size).toBe(sent.length);
    expect(job.chunkKeys?.slice(0)).toEqual(accepted.map((r) => r.headers["idempotency-key"]));
    expect(seed.creditsCharged()).toBe(12);
    expect(job.costCredits).toBe(12);
    expect(job.linkLimit).toEqual({ refused: 6, learned: 3 });
    expect(limits.learned()).toEqual({ [new URL(seed.url).origin]: 3 });

    // The next job starts with the learned size: no refused request.
    const before = sent.length;
    const next = await finished(jobs, await jobs.enqueue({ links: links(7), prompt: PROMPT }, "popup"));
    expect(next.status).toBe("done");
    const again = seed.requests({ method: "POST", path: "/v1/links" }).slice(before);
    expect(again.map((r) => (r.body as { link: string[] }).link.length)).toEqual([3, 3, 1]);
    expect(again.every((r) => r.status === 200)).toBe(true);
  });

  it("a refusal that is not about the size fails the job without splitting", async () => {
    seed.force({
      status: 400,
      path: "/v1/links",
      body: '{"message":"prompt is too vague"}',
      contentType: "application/json",
    });
    const jobs = runner();
    const job = await finished(jobs, await jobs.enqueue({ links: links(4), prompt: PROMPT }, "popup"));
    expect(job.status).toBe("failed");
    expect(job.error).toMatchObject({ status: 400, message: "prompt is too vague" });
    expect(seed.requests({ method: "POST", path: "/v1/links" })).toHaveLength(1);
    expect(limits.learned()).toEqual({});
  });

  it("down to one link: a single link refused is the job's error", async () => {
    seed.choose({ maxLinks: 0 });
    const jobs = runner();
    const job = await finished(jobs, await jobs.enqueue({ links: links(2), prompt: PROMPT }, "popup"));
    expect(job.status).toBe("failed");
    expect(
      seed
        .requests({ method: "POST", path: "/v1/links" })
        .map((r) => (r.body as { link: string[] }).link.length),
    ).toEqual([2, 1]);
    expect(job.error?.message).toContain("at most 0");
  });
});

describe("refusedAsTooLarge", () => {
  const chunk = links(4);
  it.each([
    [{ status: 413, message: "Payload Too Large" }, true],
    [{ status: 400, message: "link must contain at most 3 items" }, true],
    [{ status: 422, message: "Too many URLs in one request" }, true],
    [{ status: 400, message: "bad", details: [{ path: "link", message: "array too long" }] }, true],
    [{ status: 400, message: "link[2] must start with https" }, false],
    [{ status: 400, message: `${chunk[1]} is not reachable` }, false],
    [{ status: 400, message: "prompt is required" }, false],
    [
      { status: 422, message: "none", details: chunk.map((link) => ({ path: link, message: "failed" })) },
      false,
    ],
    [{ status: 500, message: "too many links" }, false],
  ])("%j → %s", (error, expected) => {
    expect(refusedAsTooLarge(error, chunk)).toBe(expected);
  });

  it("never for one link", () => {
    expect(refusedAsTooLarge({ status: 413, message: "too large" }, ["https://a.example/"])).toBe(false);
  });
});
