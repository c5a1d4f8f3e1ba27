/**
 * Seeds a store with `count` synthetic analyses (synthetic-analyses.ts) through the store itself, not HTTP,
 * 2,000 a statement: 100,000 take a couple of minutes a store instead of the HTTP path's quarter of an hour.
 */
import type { Store, StoredAnalysis } from "../server/store/types";
import { syntheticAnalyses } from "./synthetic-analyses";

/** Analyses per statement (11 parameters each: well under Postgres's 65,535 a statement). */
const SEED_BATCH = 2_000;

/** The library's size a benchmark measures: `--records N`, else `BENCH_RECORDS`, else 10,000. */
export function librarySize(args: string[] = process.argv.slice(2)): number {
  const flag = args.indexOf("--records");
  const size = Number((flag >= 0 ? args[flag + 1] : undefined) ?? process.env.BENCH_RECORDS ?? 10_000);
  if (!Number.isInteger(size) || size <= 0)
    throw new Error("--records / BENCH_RECORDS must be a positive whole number");
  return size;
}

export async function seedLibrary(store: Store, tenantId: string, count: number): Promise<StoredAnalysis[]> {
  const records = syntheticAnalyses(tenantId, count);
  const started = performance.now();
  for (let i = 0; i < records.length; i += SEED_BATCH) {
    const batch = records.slice(i, i + SEED_BATCH);
    await store.saveAnalyses(batch, {
      usageId: `use_seed_${i}`,
      tenantId,
      costCredits: 0,
      links: batch.length,
      createdAt: new Date().toISOString(),
    });
  }
  console.log(
    `  seeded ${records.length} analyses in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return records;
}
