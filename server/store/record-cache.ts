/**
 * Analyses by (tenant, analysisId), as reads by id answer them (`ReadAnalysis`: the record and its response
 * schema), for a store that only this process writes (PGlite): most reads are then answered without a
 * query. Least recently used analyses go first past `maxBytes` of their JSON.
 *
 * A read that began before a write to its record must not cache what it read: every write counts, after it
 * committed, in `writes` and drops its records; a read caches its row only when no write ended meanwhile.
 */
import { LRUCache } from "lru-cache";
import type { ReadAnalysis } from "./analysis-rows";

interface RecordKey {
  tenantId: string;
  analysisId: string;
}

export function createRecordCache(maxBytes: number) {
  const records = new LRUCache<string, ReadAnalysis>({
    maxSize: maxBytes,
    sizeCalculation: (read) => Math.max(1, jsonLength(read)),
  });
  let writes = 0;
  const keyOf = (tenantId: string, analysisId: string) => `${tenantId} ${analysisId}`;

  return {
    /** The cached analysis, else what `load(ref)` answers (a function made once: see drizzle-store.ts). */
    async read(
      ref: RecordKey,
      load: (ref: RecordKey) => Promise<ReadAnalysis | null>,
    ): Promise<ReadAnalysis | null> {
      const key = keyOf(ref.tenantId, ref.analysisId);
      const cached = records.get(key);
      if (cached) return cached;
      const writesBefore = writes;
      const loaded = await load(ref);
      if (loaded && writes === writesBefore) records.set(key, loaded);
      return loaded;
    },

    /** How many writes have ended so far: a warm-up keeps what it read only when none ended meanwhile. */
    writeCount: () => writes,

    /**
     * Adds analyses read in bulk (the warm-up at start) that were read since `writesBefore` writes, without
     * pushing anything out; false once the next would not fit, or when a write ended meanwhile.
     */
    fill(entries: [RecordKey, ReadAnalysis][], writesBefore: number): boolean {
      if (writes !== writesBefore) return false;
      for (const [{ tenantId, analysisId }, read] of entries) {
        const key = keyOf(tenantId, analysisId);
        if (records.has(key)) continue;
        if (records.calculatedSize + Math.max(1, jsonLength(read)) > maxBytes) return false;
        records.set(key, read);
      }
      return true;
    },

    /** After a write (committed or not) to these records. */
    invalidate(written: RecordKey[]): void {
      writes++;
      for (const { tenantId, analysisId } of written) records.delete(keyOf(tenantId, analysisId));
    },
  };
}

/**
 * About the length of `JSON.stringify(value)` (escapes aside), without building it: serializing each record
 * to measure it was a sixth of the cost of a read that missed the cache.
 */
function jsonLength(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value !== "object" || value === null) return 8;
  let length = 2;
  if (Array.isArray(value)) {
    for (const item of value) length += jsonLength(item) + 1;
    return length;
  }
  for (const [key, item] of Object.entries(value)) length += key.length + 4 + jsonLength(item);
  return length;
}
