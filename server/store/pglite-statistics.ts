/**
 * Table statistics for PGlite, which has no autovacuum: a table's statistics stay what the last ANALYZE
 * gathered. A service started on an empty library planned its statements for empty tables, the related
 * search's triggers among them (PL/pgSQL keeps a statement's plan for the session), and kept those plans as
 * the library grew: seeded from empty by 8 clients, analyze fell from 216 links/s at the first 10,000 to 100
 * at the last (issue 45); started again at 2,000 analyses, it held 250 to 45,000.
 *
 * As Postgres's autovacuum does, the store's tables are analyzed again once the analyses written since the
 * last time pass 50 plus a tenth of those there were then: some 55 times on the way to 100,000. ANALYZE makes
 * every plan over a table it analyzed be planned anew.
 */
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "./database";

/** Postgres's `autovacuum_analyze_threshold` and `autovacuum_analyze_scale_factor`. */
const THRESHOLD = 50;
const SCALE_FACTOR = 0.1;

/** The tables analyze writes to, directly or through triggers. */
const ANALYZED = sql`ANALYZE analyses, usage, related_documents, related_terms, related_changes`;

export interface StatisticsKeeper {
  /** This process wrote `analyses` analyses (inserted or updated). */
  written(analyses: number): void;
  /** Starts no more ANALYZE, and settles when the one running ended (the store stops it before closing). */
  stop(): Promise<void>;
}

export async function createStatisticsKeeper(
  db: Database,
  log: (line: string) => void = (line) => console.error(line),
): Promise<StatisticsKeeper> {
  /** The analyses the last ANALYZE counted (0 before the first). */
  const analyzedRows = async () => {
    const [row] = await queryRows<{ rows: number }>(
      db,
      sql`SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'analyses'::regclass`,
    );
    return row?.rows;
  };
  let rowsThen = (await analyzedRows()) ?? 0;
  let writtenSince = 0;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function analyze(): Promise<void> {
    const written = writtenSince;
    try {
      await db.execute(ANALYZED);
      rowsThen = (await analyzedRows()) ?? rowsThen + written;
    } catch (error) {
      // tried again after as many writes more; the old plans only cost time
      log(`store: the tables could not be analyzed: ${(error as Error).message}`);
    } finally {
      writtenSince -= written;
    }
  }

  return {
    written(analyses) {
      writtenSince += analyses;
      if (stopped || running || writtenSince <= THRESHOLD + SCALE_FACTOR * rowsThen) return;
      running = analyze().finally(() => {
        running = undefined;
      });
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
