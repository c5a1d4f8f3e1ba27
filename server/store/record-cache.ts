/**
 * Analyses by id, as reads by id answer them (`ReadAnalysis`: the record and its response schema), for a
 * store that only this process writes (PGlite): most reads are then answered without a query.
 *
 * The cache keeps each analysis as JSON in a file of its own, and in memory only where it lies. A read is
 * then one `pread` from the OS's page cache and a `JSON.parse`, about 8 µs for a 4.6 KB record against about
 * 50 µs of PGlite, and the cache can hold every analysis of a large library without holding its memory:
 * 100,000 analyses kept as objects took about 69 MiB of heap per 64 MiB of JSON, and a library's random
 * reads missed it six times in seven. The file is made in the store's folder (the system's temporary one
 * for a store in memory), whose disk holds it rather than a `/tmp` that may be memory, and is unlinked at
 * once: nothing stays behind a crash. A file that fails to read or write is a miss, never a failed read.
 *
 * A read that began before a write to its record must not cache what it read: every write counts, after it
 * committed, in `writes` and drops its records; a read caches its row only when no write ended meanwhile.
 * A dropped record's bytes stay in the file until the dropped ones outweigh the live ones: then the file
 * starts again empty, and reads fill it anew.
 */
import { closeSync, ftruncateSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ownCopy } from "../memory/own-copy";
import type { ReadAnalysis } from "./analysis-rows";

interface RecordKey {
  tenantId: string;
  analysisId: string;
}

/** What the file holds of an analysis: its tenant (checked on reading), its record and schema. */
type Entry = [
  tenantId: string,
  record: ReadAnalysis["record"],
  responseSchema: ReadAnalysis["responseSchema"],
];

interface RecordCacheOptions {
  /** Where its file is made; default: the system's temporary folder. */
  directory?: string;
  /** Dropped bytes are left in the file below this much, however few the live ones; default 16 MiB. */
  minWasteToRestart?: number;
}

export function createRecordCache(maxBytes: number, options: RecordCacheOptions = {}) {
  const minWasteToRestart = options.minWasteToRestart ?? 16 * 1024 * 1024;
  const folder = mkdtempSync(join(options.directory ?? tmpdir(), ".linklens-records-"));
  const path = join(folder, "records.json");
  const fd = openSync(path, "w+", 0o600);
  let unlinked = false;
  try {
    rmSync(folder, { recursive: true });
    unlinked = true;
  } catch {
    // a system that keeps open files from being removed: removed on close
  }

  /** Where each analysis lies: its slot in `offsets` and `lengths` (slots are reused). */
  const slots = new Map<string, number>();
  let offsets = new Float64Array(1024);
  let lengths = new Int32Array(1024);
  const freeSlots: number[] = [];
  let end = 0;
  let liveBytes = 0;
  let writes = 0;
  let scratch = Buffer.allocUnsafe(64 * 1024);
  /** Closed: the descriptor may name another file by now, so nothing reads or writes through it. */
  let closed = false;

  function slotFor(analysisId: string): number {
    let slot = freeSlots.pop();
    if (slot === undefined) {
      slot = slots.size;
      if (slot === offsets.length) {
        offsets = grown(offsets, new Float64Array(slot * 2));
        lengths = grown(lengths, new Int32Array(slot * 2));
      }
    }
    slots.set(ownCopy(analysisId), slot);
    return slot;
  }

  /** Appends `read` to the file; false when it would not fit. */
  function put(tenantId: string, read: ReadAnalysis): boolean {
    const { analysisId } = read.record;
    if (closed) return false;
    if (slots.has(analysisId)) return true;
    const entry: Entry = [tenantId, read.record, read.responseSchema];
    const bytes = Buffer.from(JSON.stringify(entry), "utf8");
    if (end + bytes.length > maxBytes) return false;
    try {
      writeSync(fd, bytes, 0, bytes.length, end);
    } catch {
      return false; // a full disk, say: the analysis is read from the database again next time
    }
    const slot = slotFor(analysisId);
    offsets[slot] = end;
    lengths[slot] = bytes.length;
    end += bytes.length;
    liveBytes += bytes.length;
    return true;
  }

  /** The analysis as the file holds it, or undefined; null when it is another tenant's. */
  function get({ tenantId, analysisId }: RecordKey): ReadAnalysis | null | undefined {
    const slot = closed ? undefined : slots.get(analysisId);
    if (slot === undefined) return undefined;
    const length = lengths[slot] as number;
    if (scratch.length < length) scratch = Buffer.allocUnsafe(length * 2);
    try {
      readSync(fd, scratch, 0, length, offsets[slot] as number);
    } catch {
      drop(analysisId);
      return undefined;
    }
    const [owner, record, responseSchema] = JSON.parse(scratch.toString("utf8", 0, length)) as Entry;
    return owner === tenantId ? { record, responseSchema } : null;
  }

  function drop(analysisId: string): void {
    const slot = slots.get(analysisId);
    if (slot === undefined) return;
    slots.delete(analysisId);
    freeSlots.push(slot);
    liveBytes -= lengths[slot] as number;
    const waste = end - liveBytes;
    if (waste > liveBytes && waste > minWasteToRestart) restart();
  }

  function restart(): void {
    slots.clear();
    freeSlots.length = 0;
    try {
      ftruncateSync(fd, 0);
    } catch {
      // the old bytes stay, and are written over
    }
    end = 0;
    liveBytes = 0;
  }

  return {
    /** The cached analysis, else what `load(ref)` answers (a function made once: see drizzle-store.ts). */
    async read(
      ref: RecordKey,
      load: (ref: RecordKey) => Promise<ReadAnalysis | null>,
    ): Promise<ReadAnalysis | null> {
      const cached = get(ref);
      if (cached !== undefined) return cached;
      const writesBefore = writes;
      const loaded = await load(ref);
      if (loaded && writes === writesBefore) put(ref.tenantId, loaded);
      return loaded;
    },

    /** How many writes have ended so far: a warm-up keeps what it read only when none ended meanwhile. */
    writeCount: () => writes,

    /**
     * Adds analyses read in bulk (the warm-up at start) that were read since `writesBefore` writes; false
     * once the next would not fit, or when a write ended meanwhile.
     */
    fill(entries: [RecordKey, ReadAnalysis][], writesBefore: number): boolean {
      if (writes !== writesBefore) return false;
      return entries.every(([{ tenantId }, read]) => put(tenantId, read));
    },

    /** After a write (committed or not) to these records. */
    invalidate(written: RecordKey[]): void {
      writes++;
      for (const { analysisId } of written) drop(analysisId);
    },

    /** How many analyses it holds. */
    size: () => slots.size,

    close(): void {
      if (closed) return;
      closed = true;
      slots.clear();
      closeSync(fd);
      if (!unlinked) rmSync(folder, { recursive: true, force: true });
    },
  };
}

function grown<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
