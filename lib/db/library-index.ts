/**
 * Keeps the library's tables in step with `analyses`: `libraryEntries` (what the library lists of each
 * analysis), `searchBlocks` (which analyses hold which words: lib/library/search-block.ts) and the count
 * of writes in `libraryMeta`, which readers watch (library-snapshot.ts). A Dexie
 * middleware does it inside every write transaction that changes `analyses`, whichever code writes
 * (cacheRecords, the outbox, delete and undo, import), so both tables always match the rows; only the
 * worker writes the cache, so only the worker runs it.
 */
import type {
  DBCore,
  DBCoreKeyRange,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTable,
  DBCoreTransaction,
  Middleware,
  Transaction,
} from "dexie";
import { toLibraryEntry } from "../library/record-entry";
import {
  BLOCK_BUCKETS,
  BLOCK_DOCS,
  blockOf,
  bucketOf,
  decodeBlockRow,
  encodeBlockRow,
  type SearchBlockRow,
} from "../library/search-block";
import { searchWords } from "../library/search-text";
import type { CachedAnalysis, LibraryEntryRow, LibraryMetaRow } from "./schema";

const ANALYSES = "analyses";
const ENTRIES = "libraryEntries";
const BLOCKS = "searchBlocks";
const META = "libraryMeta";
/** The `libraryMeta` row counting the writes: every write's entries and index rows get its new value as `seq`. */
export const SEQ_KEY = "seq";

/** Dexie's range over every key (DBCoreRangeType.Any). */
const EVERY_KEY = { type: 3, lower: -Infinity, lowerOpen: false, upper: [[]], upperOpen: false } as const;

/** What one write did to `analyses`: the stored row by id, `undefined` for a deleted one. */
type Changes = Map<string, CachedAnalysis | undefined>;

async function highest<T>(table: DBCoreTable, keyPath: string, trans: DBCoreTransaction) {
  const index = table.schema.getIndexByKeyPath(keyPath);
  if (!index) throw new Error(`${table.name} has no index ${keyPath}`);
  const { result } = await table.query({
    trans,
    query: { index, range: EVERY_KEY as unknown as DBCoreKeyRange },
    values: true,
    limit: 1,
    direction: "prev",
  });
  return result[0] as T | undefined;
}

/** The word → offsets additions of each block, and the offsets each block loses (rewritten or deleted rows). */
interface BlockChanges {
  added: Map<number, Map<string, number[]>>;
  removed: Map<number, Set<number>>;
}

function blockChangesOf(
  before: (LibraryEntryRow | undefined)[],
  after: LibraryEntryRow[],
  rows: CachedAnalysis[],
) {
  const changes: BlockChanges = { added: new Map(), removed: new Map() };
  for (const entry of before) {
    if (!entry) continue;
    const block = blockOf(entry.docNo);
    const removed = changes.removed.get(block) ?? new Set();
    removed.add(entry.docNo % BLOCK_DOCS);
    changes.removed.set(block, removed);
  }
  after.forEach((entry, index) => {
    const block = blockOf(entry.docNo);
    const words = changes.added.get(block) ?? new Map<string, number[]>();
    changes.added.set(block, words);
    const offset = entry.docNo % BLOCK_DOCS;
    for (const word of searchWords(rows[index] as CachedAnalysis)) {
      const offsets = words.get(word);
      if (offsets) offsets.push(offset);
      else words.set(word, [offset]);
    }
  });
  return changes;
}

function sortedUnion(current: number[] | undefined, added: number[]): number[] {
  const all = current ? current.concat(added) : added;
  for (let index = 1; index < all.length; index++) {
    if ((all[index] as number) < (all[index - 1] as number)) return all.sort((a, b) => a - b);
  }
  return all;
}

/** Rewrites the rows of `block` that the changes touch (and deletes the rows left empty). */
async function updateBlock(
  blocks: DBCoreTable,
  trans: DBCoreTransaction,
  block: number,
  changes: BlockChanges,
  seq: number,
): Promise<void> {
  const keys = Array.from({ length: BLOCK_BUCKETS }, (_, bucket) => [block, bucket]);
  const rows = (await blocks.getMany({ trans, keys })) as (SearchBlockRow | undefined)[];
  const removed = changes.removed.get(block);
  const addedByBucket = new Map<number, [string, number[]][]>();
  for (const added of changes.added.get(block) ?? []) {
    const bucket = bucketOf(added[0]);
    const inBucket = addedByBucket.get(bucket);
    if (inBucket) inBucket.push(added);
    else addedByBucket.set(bucket, [added]);
  }
  const put: SearchBlockRow[] = [];
  const gone: [number, number][] = [];
  rows.forEach((row, bucket) => {
    const added = addedByBucket.get(bucket);
    if (!row && !added) return;
    const words = row ? decodeBlockRow(row) : new Map<string, number[]>();
    let changed = false;
    if (removed && row) {
      for (const [word, offsets] of words) {
        const kept = offsets.filter((offset) => !removed.has(offset));
        if (kept.length === offsets.length) continue;
        changed = true;
        if (kept.length > 0) words.set(word, kept);
        else words.delete(word);
      }
    }
    for (const [word, offsets] of added ?? []) {
      words.set(word, sortedUnion(words.get(word), offsets));
      changed = true;
    }
    if (!changed) return;
    if (words.size > 0) put.push(encodeBlockRow(block, bucket, seq, words));
    else gone.push([block, bucket]);
  });
  if (put.length > 0) await blocks.mutate({ trans, type: "put", values: put });
  if (gone.length > 0) await blocks.mutate({ trans, type: "delete", keys: gone });
}

/** Brings the entries and the search index of the changed analyses up to date, in the write's transaction. */
async function indexChanges(core: DBCore, trans: DBCoreTransaction, changes: Changes): Promise<void> {
  if (changes.size === 0) return;
  const entries = core.table(ENTRIES);
  const blocks = core.table(BLOCKS);
  const ids = [...changes.keys()];
  const meta = core.table(META);
  const [before, lastDoc, [counter]] = await Promise.all([
    entries.getMany({ trans, keys: ids }) as Promise<(LibraryEntryRow | undefined)[]>,
    highest<LibraryEntryRow>(entries, "docNo", trans),
    meta.getMany({ trans, keys: [SEQ_KEY] }) as Promise<(LibraryMetaRow | undefined)[]>,
  ]);
  const seq = (counter?.value ?? 0) + 1;
  await meta.mutate({ trans, type: "put", values: [{ key: SEQ_KEY, value: seq } satisfies LibraryMetaRow] });
  let nextDoc = (lastDoc?.docNo ?? -1) + 1;
  const after: LibraryEntryRow[] = [];
  const rows: CachedAnalysis[] = [];
  const gone: string[] = [];
  ids.forEach((id, index) => {
    const row = changes.get(id);
    const docNo = before[index]?.docNo;
    if (!row) {
      if (docNo !== undefined) gone.push(id);
      return;
    }
    after.push({ ...toLibraryEntry(row, docNo ?? nextDoc++), seq });
    rows.push(row);
  });
  if (after.length > 0) await entries.mutate({ trans, type: "put", values: after });
  if (gone.length > 0) await entries.mutate({ trans, type: "delete", keys: gone });

  const blockChanges = blockChangesOf(before, after, rows);
  const touched = new Set([...blockChanges.removed.keys(), ...blockChanges.added.keys()]);
  for (const block of touched) await updateBlock(blocks, trans, block, blockChanges, seq);
}

/** Runs a write on `analyses`, then indexes what it changed. */
async function mutateIndexed(
  core: DBCore,
  analyses: DBCoreTable,
  request: DBCoreMutateRequest,
): Promise<DBCoreMutateResponse> {
  const { trans } = request;
  if (request.type === "deleteRange") {
    const entries = core.table(ENTRIES);
    const { result: ids } = await entries.query({
      trans,
      query: { index: entries.schema.primaryKey, range: request.range },
    });
    const response = await analyses.mutate(request);
    await indexChanges(core, trans, new Map(ids.map((id: string) => [id, undefined])));
    return response;
  }
  const response = await analyses.mutate(request);
  const changes: Changes = new Map();
  if (request.type === "delete") {
    request.keys.forEach((key, index) => {
      if (!response.failures[index]) changes.set(key, undefined);
    });
  } else {
    request.values.forEach((row: CachedAnalysis, index) => {
      if (!response.failures[index]) changes.set(request.keys?.[index] ?? row.analysisId, row);
    });
  }
  await indexChanges(core, trans, changes);
  return response;
}

/**
 * The middleware: write transactions on `analyses` also take the two library tables, and every write
 * on `analyses` updates them.
 */
export const libraryIndexMiddleware: Middleware<DBCore> = {
  stack: "dbcore",
  name: "LibraryIndex",
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        mode === "readwrite" && stores.includes(ANALYSES)
          ? [...new Set([...stores, ENTRIES, BLOCKS, META])]
          : stores,
        mode,
        options,
      ),
    table: (name) => {
      const table = down.table(name);
      return name === ANALYSES
        ? { ...table, mutate: (request) => mutateIndexed(down, table, request) }
        : table;
    },
  }),
};

/** Indexes every cached analysis (the upgrade to the schema version that added the library tables). */
export async function indexEveryAnalysis(transaction: Transaction): Promise<void> {
  const trans = transaction.idbtrans as unknown as DBCoreTransaction;
  await forEachAnalysisPage(transaction, (page) =>
    indexChanges(transaction.db.core, trans, new Map(page.map((row) => [row.analysisId, row]))),
  );
}

/** Calls `visit` with every cached analysis, a block's worth at a time in id order, one page after another. */
async function forEachAnalysisPage(
  transaction: Transaction,
  visit: (page: CachedAnalysis[]) => Promise<unknown>,
): Promise<void> {
  const analyses = transaction.table<CachedAnalysis, string>(ANALYSES);
  let last: string | undefined;
  for (;;) {
    const page = await (last === undefined ? analyses.orderBy(":id") : analyses.where(":id").above(last))
      .limit(BLOCK_DOCS)
      .toArray();
    if (page.length === 0) return;
    await visit(page);
    last = page.at(-1)?.analysisId;
  }
}

/**
 * Writes every library entry again from its analysis, keeping its number and the search index (the
 * upgrade to a schema version whose entries carry more fields); one count of writes for them all.
 */
export async function rewriteEveryEntry(transaction: Transaction): Promise<void> {
  const entries = transaction.table<LibraryEntryRow, string>(ENTRIES);
  const meta = transaction.table<LibraryMetaRow, string>(META);
  const seq = ((await meta.get(SEQ_KEY))?.value ?? 0) + 1;
  await meta.put({ key: SEQ_KEY, value: seq });
  await forEachAnalysisPage(transaction, async (page) => {
    const before = await entries.bulkGet(page.map((row) => row.analysisId));
    const after = page.flatMap((row, index) => {
      const docNo = before[index]?.docNo;
      return docNo === undefined ? [] : [{ ...toLibraryEntry(row, docNo), seq }];
    });
    await entries.bulkPut(after);
  });
}
