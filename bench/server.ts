/**
 * `npm run bench:server`: figures for the reference service on this machine. The service runs in its own
 * process (built and started as `npm run serve` does: scripts/build-service.ts), the load in another
 * (autocannon, 10 connections, `BENCH_SECONDS` s per figure, default 10):
 *  1. links analyzed per second against the local HTTPS fixture site, in 20-link requests;
 *  2. GET /v1/analyses with `BENCH_RECORDS` stored records (or `--records N`; default 10,000), a different
 *     id each request: first against two bare Hono
 *     servers (@hono/node-server, the same x-api-key check, the same record JSON): one from a Map in memory
 *     (the floor of what Node and Hono cost), one from Postgres by primary key with the `postgres` package
 *     (bare-postgres.ts: the floor of the Postgres path); then against the service, as a ratio to both;
 *  3. GET /v1/analyses/related over the same records;
 *  4. the service process's resident memory: idle after start, and the most seen under each load;
 * for three set-ups in turn: PGlite (the default), one process on Postgres (a throwaway server from Debian's
 * postgresql package, as the tests start it), and two processes on that Postgres with the load split
 * between them. Each server first takes `BENCH_WARM_UP_SECONDS` s of the same load (default 2) unmeasured, so
 * that no figure holds the JIT's first compiles. A table of every figure beside the baselines', and the
 * targets, ends the output.
 * The library is seeded through the store itself (seed-library.ts), and its time printed.
 * Last, analyze as a client sees it (client-seeding.ts, issue 45): 2 and 8 clients seeding an empty
 * library through POST /v1/links, each page over a new TLS connection, on PGlite and on Postgres, to
 * `BENCH_SEED_TARGET` analyses (default 10,000), with the rate of each 10,000. `BENCH_SEED_CLIENTS=2,8`,
 * `BENCH_SEED_STORES=pglite,postgres` and `BENCH_SEED_PAGES=repeated|distinct` choose the runs;
 * `BENCH_PROFILE_AT=0,50000,100000` with `BENCH_CPU_PROF` profiles the service at those sizes (the profiles
 * are read with bench/cpu-profile-summary.ts).
 * `BENCH_CPU_PROF=DIR` writes a CPU profile of the service process and its page threads into DIR.
 * `BENCH_SERVICE_FLAGS="--record-cache 0"` passes flags to every service process (docs/service.md).
 * `BENCH_ONLY=pglite,postgres,postgres-2` measures only those set-ups, and skips the analyze and render
 * figures (for profiling one path); `BENCH_ONLY=seeding` runs only the client-style seeding.
 */
import { type ChildProcess, execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { createAuthenticator } from "../server/auth";
import { HttpError } from "../server/http/http-error";
import type { RenderPolicy } from "../server/pages/render-page";
import { toRecord } from "../server/records";
import { hashApiKey } from "../server/store/key-hash";
import { openStore, type StoreConfig } from "../server/store/open-store";
import type { StoredAnalysis } from "../server/store/types";
import { type FixtureSite, startFixtureSite } from "../tests/fixtures/site";
import { type PostgresCluster, startPostgresCluster } from "../tests/helpers/postgres-cluster";
import { startBarePostgresServer } from "./bare-postgres";
import { SEEDING_PROMPT, type SeedingFigures, seedingTable, seedThroughClients } from "./client-seeding";
import { measureGeneration } from "./generation";
import { printTable } from "./print-table";
import { librarySize, seedLibrary } from "./seed-library";
import {
  BENCH_KEY,
  postLinks,
  residentMb,
  type ServiceProcess,
  startServiceProcess,
  startWarmedUp,
} from "./service-process";

const ROOT = resolve(import.meta.dirname, "..");
const RECORDS = librarySize();
/** The set-ups `BENCH_ONLY` names, or undefined for all of them and every figure. */
const ONLY = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());

const LOAD = {
  connections: 10,
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmUpSeconds: Number(process.env.BENCH_WARM_UP_SECONDS ?? 2),
};

type LoadResult = {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
  /** The machine's 1-minute load average as the load ended: other work on it skews every figure. */
  machineLoad?: number;
};

async function seedStore(config: StoreConfig): Promise<StoredAnalysis[]> {
  const store = await openStore(config);
  const tenant = await store.ensureKey(hashApiKey(BENCH_KEY), 1_000_000);
  const records = await seedLibrary(store, tenant.id, RECORDS);
  // as a database in service would be: its statistics gathered, not by autovacuum during a measurement
  await store.db.execute(sql`VACUUM ANALYZE`);
  await store.close();
  return records;
}

/** A bounded load from a second process, one analysis id per request, cycling through `ids`. */
async function load(
  urlWithIdPlaceholder: string,
  idsFile: string,
  connections = LOAD.connections,
  seconds = LOAD.seconds,
): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    join(ROOT, "node_modules/.bin/tsx"),
    [
      join(ROOT, "bench/load-process.ts"),
      urlWithIdPlaceholder,
      idsFile,
      BENCH_KEY,
      String(connections),
      String(seconds),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return { ...(JSON.parse(stdout) as LoadResult), machineLoad: loadavg()[0] };
}

/** GET /v1/analyses with nothing but Hono, the key check and a Map: what the service is compared with. */
async function startBareServer(records: StoredAnalysis[]) {
  const byId = new Map(records.map((stored) => [stored.analysisId, toRecord(stored)]));
  const authenticate = createAuthenticator([{ hash: hashApiKey(BENCH_KEY), tenantId: "bare" }]);
  const app = new Hono();
  app.get("/v1/analyses", (c) => {
    authenticate(c.req.header("x-api-key"));
    const record = byId.get(c.req.query("analysisId") ?? "");
    if (!record) throw new HttpError(404, "no such analysis");
    return c.json(record);
  });
  app.onError((error, c) =>
    error instanceof HttpError ? c.json(error.body("req_bare"), error.status) : c.json({}, 500),
  );
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const listening = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => done(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The prompt of the analyze figures (the client-style seeding has its own, issue 45's). */
const ANALYZE_PROMPT = "Summarize the main facts of this page.";

/** Runs `work` while sampling each child's resident memory; answers its result and the most seen of each. */
async function withPeakMemory<T>(
  children: ChildProcess[],
  work: () => Promise<T>,
): Promise<[T, (number | undefined)[]]> {
  const peaks: (number | undefined)[] = children.map(() => undefined);
  const sample = () =>
    children.forEach((child, index) => {
      const now = residentMb(child.pid);
      if (now !== undefined) peaks[index] = Math.max(peaks[index] ?? 0, now);
    });
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return [result, peaks];
  } finally {
    clearInterval(timer);
  }
}

const mebibytes = (value: number | undefined) => (value === undefined ? "n/a" : `${value.toFixed(0)} MiB`);
const line = (name: string, r: LoadResult) =>
  `${name}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps.toFixed(0)} req/s (${r.non2xx} non-2xx, ${r.errors} errors; machine load ${r.machineLoad?.toFixed(1)})`;

/** The same load, unmeasured, for `LOAD.warmUpSeconds`. */
async function warmUp(urlWithIdPlaceholder: string, idsFile: string): Promise<void> {
  if (LOAD.warmUpSeconds > 0) await load(urlWithIdPlaceholder, idsFile, LOAD.connections, LOAD.warmUpSeconds);
}

/** Loads every service at once, `connections` split between them; the figures of the whole. */
async function loadAll(urls: string[], path: string, idsFile: string): Promise<LoadResult> {
  await Promise.all(urls.map((url) => warmUp(`${url}${path}`, idsFile)));
  const results = await Promise.all(
    urls.map((url) => load(`${url}${path}`, idsFile, Math.max(1, LOAD.connections / urls.length))),
  );
  return {
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    rps: results.reduce((total, r) => total + r.rps, 0),
    non2xx: results.reduce((total, r) => total + r.non2xx, 0),
    errors: results.reduce((total, r) => total + r.errors, 0),
    machineLoad: Math.max(...results.map((r) => r.machineLoad ?? 0)),
  };
}

/** GET /v1/analyses on the bare servers: from a Map in memory, and from Postgres (bare-postgres.ts). */
interface Baselines {
  memory: LoadResult;
  postgres: LoadResult;
}

interface ServiceFigures {
  label: string;
  /** Links analyzed per second (20-link requests, the default `--render auto`), on one process only. */
  analyze?: number;
  read: LoadResult;
  related: LoadResult;
  /** Resident memory per process, in MiB: idle after start, and the most seen under each load. */
  idle: (number | undefined)[];
  underRead: (number | undefined)[];
  underRelated: (number | undefined)[];
}

/** Analyze throughput, then GET and related under load, with each process's memory, for one store. */
async function measureService(
  label: string,
  services: ServiceProcess[],
  site: FixtureSite,
  records: StoredAnalysis[],
  idsFile: string,
  baselines: Baselines,
): Promise<ServiceFigures> {
  const [first] = services;
  if (!first) throw new Error(`${label} no service started`);
  const idle = services.map((service) => residentMb(service.process.pid));
  const post = (links: string[]) => postLinks(first.url, links, ANALYZE_PROMPT);
  let analyze: number | undefined;
  if (services.length === 1 && !ONLY) {
    // Warm-up: a full request starts every page thread (each loads the modules and the language model:
    // some 2 s of CPU); a 1-link warm-up left the second thread's start inside the measured second.
    await post(Array.from({ length: 20 }, (_, i) => site.url(`/many/${i + 1}.html?warm-up=${label}`)));
    const started = performance.now();
    let analyzed = 0;
    for (let round = 0; round < 3; round++) {
      for (let start = 1; start <= 60; start += 20) {
        analyzed += await post(
          Array.from({ length: 20 }, (_, i) => site.url(`/many/${start + i}.html?r=${round}&s=${label}`)),
        );
      }
    }
    analyze = analyzed / ((performance.now() - started) / 1000);
    console.log(`${label} analyze: ${analyzed} links in 20-link requests, ${analyze.toFixed(1)} links/s`);
  }
  const urls = services.map((service) => service.url);
  const peaks = <T>(work: () => Promise<T>) =>
    withPeakMemory(
      services.map((service) => service.process),
      work,
    );
  // Every process loads the same records; one process's figures when there is one.
  const [read, readMemory] = await peaks(() => loadAll(urls, "/v1/analyses?analysisId={id}", idsFile));
  console.log(line(`${label} GET /v1/analyses`, read));
  for (const [name, baseline] of [
    ["bare Hono", baselines.memory],
    ["bare Hono + Postgres", baselines.postgres],
  ] as const) {
    console.log(
      `${label} service/${name}: ${(read.rps / baseline.rps).toFixed(2)}× the requests/s, ${(read.p99 / Math.max(baseline.p99, 1)).toFixed(1)}× the p99`,
    );
  }
  const [related, relatedMemory] = await peaks(() =>
    loadAll(urls, "/v1/analyses/related?analysisId={id}&pageSize=10", idsFile),
  );
  console.log(line(`${label} GET /v1/analyses/related`, related));
  console.log(
    `${label} RSS per process: ${idle.map(mebibytes).join(" + ")} idle after start, at most ${readMemory.map(mebibytes).join(" + ")} under GET, ${relatedMemory.map(mebibytes).join(" + ")} under related (${records.length} records)`,
  );
  return {
    label: label.replace(/:$/, ""),
    analyze,
    read,
    related,
    idle,
    underRead: readMemory,
    underRelated: relatedMemory,
  };
}

/** Every figure side by side, the baselines first, then the targets of issues 11 and 21. */
function printFigures(
  baselines: Baselines,
  figures: ServiceFigures[],
  rendered: Map<RenderPolicy, number>,
): void {
  const perProcess = (values: (number | undefined)[]) =>
    values.map((value) => (value === undefined ? "n/a" : value.toFixed(0))).join("+");
  const loadOf = (result: LoadResult) => result.machineLoad?.toFixed(1) ?? "";
  const ratios = (read: LoadResult) => [
    (read.rps / baselines.memory.rps).toFixed(2),
    (read.rps / baselines.postgres.rps).toFixed(2),
  ];
  const baselineRow = (label: string, read: LoadResult) => [
    label,
    "",
    read.rps.toFixed(0),
    `${read.p50}`,
    `${read.p99}`,
    ...ratios(read),
    ...["", "", "", "", "", "", ""],
    loadOf(read),
  ];
  const rows = [
    [
      "",
      "analyze links/s",
      "GET req/s",
      "p50",
      "p99",
      "×bare",
      "×bare PG",
      "related req/s",
      "p50",
      "p99",
      "RSS MiB idle",
      "GET",
      "related",
      "load",
    ],
    baselineRow("bare Hono", baselines.memory),
    baselineRow("bare Hono + Postgres", baselines.postgres),
    ...figures.map(({ label, analyze, read, related, idle, underRead, underRelated }) => [
      label,
      analyze?.toFixed(0) ?? "",
      read.rps.toFixed(0),
      `${read.p50}`,
      `${read.p99}`,
      ...ratios(read),
      related.rps.toFixed(0),
      `${related.p50}`,
      `${related.p99}`,
      perProcess(idle),
      perProcess(underRead),
      perProcess(underRelated),
      `${loadOf(read)}/${loadOf(related)}`,
    ]),
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  console.log(
    `\nlatencies in ms, ${LOAD.connections} connections, ${RECORDS} stored analyses; load: the machine's 1-minute load average after GET/related (${cpus().length} CPUs):`,
  );
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join("  "),
    );
  }
  if (rendered.size > 0) {
    const each = [...rendered].map(([policy, rate]) => `--render ${policy} ${rate.toFixed(0)}`).join(", ");
    console.log(`analyze on PGlite, links/s: ${each}`);
  }
  console.log(
    "targets: analyze at least 160 links/s (never and auto); GET at least 0.33× bare Hono's req/s with p99 at most 5 ms; on Postgres, GET at least 0.6× bare Hono + Postgres with p99 at most 10 ms; related p99 at most 25 ms; PGlite at most 300 MiB idle; on Postgres under 300 MiB idle per process",
  );
}

/**
 * Links per second with pages read as fetched (`--render never`), rendered when built by JavaScript (`auto`,
 * the default) and with every page rendered in Chromium (`--render always`), PGlite, 20-link requests of the fixture site's generated articles. The warm-up is a
 * full 20-link request, so that every page thread (and the browser) has started before the clock does.
 */
async function measureRenderedLinks(dataDir: string, site: FixtureSite): Promise<Map<RenderPolicy, number>> {
  const rates = new Map<RenderPolicy, number>();
  for (const policy of ["never", "auto", "always"] as const) {
    const [service] = await startWarmedUp(1, () =>
      startServiceProcess(dataDir, site.caFile, undefined, ["--render", policy]),
    );
    if (!service) throw new Error("no service started");
    try {
      const post = (links: string[]) => postLinks(service.url, links, ANALYZE_PROMPT);
      const batch = (round: string) =>
        Array.from({ length: 20 }, (_, i) => site.url(`/many/${i + 1}.html?render=${policy}&r=${round}`));
      await post(batch("warm-up"));
      const started = performance.now();
      let analyzed = 0;
      for (let round = 0; round < (policy === "always" ? 2 : 6); round++)
        analyzed += await post(batch(`${round}`));
      const rate = analyzed / ((performance.now() - started) / 1000);
      rates.set(policy, rate);
      console.log(`render ${policy}: ${analyzed} links in 20-link requests, ${rate.toFixed(1)} links/s`);
    } finally {
      await service.close();
    }
  }
  return rates;
}

/** Which stores and client counts the client-style seeding runs, and to what size (issue 45). */
const SEEDING = {
  target: Number(process.env.BENCH_SEED_TARGET ?? 10_000),
  clients: (process.env.BENCH_SEED_CLIENTS ?? "2,8").split(",").map(Number),
  stores: (process.env.BENCH_SEED_STORES ?? "pglite,postgres").split(","),
  profileAt: process.env.BENCH_PROFILE_AT?.split(",").map(Number),
  pages: process.env.BENCH_SEED_PAGES === "distinct" ? ("distinct" as const) : ("repeated" as const),
};

/**
 * Analyze as a client sees it, from an empty library, on each store and client count (client-seeding.ts),
 * from a fixture site of its own that closes every connection: each page a new TLS connection, as links to
 * many sites are.
 */
async function measureSeeding(postgres: PostgresCluster): Promise<SeedingFigures[]> {
  const site = await startFixtureSite({ keepAlive: false });
  const figures: SeedingFigures[] = [];
  try {
    for (const store of SEEDING.stores) {
      for (const clients of SEEDING.clients) {
        const dataDir = mkdtempSync(join(tmpdir(), "linklens-seeding-"));
        try {
          const databaseUrl =
            store === "postgres"
              ? await postgres.createDatabase(`seeding_${clients}_${Date.now()}`)
              : undefined;
          figures.push(
            await seedThroughClients({
              store: store === "postgres" ? "Postgres" : "PGlite",
              clients,
              target: SEEDING.target,
              site,
              start: (profileDir) =>
                startServiceProcess(dataDir, site.caFile, databaseUrl, [], profileDir ?? false),
              profileAt: SEEDING.profileAt,
              pages: SEEDING.pages,
              profileDir:
                process.env.BENCH_CPU_PROF && join(process.env.BENCH_CPU_PROF, `${store}-${clients}`),
            }),
          );
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await site.close();
  }
  console.log(`\nanalyze as a client sees it, links/s of each 10,000 analyses (${SEEDING_PROMPT}):`);
  printTable(seedingTable(figures));
  return figures;
}

async function main() {
  const seedingOnly = ONLY?.includes("seeding");
  if (!seedingOnly) await measureGeneration();
  const dataDir = mkdtempSync(join(tmpdir(), "linklens-bench-"));
  const site = await startFixtureSite();
  const postgres = await startPostgresCluster();
  try {
    if (seedingOnly) {
      await measureSeeding(postgres);
      return;
    }
    const records = await seedStore({ databaseUrl: postgres.url });
    if (!ONLY || ONLY.includes("pglite")) await seedStore({ dataDir });
    const idsFile = join(dataDir, "ids.txt");
    writeFileSync(idsFile, records.map((record) => record.analysisId).join("\n"));
    console.log(
      `load: ${LOAD.connections} connections for ${LOAD.seconds} s each, ${RECORDS} stored records, a different id each request`,
    );

    const measureBare = async (label: string, bare: { url: string; close(): Promise<void> }) => {
      try {
        const url = `${bare.url}/v1/analyses?analysisId={id}`;
        await warmUp(url, idsFile);
        const read = await load(url, idsFile);
        console.log(line(`${label} GET /v1/analyses`, read));
        return read;
      } finally {
        await bare.close();
      }
    };
    const baselines: Baselines = {
      memory: await measureBare("bare Hono", await startBareServer(records)),
      postgres: await measureBare(
        "bare Hono + Postgres",
        await startBarePostgresServer(postgres.url, BENCH_KEY),
      ),
    };

    const runs: [string, string, () => Promise<ServiceProcess[]>][] = [
      [
        "pglite",
        "PGlite, 1 process:",
        () => startWarmedUp(1, () => startServiceProcess(dataDir, site.caFile)),
      ],
      [
        "postgres",
        "Postgres, 1 process:",
        () => startWarmedUp(1, () => startServiceProcess(dataDir, site.caFile, postgres.url)),
      ],
      [
        "postgres-2",
        "Postgres, 2 processes:",
        () => startWarmedUp(2, () => startServiceProcess(dataDir, site.caFile, postgres.url)),
      ],
    ];
    const figures: ServiceFigures[] = [];
    for (const [name, label, start] of runs) {
      if (ONLY && !ONLY.includes(name)) continue;
      const services = await start();
      try {
        figures.push(await measureService(label, services, site, records, idsFile, baselines));
      } finally {
        await Promise.all(services.map((service) => service.close()));
      }
    }
    const rendered = ONLY ? new Map<RenderPolicy, number>() : await measureRenderedLinks(dataDir, site);
    printFigures(baselines, figures, rendered);
    if (!ONLY) await measureSeeding(postgres);
  } finally {
    await postgres.stop();
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
