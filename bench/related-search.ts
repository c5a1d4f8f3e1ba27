/**
 * `npx tsx bench/related-search.ts [pglite|postgres]…`: related search in the store, without HTTP, over 10,000
 * synthetic analyses of ~3 KB (bench/synthetic-analyses.ts). Each call is what GET /v1/analyses/related does
 * in the store (the page of ids, then their records), for a different analysis each time:
 *  1. one call at a time: the work of one request;
 *  2. 10 callers at once, for `BENCH_SECONDS` s (default 10), as `bench:server` loads the service with 10
 *     connections: on PGlite, which runs one statement at a time, a call also waits for the others.
 * PGlite runs in a temporary folder, as the service runs it; Postgres is a throwaway server
 * (tests/helpers/postgres-cluster.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { relatedAnalysisIds } from "../server/related/related-query";
import { hashApiKey } from "../server/store/key-hash";
import { openStore, type StoreConfig } from "../server/store/open-store";
import type { Store } from "../server/store/types";
import { startPostgresCluster } from "../tests/helpers/postgres-cluster";
import { syntheticAnalyses } from "./synthetic-analyses";

const RECORDS = 10_000;
const CALLERS = 10;
const PAGE_SIZE = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function seed(store: Store): Promise<{ tenantId: string; ids: string[] }> {
  const tenant = await store.ensureKey(hashApiKey("lk_bench_related"), 1_000_000);
  const records = syntheticAnalyses(tenant.id, RECORDS);
  const started = performance.now();
  for (let i = 0; i < records.length; i += 500) {
    const batch = records.slice(i, i + 500);
    await store.saveAnalyses(batch, {
      usageId: `use_bench_${i}`,
      tenantId: tenant.id,
      costCredits: 0,
      links: batch.length,
      createdAt: new Date().toISOString(),
    });
  }
  console.log(
    `  seeded ${records.length} analyses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // a different analysis each call, spread over the topics and sites
  const ids = records.map((record) => record.analysisId);
  const shuffled = ids.map((_, i) => ids[(i * 7919) % ids.length] as string);
  return { tenantId: tenant.id, ids: shuffled };
}

async function related(store: Store, tenantId: string, analysisId: string): Promise<number> {
  const ids = await relatedAnalysisIds(store.db, { tenantId, analysisId, offset: 0, limit: PAGE_SIZE });
  if (!ids) throw new Error(`no analysis ${analysisId}`);
  return (await store.getAnalyses(tenantId, ids)).length;
}

const percentile = (sorted: number[], fraction: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number).toFixed(1);

async function measure(name: string, config: StoreConfig) {
  console.log(`${name}:`);
  const store = await openStore(config);
  try {
    const { tenantId, ids } = await seed(store);
    let next = 0;
    const nextId = () => ids[next++ % ids.length] as string;
    for (let i = 0; i < 20; i++) await related(store, tenantId, nextId()); // warm-up

    const alone: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await related(store, tenantId, nextId());
      alone.push(performance.now() - started);
    }
    alone.sort((a, b) => a - b);
    console.log(`  one call at a time: p50 ${percentile(alone, 0.5)} ms, p99 ${percentile(alone, 0.99)} ms`);

    const loaded: number[] = [];
    let listed = 0;
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          const records = await related(store, tenantId, nextId());
          loaded.push(performance.now() - started);
          listed += records;
        }
      }),
    );
    loaded.sort((a, b) => a - b);
    console.log(
      `  ${CALLERS} callers at once: p50 ${percentile(loaded, 0.5)} ms, p99 ${percentile(loaded, 0.99)} ms, ` +
        `${(loaded.length / SECONDS).toFixed(0)} calls/s (${(listed / loaded.length).toFixed(1)} records a page)`,
    );
  } finally {
    await store.close();
  }
}

async function main() {
  const stores = process.argv.slice(2);
  for (const name of stores.length > 0 ? stores : ["pglite", "postgres"]) {
    if (name === "pglite") {
      const dataDir = mkdtempSync(join(tmpdir(), "linklens-related-"));
      try {
        await measure("PGlite", { dataDir });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else if (name === "postgres") {
      const cluster = await startPostgresCluster();
      try {
        await measure("Postgres", { databaseUrl: cluster.url });
      } finally {
        await cluster.stop();
      }
    } else {
      throw new Error(`unknown store ${name}: pglite or postgres`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
