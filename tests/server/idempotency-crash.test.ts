/**
 * A keyed analyze whose service process is killed in the middle (SIGKILL: no shutdown of its own) is settled
 * by the client's retry within 5 s, not once the dead claim's heartbeat has gone stale (30 s): on Postgres
 * the retry on another process finds the claim's advisory lock freed with the dead process's connection
 * (server/store/claim-locks.ts) and takes the claim over; on PGlite the restarted service released the
 * claims of its last run as it opened. Either way the page is analyzed and charged once. A request that is
 * alive still answers a concurrent retry with 409, as the contract says.
 *
 * Bounded: the retry is waited for 5 s at most; each test and hook in 120 s (three service processes and
 * one Postgres server start here).
 */
import postgresClient from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../server/store/key-hash";
import { openStore } from "../../server/store/open-store";
import { postgresPerFile } from "../helpers/postgres-cluster";
import { type ServiceProcess, startServiceProcess } from "../helpers/service-process";
import { fixtureSitePerFile } from "./helpers/fixture-site";
import { storedForKey } from "./helpers/stored-for-key";

const LIVE_KEY = "lk_crash_live";
const KILLED_KEY = "lk_crash_killed";
const RESTARTED_KEY = "lk_crash_restarted";
const CREDITS = 10;
const API_KEYS = [LIVE_KEY, KILLED_KEY, RESTARTED_KEY].map((key) => `${key}:${CREDITS}`).join(",");
/** How soon a retry must be answered after its first request's process died. */
const SETTLED_WITHIN_MS = 5_000;
/** The client's pace on a 409 (its `Retry-After: 1`). */
const RETRY_AFTER_MS = 1_000;
/** Tests and hooks that start service processes (and a Postgres server) take up to this. */
const WITH_PROCESSES = { timeout: 120_000 };

const postgres = postgresPerFile();
const fixture = fixtureSitePerFile();

const start = (env: Record<string, string> = {}, dataDir?: string) =>
  startServiceProcess({
    apiKeys: API_KEYS,
    args: ["--allow-private-networks", "--ca", fixture.site.caFile],
    env,
    dataDir,
  });

/** POST /v1/links with an Idempotency-Key: the same key and body each time it is called. */
function keyedAnalyze(heldPage: string, apiKey: string) {
  const body = JSON.stringify({ link: [fixture.site.url(`/held?name=${heldPage}`)], prompt: "Summarize" });
  return async (service: ServiceProcess) => {
    const response = await fetch(`${service.url}/v1/links`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json", "idempotency-key": heldPage },
      body,
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}

/** Until the page's fetch reached the site: the request has claimed its key by then (claims come first). */
async function fetchArrived(heldPage: string) {
  await expect.poll(() => fixture.site.requested, { timeout: 30_000 }).toContain(`/held?name=${heldPage}`);
}

describe("two service processes on one Postgres", WITH_PROCESSES, () => {
  let first: ServiceProcess;
  let second: ServiceProcess;
  beforeAll(async () => {
    [first, second] = await Promise.all([
      start({ DATABASE_URL: postgres.url }),
      start({ DATABASE_URL: postgres.url }),
    ]);
  }, WITH_PROCESSES.timeout);
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("answers a retry on the other process 409 while the request still runs, then replays its answer", async () => {
    const analyze = keyedAnalyze("live", LIVE_KEY);
    const running = analyze(first);
    await fetchArrived("live");

    const busy = await analyze(second);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("idempotency_in_progress");
    expect(busy.headers.get("retry-after")).toBe("1");

    fixture.site.release("live");
    const done = await running;
    expect(done.status).toBe(200);
    const replayed = await analyze(second);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual(done.body);
  });

  it("settles the retry on the other process within 5 s of a kill mid-request, and charges once", async () => {
    const analyze = keyedAnalyze("killed", KILLED_KEY);
    const lost = analyze(first).catch((error: unknown) => error); // its process dies under it
    await fetchArrived("killed");
    await first.kill();
    expect(await lost).toBeInstanceOf(Error);
    fixture.site.release("killed");

    // As a client retries: again after each 409's Retry-After, the last try sent within the bound (the
    // work of the try that runs takes what it takes on a busy machine: the bound is on the 409s).
    let settled: Awaited<ReturnType<typeof analyze>> | undefined;
    await expect
      .poll(
        async () => {
          settled = await analyze(second);
          return settled.status;
        },
        { timeout: SETTLED_WITHIN_MS, interval: RETRY_AFTER_MS },
      )
      .toBe(200);
    expect(settled?.headers.get("idempotent-replayed")).toBeNull();
    expect(settled?.body.costCredits).toBe(1);
    const [result] = settled?.body.results ?? [];
    expect(result.analysis.url).toBe(fixture.site.url("/held?name=killed"));

    const stored = await storedForKey(KILLED_KEY, { databaseUrl: postgres.url });
    expect(stored.analysisIds).toEqual([result.analysisId]);
    expect(stored.usageRows.map((row) => row.usageId)).toEqual([settled?.body.usageId]);
    expect(stored.credits).toBe(CREDITS - 1);
  });
});

describe("one service process on PGlite, killed and started again", WITH_PROCESSES, () => {
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    await service?.close();
  });

  it("settles the retry on the restarted service at once, and charges once", async () => {
    const analyze = keyedAnalyze("restarted", RESTARTED_KEY);
    const killed = await start();
    service = killed;
    const lost = analyze(killed).catch((error: unknown) => error);
    await fetchArrived("restarted");
    await killed.kill();
    expect(await lost).toBeInstanceOf(Error);
    fixture.site.release("restarted");

    service = await start({}, killed.dataDir);
    const settled = await analyze(service);
    expect(settled.status).toBe(200);
    expect(settled.headers.get("idempotent-replayed")).toBeNull();
    expect(settled.body.costCredits).toBe(1);

    await service.stop();
    const stored = await storedForKey(RESTARTED_KEY, { dataDir: service.dataDir });
    expect(stored.analysisIds).toEqual([settled.body.results[0].analysisId]);
    expect(stored.usageRows.map((row) => row.usageId)).toEqual([settled.body.usageId]);
    expect(stored.credits).toBe(CREDITS - 1);
  });
});

describe("a live claim whose lock connection closed", WITH_PROCESSES, () => {
  it("takes its lock again on a new connection, so a claimer elsewhere still finds it running", async () => {
    const databaseUrl = await postgres.cluster.createDatabase("relock");
    const [holding, claiming] = [await openStore({ databaseUrl }), await openStore({ databaseUrl })];
    const admin = postgresClient(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const tenant = await holding.ensureKey(hashApiKey(LIVE_KEY), CREDITS);
      const ref = { tenantId: tenant.id, endpoint: "POST /v1/links", key: "relocked" };
      const timing = { staleAfterMs: 30_000, retentionMs: 24 * 3_600_000 };
      expect((await holding.claimIdempotencyKey(ref, "h", timing)).kind).toBe("claimed");
      const lockHolders = async () =>
        (
          await admin<{ pid: number }[]>`select pid from pg_locks where locktype = 'advisory' and granted`
        ).map((row) => row.pid);
      const [before] = await lockHolders();
      expect(before).toBeDefined();

      // The session holding the lock ends (a network failure, an administrator): the lock is free a moment.
      await admin`select pg_terminate_backend(${before as number})`;
      await expect
        .poll(lockHolders, { timeout: 10_000 })
        .toSatisfy((pids: number[]) => pids.length === 1 && pids[0] !== before);
      expect((await claiming.claimIdempotencyKey(ref, "h", timing)).kind).toBe("in_progress");
    } finally {
      await admin.end();
      await Promise.all([holding.close(), claiming.close()]);
    }
  });
});
