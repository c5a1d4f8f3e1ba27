/**
 * `npx tsx bench/related-search.ts [pglite|postgres]… [--records N]`: related search in the store, without
 * HTTP, over `BENCH_RECORDS` (or `--records`; default 10,000) synthetic analyses of ~3 KB
 * (bench/synthetic-analyses.ts), twice: computed by the database's function (related-query.ts), then as the
 * store answers it, from its index in memory (related-index.ts), whose build time and the process's memory
 * after it are printed. Each call is what GET /v1/analyses/related does in the store (the page of ids, then
 * their records), for a different analysis each time:
 *  1. one call at a time: the work of one request;
 *  2. 10 callers at once, for `BENCH_SECONDS` s (default 10), as `bench:server` loads the service with 10
 *     connections: on PGlite, which runs one statement at a time, a call also waits for the others.
 * PGlite runs in a temporary folder, as the service runs it; Postgres is a throwaway server
 * (tests/helpers/postgres-cluster.ts). `npx tsx --cpu-prof bench/related-search.ts …` profiles it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { relatedAnalysisIds } from "../server/related/related-query";
import { hashApiKey } from "../server/store/key-hash";
import { openStore, type StoreConfig } from "../server/store/open-store";
import type { Store } from "../server/store/types";
import { startPostgresCluster } from "../tests/helpers/postgres-cluster";
import { librarySize, seedLibrary } from "./seed-library";

const RECORDS = librarySize();
const CALLERS = 10;
const PAGE_SIZE = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function seed(store: Store): Promise<{ tenantId: string; ids: string[] }> {
  const tenant = await store.ensureKey(hashApiKey("lk_bench_related"), 1_000_000);
  const records = await seedLibrary(store, tenant.id, RECORDS);
  // a different analysis each call, spread over the topics and sites
  const ids = records.map((record) => record.analysisId);
  const shuffled = ids.map((_, i) => ids[(i * 7919) % ids.length] as string);
  return { tenantId: tenant.id, ids: shuffled };
}

type RelatedIds = (search: {
  tenantId: string;
  analysisId: string;
  offset: number;
  limit: number;
}) => Promise<string[] | null>;

async function related(
  store: Store,
  search: RelatedIds,
  tenantId: string,
  analysisId: string,
): Promise<number> {
  const ids = await search({ tenantId, analysisId, offset: 0, limit: PAGE_SIZE });
  if (!ids) throw new Error(`no analysis ${analysisId}`);
  return (await store.getAnalyses(tenantId, ids)).length;
}

const percentile = (sorted: number[], fraction: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number).toFixed(1);

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** One call at a time, then `CALLERS` at once for `SECONDS`, each for the next of `ids`. */
async function measureCalls(name: string, call: (analysisId: string) => Promise<number>, ids: string[]) {
  let next = 0;
  const nextId = () => ids[next++ % ids.length] as string;
  for (let i = 0; i < 20; i++) await call(nextId()); // warm-up

  const alone: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await call(nextId());
    alone.push(performance.now() - started);
  }
  alone.sort((a, b) => a - b);
  console.log(
    `  ${name}, one call at a time: p50 ${percentile(alone, 0.5)} ms, p99 ${percentile(alone, 0.99)} ms`,
  );

  const loaded: number[] = [];
  let listed = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const records = await call(nextId());
        loaded.push(performance.now() - started);
        listed += records;
      }
    }),
  );
  loaded.sort((a, b) => a - b);
  console.log(
    `  ${name}, ${CALLERS} callers at once: p50 ${percentile(loaded, 0.5)} ms, p99 ${percentile(loaded, 0.99)} ms, ` +
      `${(loaded.length / SECONDS).toFixed(0)} calls/s (${(listed / loaded.length).toFixed(1)} records a page)`,
  );
}

async function measure(name: string, config: StoreConfig) {
  console.log(`${name}:`);
  const store = await openStore(config);
  try {
    const { tenantId, ids } = await seed(store);
    const byDatabase: RelatedIds = (search) => relatedAnalysisIds(store.db, search);
    await measureCalls(
      "the database's function",
      (analysisId) => related(store, byDatabase, tenantId, analysisId),
      ids,
    );
    const started = performance.now();
    const indexed = await store.warmRelatedIndex();
    const memory = process.memoryUsage();
    console.log(
      `  index: ${indexed} analyses in ${((performance.now() - started) / 1000).toFixed(1)} s; the process then: ` +
        `${mib(memory.rss)} MiB resident, ${mib(memory.heapUsed)} MiB of JS heap, ${mib(memory.arrayBuffers)} MiB of array buffers`,
    );
    await measureCalls(
      "the store (its index)",
      (analysisId) => related(store, store.relatedAnalysisIds, tenantId, analysisId),
      ids,
    );
  } finally {
    await store.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const stores = args.filter((arg, at) => !arg.startsWith("--") && args[at - 1] !== "--records");
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
