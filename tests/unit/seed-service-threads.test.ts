/**
 * A thread on the seed-only mock service, which knows nothing of threads: follow-ups are analyses with
 * metadata, Rebuild thread finds them through the related list's metadata filter, and a service that
 * ignores that filter rebuilds from the library only, saying so.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createJobRunner } from "../../entrypoints/background/analyze-jobs";
import { createFollowUps } from "../../entrypoints/background/follow-ups";
import { createThreadRebuild } from "../../entrypoints/background/thread-rebuild";
import { cacheRecords } from "../../lib/db/records";
import { readThread } from "../../lib/thread/thread-turns";
import type { SeedService } from "../fixtures/seed-service/seed-service";
import { databasesPerTest } from "./helpers/fresh-database";
import { seedClient, seedMockEachTest } from "./helpers/seed-service";

const PAGE = "https://pages.example/tram";

const openDatabase = databasesPerTest("seed-threads");
let seed: SeedService;
seedMockEachTest({}, (started) => {
  seed = started;
});

function device() {
  const db = openDatabase();
  const getClient = async () => seedClient(seed);
  const runner = createJobRunner({ db, getClient, scheduleAlarm: () => {} });
  return {
    db,
    runner,
    followUps: createFollowUps({ db, runner }),
    rebuild: createThreadRebuild({ db, getClient }),
  };
}

/** A three-turn thread made on one device; returns the ids of its turns, oldest first. */
async function threadOnFirstDevice(): Promise<string[]> {
  const { db, runner, followUps } = device();
  const done = async (jobId: string) => {
    await runner.whenIdle();
    return (await db.jobs.get(jobId))?.analysisIds[0] as string;
  };
  const first = await done(
    await runner.enqueue({ links: [PAGE], prompt: "What is this page about?" }, "popup"),
  );
  const second = await done(await followUps.ask(first, "How much did it cost?"));
  const third = await done(await followUps.ask(second, "Who paid for it?"));
  // Another analysis of another page: a service that ignores the filter lists it too.
  await done(await runner.enqueue({ links: ["https://pages.example/other"], prompt: "Summary?" }, "popup"));
  return [first, second, third];
}

/** Another device, whose library holds only the turn `analysisId`, as the service answers it. */
async function deviceWithTurn(analysisId: string) {
  const other = device();
  await cacheRecords(other.db, [await seedClient(seed).getAnalysis(analysisId)]);
  return other;
}

describe("threads on a seed-only service", () => {
  it("rebuilds a thread on a new device from one turn, through the related list's metadata filter", async () => {
    const ids = await threadOnFirstDevice();
    const second = await deviceWithTurn(ids[2] as string);

    expect(await second.rebuild.rebuild(ids[2] as string)).toEqual({
      restored: 2,
      turns: 3,
      filterIgnored: false,
    });
    const row = await second.db.analyses.get(ids[2] as string);
    const { turns } = await readThread(second.db, row ?? (undefined as never));
    expect(turns.map((turn) => turn.analysisId)).toEqual(ids);
    // The follow-ups carry their questions; the first turn's prompt was never on the service.
    expect(turns.map((turn) => turn.question)).toEqual(["", "How much did it cost?", "Who paid for it?"]);
  });

  it("rebuilds from the library only, and says so, when the service ignores the metadata filter", async () => {
    const ids = await threadOnFirstDevice();
    seed.choose({ metadataFilter: "ignore" });
    const second = await deviceWithTurn(ids[2] as string);

    expect(await second.rebuild.rebuild(ids[2] as string)).toEqual({
      restored: 0,
      turns: 1,
      filterIgnored: true,
    });
    expect(await second.db.analyses.count()).toBe(1);
  });
});
