/**
 * Records by (tenant, analysisId), for a store that only this process writes (PGlite): most reads are then
 * answered without a query. Least recently used records go first past `maxBytes` of record JSON.
 *
 * A read that began before a write to its record must not cache what it read: every write counts, after it
 * committed, in `writes` and drops its records; a read caches its row only when no write ended meanwhile.
 */
import { LRUCache } from "lru-cache";
import type { AnalysisRecord } from "../../lib/api/contract";

interface RecordKey {
  tenantId: string;
  analysisId: string;
}

export function createRecordCache(maxBytes: number) {
  const records = new LRUCache<string, AnalysisRecord>({
    maxSize: maxBytes,
    sizeCalculation: (record) => Math.max(1, JSON.stringify(record).length),
  });
  let writes = 0;
  const keyOf = (tenantId: string, analysisId: string) => `${tenantId} ${analysisId}`;

  return {
    async read(
      tenantId: string,
      analysisId: string,
      load: () => Promise<AnalysisRecord | null>,
    ): Promise<AnalysisRecord | null> {
      const key = keyOf(tenantId, analysisId);
      const cached = records.get(key);
      if (cached) return cached;
      const writesBefore = writes;
      const loaded = await load();
      if (loaded && writes === writesBefore) records.set(key, loaded);
      return loaded;
    },

    /** After a write (committed or not) to these records. */
    invalidate(written: RecordKey[]): void {
      writes++;
      for (const { tenantId, analysisId } of written) records.delete(keyOf(tenantId, analysisId));
    },
  };
}
