/**
 * `npm run bench:server`: figures for the reference service on this machine.
 *  1. links analyzed per second against the local HTTPS fixture site, in 20-link requests;
 *  2. p50/p99 latency and requests/second of GET /v1/analyses and GET /v1/analyses/related with
 *     10,000 stored records, under a bounded load from a second process (autocannon, 10 connections, 10 s).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { startService } from "../server/service";
import { hashApiKey } from "../server/store/key-hash";
import { openPgliteStore } from "../server/store/pglite-store";
import type { StoredAnalysis } from "../server/store/types";
import { startFixtureSite } from "../tests/fixtures/site";
import { measureGeneration } from "./generation";
import { syntheticAnalyses } from "./synthetic-analyses";

const ROOT = resolve(import.meta.dirname, "..");
const KEY = "lk_bench";
const RECORDS = 10_000;
const LOAD = { connections: 10, seconds: Number(process.env.BENCH_SECONDS ?? 10) };

async function seedStore(dataDir: string): Promise<StoredAnalysis[]> {
  const store = await openPgliteStore(dataDir);
  const tenant = await store.ensureKey(hashApiKey(KEY), 1_000_000);
  const records = syntheticAnalyses(tenant.id, RECORDS);
  const started = performance.now();
  for (let i = 0; i < records.length; i += 500) {
    const batch = records.slice(i, i + 500);
    await store.saveAnalyses(batch, {
      usageId: `use_seed_${i}`,
      tenantId: tenant.id,
      costCredits: batch.length,
      links: batch.length,
      createdAt: new Date().toISOString(),
    });
  }
  console.log(`seeded ${records.length} records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await store.close();
  return records;
}

/** A bounded load from a second process, one analysis id per request, cycling through `ids`. */
async function load(urlWithIdPlaceholder: string, idsFile: string) {
  const { stdout } = await promisify(execFile)(
    join(ROOT, "node_modules/.bin/tsx"),
    [
      join(ROOT, "bench/load-process.ts"),
      urlWithIdPlaceholder,
      idsFile,
      KEY,
      String(LOAD.connections),
      String(LOAD.seconds),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as { p50: number; p99: number; rps: number; non2xx: number; errors: number };
}

async function main() {
  await measureGeneration();
  const dataDir = mkdtempSync(join(tmpdir(), "linklens-bench-"));
  const site = await startFixtureSite();
  try {
    const records = await seedStore(dataDir);
    const service = await startService({
      host: "127.0.0.1",
      port: 0,
      dataDir,
      allowPrivateNetworks: true,
      ca: site.caPem,
      apiKeys: [{ key: KEY, credits: 1_000_000 }],
      rateAnalyzePerMinute: 1_000_000,
      rateOtherPerMinute: 100_000_000,
      llm: {},
    });
    try {
      const post = async (links: string[]) => {
        const response = await fetch(`${service.url}/v1/links`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": KEY },
          body: JSON.stringify({ link: links, prompt: "Summarize the main facts of this page." }),
        });
        if (response.status !== 200)
          throw new Error(`analyze answered ${response.status}: ${await response.text()}`);
        return ((await response.json()) as { results: unknown[] }).results.length;
      };
      await post([site.url("/many/1.html")]); // warm-up: loads the language model once
      const started = performance.now();
      let analyzed = 0;
      for (let round = 0; round < 3; round++) {
        for (let first = 1; first <= 60; first += 20) {
          analyzed += await post(
            Array.from({ length: 20 }, (_, i) => site.url(`/many/${first + i}.html?r=${round}`)),
          );
        }
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `analyze: ${analyzed} links in 20-link requests, ${(analyzed / seconds).toFixed(1)} links/s`,
      );

      const idsFile = join(dataDir, "ids.txt");
      writeFileSync(idsFile, records.map((record) => record.analysisId).join("\n"));
      const read = await load(`${service.url}/v1/analyses?analysisId={id}`, idsFile);
      // the first related query of a tenant loads and indexes its analyses: not part of the figures
      await fetch(`${service.url}/v1/analyses/related?analysisId=${records[0]?.analysisId}`, {
        headers: { "x-api-key": KEY },
      });
      const related = await load(`${service.url}/v1/analyses/related?analysisId={id}&pageSize=10`, idsFile);
      const line = (name: string, r: Awaited<ReturnType<typeof load>>) =>
        `${name}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps.toFixed(0)} req/s (${r.non2xx} non-2xx, ${r.errors} errors)`;
      console.log(
        `load: ${LOAD.connections} connections for ${LOAD.seconds} s each, ${RECORDS} stored records, a different id each request`,
      );
      console.log(line("GET /v1/analyses        ", read));
      console.log(line("GET /v1/analyses/related", related));
    } finally {
      await service.close();
    }
  } finally {
    await site.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
