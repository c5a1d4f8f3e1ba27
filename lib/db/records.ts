import type { AnalysisObject, AnalysisRecord, PartialAnalysisRecord } from "../api/contract";
import { normalizeLink, siteOf } from "../links/link-check";
import type { LinklensDatabase } from "./database";
import type { AnalysisPatch, CachedAnalysis, LocalRecordFields, RecordOrigin } from "./schema";

export interface CacheOptions {
  /** The records hold only selected fields (a `selectFields` listing). */
  partial?: boolean;
  /** Epoch ms stored as `cachedAt`. */
  now?: number;
  /** The job that made these records (stored on each as `origin`). */
  origin?: (record: PartialAnalysisRecord) => RecordOrigin | undefined;
  /**
   * The user asked for these records again (a new analysis of their page): a removal of them is
   * forgotten. Without it, a record the user removed from the library is not cached again.
   */
  revive?: boolean;
}

export const LOCAL_FIELDS = [
  "pageUrl",
  "pageId",
  "host",
  "cachedAt",
  "pending",
  "serverValues",
  "partial",
  "origin",
  "edited",
] as const;
/** The fields an edit changes: while the edit waits in the outbox, the local values are the ones to show. */
export const EDITABLE_FIELDS = ["textContent", "jsonContent", "metadata"] as const;

/**
 * Upserts records received from the service. Rules: a record never replaces a cached one with a newer
 * `updatedAt`; a partial record only adds or updates the fields it carries (a full record replaces the
 * row); a row with an edit pending in the outbox keeps its `pending` mark and its edited fields, while
 * the service's values of those fields go to its `serverValues`; what the cache knows beyond the record
 * (`origin`, `edited`) stays. A record the user removed from the library (`removed`) is left out,
 * unless `revive`.
 */
export function cacheRecords(
  db: LinklensDatabase,
  records: readonly AnalysisRecord[],
  options?: CacheOptions & { partial?: false },
): Promise<void>;
export function cacheRecords(
  db: LinklensDatabase,
  records: readonly PartialAnalysisRecord[],
  options: CacheOptions & { partial: true },
): Promise<void>;
export async function cacheRecords(
  db: LinklensDatabase,
  records: readonly PartialAnalysisRecord[],
  options: CacheOptions = {},
): Promise<void> {
  if (records.length === 0) return;
  const now = options.now ?? Date.now();
  const partial = options.partial === true;
  await db.transaction("rw", db.analyses, db.removed, async () => {
    const ids = records.map((record) => record.analysisId);
    const [cached, removed] = await Promise.all([db.analyses.bulkGet(ids), removedIds(db, ids)]);
    if (options.revive && removed.size > 0) {
      await db.removed.bulkDelete([...removed]);
      removed.clear();
    }
    const rows = new Map<string, CachedAnalysis | undefined>();
    const changed = new Map<string, CachedAnalysis>();
    records.forEach((record, index) => {
      const id = record.analysisId;
      if (removed.has(id)) return;
      const current = rows.has(id) ? rows.get(id) : cached[index];
      const merged = mergeRecord(current, record, partial, now);
      if (merged) {
        const origin = options.origin?.(record) ?? current?.origin;
        if (origin) merged.origin = origin;
        if (current?.edited) merged.edited = true;
      }
      rows.set(id, merged ?? current);
      if (merged) changed.set(id, merged);
    });
    await db.analyses.bulkPut([...changed.values()]);
  });
}

/** The ids among `ids` the user removed from the library. */
export async function removedIds(db: LinklensDatabase, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.removed.bulkGet([...ids]);
  return new Set(rows.flatMap((row) => (row ? [row.analysisId] : [])));
}

/** The row to store, or `undefined` when the cached row is newer and stays as it is. */
function mergeRecord(
  current: CachedAnalysis | undefined,
  incoming: PartialAnalysisRecord,
  partial: boolean,
  now: number,
): CachedAnalysis | undefined {
  if (current && isOlder(incoming.updatedAt, current.updatedAt)) return undefined;
  const received = withoutUndefined(incoming);
  const keepsCurrentFields = partial && current !== undefined;
  const fields: Record<string, unknown> = keepsCurrentFields
    ? { ...serverFieldsOf(current), ...received }
    : received;
  const isPartial = keepsCurrentFields ? current.partial === true : partial;
  let serverValues: AnalysisPatch | undefined;
  if (current?.pending) {
    serverValues = editableFieldsOf(partial ? { ...current.serverValues, ...received } : received);
    for (const key of EDITABLE_FIELDS) {
      if (current[key] === undefined) delete fields[key];
      else fields[key] = current[key];
    }
  }
  const row = {
    ...fields,
    ...localFieldsOf(fields.analysis as AnalysisObject | undefined, now),
    ...(current?.pending && { pending: true, serverValues }),
    ...(isPartial && { partial: true }),
  };
  return row as CachedAnalysis;
}

/** The editable fields a record or row holds (only those present). */
export function editableFieldsOf(
  record: Partial<Record<(typeof EDITABLE_FIELDS)[number], unknown>>,
): AnalysisPatch {
  const values: Record<string, unknown> = {};
  for (const key of EDITABLE_FIELDS) if (record[key] !== undefined) values[key] = record[key];
  return values as AnalysisPatch;
}

/** The fields the cache derives from a record's `analysis` object, written at `now`. */
export function localFieldsOf(analysis: AnalysisObject | undefined, now: number): LocalRecordFields {
  const url = analysis?.url;
  return {
    pageUrl: url ? (normalizeLink(url) ?? url) : "",
    pageId: analysis?.id ?? "",
    host: url ? siteOf(url) : "",
    cachedAt: now,
  };
}

/** A cached row without the cache's own fields: the record as the service sent it (or as edited locally). */
export function serverFieldsOf(row: CachedAnalysis): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...row };
  for (const key of LOCAL_FIELDS) delete fields[key];
  return fields;
}

/** The record's fields that hold a value. */
export function withoutUndefined(record: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** Whether timestamp `a` is strictly before `b`; unknown when either is missing (then not older). */
export function isOlder(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const timeA = Date.parse(a);
  const timeB = Date.parse(b);
  if (Number.isFinite(timeA) && Number.isFinite(timeB)) return timeA < timeB;
  return a < b;
}

function updatedTime(row: CachedAnalysis): number {
  const time = row.updatedAt ? Date.parse(row.updatedAt) : Number.NaN;
  return Number.isFinite(time) ? time : Number.NEGATIVE_INFINITY;
}

/** Cached analyses of a page (compared by normalized URL), newest `updatedAt` first. */
export async function recordsForPage(db: LinklensDatabase, url: string): Promise<CachedAnalysis[]> {
  const pageUrl = normalizeLink(url);
  if (!pageUrl) return [];
  const rows = await db.analyses.where("pageUrl").equals(pageUrl).toArray();
  return rows.sort((a, b) => updatedTime(b) - updatedTime(a));
}

/** Cached analyses by id, in the order of `ids`; ids not in the cache are left out. */
export async function recordsByIds(db: LinklensDatabase, ids: readonly string[]): Promise<CachedAnalysis[]> {
  const rows = await db.analyses.bulkGet([...ids]);
  return rows.filter((row): row is CachedAnalysis => row !== undefined);
}
